// 1942's questions as a ruleset answers them (Ruleset.queries, pure): where a group may go and where a
// unit may be placed are answered in the orders phase (R4), and nothing moves or is bought in a battle
// stage or when no phase is open (R3.1), whatever the question. A question of the wrong shape is
// refused by its check, naming the field, before the engine reads it.
import { describe, expect, it } from "vitest";
import { getRuleset } from "../../../server/rulesets";
import { DEFAULT_BOARD, DEFAULT_SETUP, createState, type Order } from "../../../server/rulesets/1942/engine";
import type { State1942 } from "../../../server/rulesets/1942";

const queries = getRuleset("1942")!.queries!;
const group = { from: "East Europe", units: { infantry: 3, armour: 1 }, earlier: [] };

describe("1942's questions", () => {
  const start = createState(DEFAULT_BOARD, DEFAULT_SETUP);

  it("answers in the orders phase from its start state (R4, R4.10)", () => {
    const where = queries.destinations!.answer(start, "Germany", group) as { destinations: { territory: string }[] };
    expect(where.destinations.map((d) => d.territory)).toContain("Karelia S.S.R.");
    const placed = queries.placements!.answer(start, "Germany", { earlier: [] }) as { treasury: number; placements: Record<string, { destination: string }[]> };
    expect(placed.treasury).toBe(start.treasury.Germany);
    expect(placed.placements.infantry!.map((p) => p.destination)).toContain("Germany");
  });

  it("answers nothing in a battle stage or with no phase open (R3.1)", () => {
    const orders: Record<string, Order[]> = { Germany: [{ id: "g1", units: { infantry: 3, armour: 1 }, from: "East Europe", path: ["Karelia S.S.R."] }] };
    const battles = getRuleset("1942")!.resolve(start, orders, { lowLuck: false }, "seed", "orders").state as State1942;
    expect("stage" in battles && battles.stage).toBe("battles");
    for (const state of [battles, undefined]) {
      expect(queries.destinations!.answer(state, "Germany", group)).toEqual({ destinations: [], unloads: [] });
      expect(queries.placements!.answer(state, "Germany", { earlier: [] })).toMatchObject({ treasury: 0, left: 0, factories: [] });
    }
  });

  it("checks a question's shape before the engine reads it, naming the field that is wrong", () => {
    const ok = queries.destinations!.check(group);
    expect(ok).toEqual({ ok: true, question: group });
    expect(queries.placements!.check({ earlier: [] })).toEqual({ ok: true, question: { earlier: [] } });
    const refused = (name: "destinations" | "placements", raw: unknown) => {
      const r = queries[name]!.check(raw);
      return r.ok ? "accepted" : r.message;
    };
    expect(refused("destinations", { units: { infantry: 1 }, earlier: [] })).toMatch(/^from: /);
    expect(refused("destinations", { ...group, units: { dragon: 1 } })).toMatch(/^units/);
    expect(refused("destinations", { ...group, earlier: [{ id: "x" }] })).toMatch(/^earlier\.0/);
    expect(refused("destinations", "East Europe")).toMatch(/^the question: /);
    expect(refused("placements", { earlier: "none" })).toMatch(/^earlier: /);
    expect(refused("placements", { earlier: [], extra: 1 })).not.toBe("accepted");
  });
});
