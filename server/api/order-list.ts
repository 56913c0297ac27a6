// orders.save's list, the busiest input of the API. A list of plainly well-formed orders (names of
// printable ASCII, which NFC and the text policy leave as they are; whole numbers in range; no
// unknown or reserved keys) is checked here and built as zod builds it, without zod's per-field
// transforms, pipes and refinements (a few tenths of a ms a save). Anything else goes to the zod
// schema (schemas.ts), so every refusal is zod's own, word for word.
// tests/api/order-list.test.ts holds the two to the same answers.
import { z } from "zod";
import { UNIT_TYPES } from "../rulesets/1942/engine";
import { RESERVED_KEYS } from "./input";
import { order } from "./schemas";

export const orderList = z.object({ orders: z.array(order).max(300) });
type OrderList = z.output<typeof orderList>;
type AnOrder = OrderList["orders"][number];

const PRINTABLE_ASCII = /^[\x20-\x7e]+$/;
const UNIT_SET: ReadonlySet<string> = new Set(UNIT_TYPES);
const RESERVED: ReadonlySet<string> = new Set(RESERVED_KEYS);
const MOVE_KEYS: ReadonlySet<string> = new Set(["id", "units", "from", "path", "stealth", "load", "unload", "bombard", "raid"]);
const PURCHASE_KEYS: ReadonlySet<string> = new Set(["id", "type", "count", "destination", "from"]);
const LOAD_KEYS: ReadonlySet<string> = new Set(["from", "units", "atStep"]);

type Plain = Record<string, unknown>;
const isPlain = (v: unknown): v is Plain => typeof v === "object" && v !== null && Object.getPrototypeOf(v) === Object.prototype;
const onlyKeys = (o: Plain, allowed: ReadonlySet<string>) => Object.keys(o).every((k) => allowed.has(k) && o[k] !== undefined);

/** keyText(1, max) of schemas.ts for text it leaves unchanged. */
const isName = (v: unknown, max: number): v is string => typeof v === "string" && v.length <= max && PRINTABLE_ASCII.test(v) && !RESERVED.has(v);
const isWhole = (v: unknown, min: number, max: number): v is number => typeof v === "number" && Number.isInteger(v) && v >= min && v <= max;
const isTerritory = (v: unknown): v is string => isName(v, 80);

function unitCounts(v: unknown): Record<string, number> | undefined {
  if (!isPlain(v)) return undefined;
  const out: Record<string, number> = {};
  for (const k of Object.keys(v)) {
    const n = v[k];
    if (!UNIT_SET.has(k) || !isWhole(n, 0, 999)) return undefined;
    out[k] = n;
  }
  return out;
}

function move(o: Plain): AnOrder | undefined {
  if (!onlyKeys(o, MOVE_KEYS) || !isName(o.id, 40) || !isTerritory(o.from)) return undefined;
  const units = unitCounts(o.units);
  const path = o.path;
  if (!units || !Array.isArray(path) || path.length > 8 || !path.every(isTerritory)) return undefined;
  const out: Plain = { id: o.id, units, from: o.from, path: [...path] };
  if ("stealth" in o) {
    if (typeof o.stealth !== "boolean") return undefined;
    out.stealth = o.stealth;
  }
  if ("load" in o) {
    const load = o.load;
    if (!isPlain(load) || !onlyKeys(load, LOAD_KEYS) || !isTerritory(load.from) || !isWhole(load.atStep, 0, 8)) return undefined;
    const loaded = unitCounts(load.units);
    if (!loaded) return undefined;
    out.load = { from: load.from, units: loaded, atStep: load.atStep };
  }
  for (const key of ["unload", "bombard"] as const) {
    if (!(key in o)) continue;
    if (!isTerritory(o[key])) return undefined;
    out[key] = o[key];
  }
  if ("raid" in o) {
    if (typeof o.raid !== "boolean") return undefined;
    out.raid = o.raid;
  }
  return out as AnOrder;
}

function purchase(o: Plain): AnOrder | undefined {
  if (!onlyKeys(o, PURCHASE_KEYS) || !isName(o.id, 40) || typeof o.type !== "string" || !UNIT_SET.has(o.type)) return undefined;
  if (!isWhole(o.count, 1, 99) || !isTerritory(o.destination)) return undefined;
  const out: Plain = { id: o.id, type: o.type, count: o.count, destination: o.destination };
  if ("from" in o) {
    if (!isTerritory(o.from)) return undefined;
    out.from = o.from;
  }
  return out as AnOrder;
}

/** The list as zod would give it, or undefined when it is not plainly well formed (zod decides then). */
export function plainOrderList(input: unknown): OrderList | undefined {
  if (!isPlain(input) || !Array.isArray(input.orders) || input.orders.length > 300) return undefined;
  const orders: AnOrder[] = [];
  for (const o of input.orders) {
    // The strict shapes share no key but id and from: "type" tells a purchase from a move.
    const parsed = isPlain(o) ? ("type" in o ? purchase(o) : move(o)) : undefined;
    if (!parsed) return undefined;
    orders.push(parsed);
  }
  return { orders };
}

/**
 * orders.save's parser for tRPC: the plain list checked here, any other through zod (its refusals).
 * It carries the zod schema it stands for, which the public API's OpenAPI document describes.
 */
export const parseOrderList = Object.assign((input: unknown): OrderList => plainOrderList(input) ?? orderList.parse(input), { schema: orderList });
