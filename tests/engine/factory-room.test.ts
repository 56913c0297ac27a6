// R4.10 / R9.2 — each factory's room left after a draft's purchases, as the validation counts it: the
// purchase panel shows it, and a unit more than the room is refused by the same rule.
import { describe, expect, it } from "vitest";
import { DEFAULT_BOARD, DEFAULT_SETUP } from "../../server/rulesets/1942/engine/board/default-board";
import { createState } from "../../server/rulesets/1942/engine/state";
import { factoryRoom } from "../../server/rulesets/1942/engine/orders/factory-room";
import { validateOrder } from "../../server/rulesets/1942/engine/orders/validate";
import type { Order } from "../../server/rulesets/1942/engine/orders/types";

const world = createState(DEFAULT_BOARD, DEFAULT_SETUP);
const buy = (id: string, type: string, count: number, destination: string, from?: string) => ({ id, type, count, destination, ...(from ? { from } : {}) }) as Order;

describe("factory room (R4.10)", () => {
  it("starts at each factory territory's value and shrinks by land and air units, infantry counting half", () => {
    expect(factoryRoom(world, "Germany", [])).toEqual([
      { territory: "Germany", value: 10, rule: "R4.10", measure: "units", limit: 10, left: 10 },
      { territory: "South Europe", value: 6, rule: "R4.10", measure: "units", limit: 6, left: 6 },
    ]);
    // One armour and three infantry take 2½ of South Europe's 6; ships and AA guns take none.
    const draft = [buy("p1", "armour", 1, "South Europe"), buy("p2", "infantry", 3, "South Europe"), buy("p3", "aaGun", 1, "Germany"), buy("p4", "transport", 1, "Baltic Sea Zone", "Germany")];
    expect(factoryRoom(world, "Germany", draft).map((f) => [f.territory, f.left])).toEqual([
      ["Germany", 10],
      ["South Europe", 3.5],
    ]);
  });

  it("counts only the purchases the validation accepts", () => {
    // 7 armour do not fit South Europe (value 6): refused, so they take no room.
    expect(validateOrder(world, "Germany", buy("p1", "armour", 7, "South Europe"))).toMatchObject({ ok: false, rule: "R4.10" });
    expect(factoryRoom(world, "Germany", [buy("p1", "armour", 7, "South Europe")]).find((f) => f.territory === "South Europe")!.left).toBe(6);
  });

  it("at 0 left the next unit there is refused, citing R4.10", () => {
    const full = [buy("p1", "armour", 6, "South Europe")];
    expect(factoryRoom(world, "Germany", full).find((f) => f.territory === "South Europe")!.left).toBe(0);
    expect(validateOrder(world, "Germany", buy("p2", "infantry", 1, "South Europe"), full)).toMatchObject({ ok: false, rule: "R4.10" });
  });

  it("under R9.2 counts the credits of units other than infantry, ships at the factory they are built at", () => {
    const vc = createState(DEFAULT_BOARD, DEFAULT_SETUP, { vcInfantry: true });
    const draft = [buy("p1", "armour", 1, "South Europe"), buy("p2", "transport", 1, "Baltic Sea Zone", "Germany")];
    expect(factoryRoom(vc, "Germany", draft)).toEqual([
      { territory: "Germany", value: 10, rule: "R9.2", measure: "credits", limit: 40, left: 33 },
      { territory: "South Europe", value: 6, rule: "R9.2", measure: "credits", limit: 24, left: 19 },
    ]);
  });
});
