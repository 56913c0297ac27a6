// orders.save parses a plainly well-formed list by hand (server/api/order-list.ts) and everything
// else with the zod schema. The two must give the same answer: for thousands of lists, well formed and
// broken one field at a time, the hand check either declines or returns exactly zod's output, and the
// parser as a whole returns zod's output or throws zod's own issues.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { orderList, parseOrderList, plainOrderList } from "../../server/api/order-list";
import { UNIT_TYPES } from "../../server/rulesets/1942/engine";

/** A small deterministic generator (mulberry32), so a failure can be replayed. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!;
  return { next, pick, chance: (p: number) => next() < p };
}

const TERRITORIES = ["Germany", "East Europe", "Karelia S.S.R.", "Sea Zone 5", "Japan", "Manchuria", "Anglo-Egypt Sudan", "W"];
type R = ReturnType<typeof random>;

function units(r: R): Record<string, number> {
  const out: Record<string, number> = {};
  const n = Math.floor(r.next() * 4);
  for (let i = 0; i < n; i++) out[r.pick(UNIT_TYPES)] = Math.floor(r.next() * 12);
  return out;
}

function validOrder(r: R, i: number): Record<string, unknown> {
  if (r.chance(0.3)) {
    const p: Record<string, unknown> = { id: `p${i}`, type: r.pick(UNIT_TYPES), count: 1 + Math.floor(r.next() * 99), destination: r.pick(TERRITORIES) };
    if (r.chance(0.3)) p.from = r.pick(TERRITORIES);
    return p;
  }
  const m: Record<string, unknown> = { id: `m${i}`, units: units(r), from: r.pick(TERRITORIES), path: Array.from({ length: Math.floor(r.next() * 9) }, () => r.pick(TERRITORIES)) };
  if (r.chance(0.2)) m.stealth = r.chance(0.5);
  if (r.chance(0.2)) m.load = { from: r.pick(TERRITORIES), units: units(r), atStep: Math.floor(r.next() * 9) };
  if (r.chance(0.2)) m.unload = r.pick(TERRITORIES);
  if (r.chance(0.2)) m.bombard = r.pick(TERRITORIES);
  if (r.chance(0.2)) m.raid = r.chance(0.5);
  // Keys in any order, as a client may send them.
  return r.chance(0.5) ? Object.fromEntries(Object.entries(m).reverse()) : m;
}

/** Values that break a field, each in a way zod refuses or changes (NFC) or accepts unchanged. */
const ODD_VALUES: unknown[] = [
  "", " ", "x".repeat(40), "x".repeat(41), "x".repeat(80), "x".repeat(81), "é", "e\u0301", "a\u200bb", "\u202egnp", "tab\there", "nul\u0000",
  "__proto__", "constructor", "prototype", "toString", -1, 0, 1, 8, 9, 99, 100, 999, 1000, 1.5, -0, Number.MAX_SAFE_INTEGER + 2, "3", true, false, null,
  [], ["Germany"], Array.from({ length: 9 }, () => "W"), {}, { infantry: 1 }, { infantry: 1000 }, { dragon: 1 }, { infantry: "1" },
  { from: "W", units: {}, atStep: 9 }, { from: "W", units: {}, atStep: 0, extra: 1 },
];

function broken(r: R, o: Record<string, unknown>): Record<string, unknown> {
  const copy = JSON.parse(JSON.stringify(o)) as Record<string, unknown>;
  const roll = r.next();
  const keys = Object.keys(copy);
  if (roll < 0.15) delete copy[r.pick(keys)];
  else if (roll < 0.25) copy[r.pick(["extra", "type", "units", "path", "count", "__proto__"])] = r.pick(ODD_VALUES);
  else if (roll < 0.35 && copy.units && typeof copy.units === "object") (copy.units as Record<string, unknown>)[r.pick([...UNIT_TYPES, "dragon", "__proto__"])] = r.pick(ODD_VALUES);
  else if (roll < 0.45 && Array.isArray(copy.path)) (copy.path as unknown[]).push(r.pick(ODD_VALUES));
  else copy[r.pick(keys)] = r.pick(ODD_VALUES);
  return copy;
}

/** What zod says: its output, or its issues. */
function zodAnswer(input: unknown) {
  const result = orderList.safeParse(input);
  return result.success ? { ok: true, data: JSON.stringify(result.data), value: result.data } : { ok: false, issues: result.error.issues };
}

function parserAnswer(input: unknown) {
  try {
    const value = parseOrderList(input);
    return { ok: true, data: JSON.stringify(value), value };
  } catch (error) {
    expect(error).toBeInstanceOf(z.ZodError);
    return { ok: false, issues: (error as z.ZodError).issues };
  }
}

describe("orders.save's list: the hand check and zod agree", () => {
  it("on hundreds of well-formed lists, which the hand check takes itself", () => {
    const r = random(20);
    for (let n = 0; n < 500; n++) {
      const list = { orders: Array.from({ length: Math.floor(r.next() * 25) }, (_, i) => validOrder(r, i)) };
      const wire = JSON.parse(JSON.stringify(list)) as unknown;
      const zod = zodAnswer(wire);
      expect(zod.ok).toBe(true);
      const fast = plainOrderList(wire);
      expect(fast).toBeDefined();
      // The same values, the same keys in the same order.
      expect(JSON.stringify(fast)).toBe(zod.data);
      expect(fast).toStrictEqual(zod.value);
    }
  });

  it("on 1,500 lists broken one field at a time: the hand check declines or agrees, and every refusal is zod's", () => {
    const r = random(42);
    let declined = 0;
    for (let n = 0; n < 1500; n++) {
      const orders = Array.from({ length: 1 + Math.floor(r.next() * 4) }, (_, i) => validOrder(r, i));
      const at = Math.floor(r.next() * orders.length);
      orders[at] = broken(r, orders[at]!);
      const wire = JSON.parse(JSON.stringify({ orders })) as unknown;
      const zod = zodAnswer(wire);
      const fast = plainOrderList(wire);
      if (fast === undefined) declined += 1;
      else {
        expect(zod.ok).toBe(true);
        expect(JSON.stringify(fast)).toBe(zod.data);
      }
      const parsed = parserAnswer(wire);
      if (zod.ok) expect(parsed.data).toBe(zod.data);
      else expect(parsed).toEqual({ ok: false, issues: zod.issues });
    }
    expect(declined).toBeGreaterThan(400); // most broken lists are zod's to answer
  });

  it("on inputs that are not lists of objects at all", () => {
    const inputs: unknown[] = [null, 1, "orders", [], {}, { orders: null }, { orders: {} }, { orders: [null] }, { orders: [[]] }, { orders: Array.from({ length: 301 }, () => ({ id: "a", type: "infantry", count: 1, destination: "W" })) }];
    for (const input of inputs) {
      expect(plainOrderList(input)).toBeUndefined();
      expect(parserAnswer(input)).toEqual(zodAnswer(input));
    }
  });
});
