// Building move orders from map clicks (app/game/[id]/map/order-draft.ts).
import { describe, expect, it } from "vitest";
import {
  asksLanding,
  clickDestination,
  clickGroup,
  commit,
  freeAt,
  isComplete,
  orderableTerritories,
  removeOrder,
  selectAllHere,
  setCount,
  setLoad,
  toMoveOrder,
  unitsWithoutOrders,
  bombardTargets,
  type DraftOrder,
  type StackLike,
} from "../../app/game/[id]/map/order-draft";

const stacks: StackLike[] = [
  { nation: "Germany", type: "infantry", at: "Germany", count: 4 },
  { nation: "Germany", type: "armour", at: "Germany", count: 2 },
  { nation: "Germany", type: "aaGun", at: "Germany", count: 1 },
  { nation: "Germany", type: "factory", at: "Germany", count: 1 },
  { nation: "Germany", type: "armour", at: "Libya", count: 1 },
  { nation: "Germany", type: "transport", at: "Baltic Sea Zone", count: 1 },
  { nation: "Germany", type: "infantry", at: "Baltic Sea Zone", count: 1, aboard: true },
  { nation: "Russia", type: "infantry", at: "Karelia S.S.R.", count: 3 },
];

describe("order-draft", () => {
  it("a click selects the whole stack of that type; another type of the same territory adds its whole stack; all units here", () => {
    const free = freeAt(stacks, "Germany", "Libya", []);
    expect(free).toEqual({ armour: 1 });
    const one = clickGroup(null, "Libya", "armour", free)!;
    expect(one).toEqual({ from: "Libya", units: { armour: 1 }, path: [] });
    expect(clickGroup(one, "Libya", "armour", free)).toBe(one); // all of it already
    const g = freeAt(stacks, "Germany", "Germany", []);
    let sel = clickGroup(null, "Germany", "infantry", g);
    expect(sel!.units).toEqual({ infantry: 4 });
    // Fewer is one step away.
    sel = setCount(sel!, "infantry", 3, g);
    expect(sel!.units).toEqual({ infantry: 3 });
    sel = clickGroup(sel, "Germany", "armour", g);
    expect(sel!.units).toEqual({ infantry: 3, armour: 2 });
    expect(selectAllHere(sel!, g).units).toEqual({ infantry: 4, armour: 2 });
    // Units already ordered away are not free, so not selected.
    const draft: DraftOrder[] = [{ id: "m1", units: { infantry: 1 }, from: "Germany", path: ["East Europe"] }];
    expect(clickGroup(null, "Germany", "infantry", freeAt(stacks, "Germany", "Germany", draft))!.units).toEqual({ infantry: 3 });
    // Another territory starts over.
    expect(clickGroup(sel, "Libya", "armour", free)!.units).toEqual({ armour: 1 });
    // AA guns and factories never take move orders (R4.3); cargo aboard is not a group of its own.
    expect(g.aaGun).toBeUndefined();
    expect(freeAt(stacks, "Germany", "Baltic Sea Zone", [])).toEqual({ transport: 1 });
  });

  it("R4.7: a transport with cargo ending next to land asks for the landing; empty, unloaded, or out at sea it does not", () => {
    const coast = (zone: string) => zone !== "Open Sea Zone";
    const loaded = setLoad({ from: "Central Mediteranean Sea Zone", units: { transport: 1 }, path: ["Black Sea Zone"] }, "South Europe", { infantry: 1 });
    expect(asksLanding(loaded, false, coast)).toBe(true);
    expect(asksLanding({ ...loaded, path: ["Open Sea Zone"] }, false, coast)).toBe(false);
    expect(asksLanding({ ...loaded, unload: "Caucasus" }, false, coast)).toBe(false);
    const empty = { from: "Central Mediteranean Sea Zone", units: { transport: 1 }, path: ["Black Sea Zone"] };
    expect(asksLanding(empty, false, coast)).toBe(false);
    expect(asksLanding(empty, true, coast)).toBe(true); // cargo aboard from an earlier turn
    expect(asksLanding({ from: "Germany", units: { armour: 1 }, path: ["East Europe"] }, true, coast)).toBe(false);
  });

  it("picks a count, and an empty selection is none", () => {
    const g = freeAt(stacks, "Germany", "Germany", []);
    const sel = clickGroup(null, "Germany", "infantry", g)!;
    expect(setCount(sel, "infantry", 9, g)!.units).toEqual({ infantry: 4 });
    expect(setCount(sel, "infantry", 0, g)).toBeNull();
  });

  it("a destination click sets the engine's path; committing writes one order, later clicks extend it in place", () => {
    const free = freeAt(stacks, "Germany", "Libya", []);
    let sel = clickDestination(clickGroup(null, "Libya", "armour", free)!, ["French Equatorial Africa"]);
    let draft: DraftOrder[] = [{ id: "p1", type: "infantry", count: 1, destination: "Germany" }];
    ({ draft, sel } = commit(draft, sel));
    expect(draft[1]).toEqual({ id: "m2", units: { armour: 1 }, from: "Libya", path: ["French Equatorial Africa"] });
    ({ draft, sel } = commit(draft, clickDestination(sel, ["French Equatorial Africa", "Congo"])));
    expect(draft).toHaveLength(2);
    expect(draft[1]!.path).toEqual(["French Equatorial Africa", "Congo"]);
    // The ordered armour is no longer free; Libya is no longer marked.
    expect(freeAt(stacks, "Germany", "Libya", draft)).toEqual({});
    expect(orderableTerritories(stacks, "Germany", draft)).toEqual(["Baltic Sea Zone", "Germany"]);
    expect(removeOrder(draft, "m2").map((o) => o.id)).toEqual(["p1"]);
  });

  it("a transport loads at its zone (R4.7, atStep 0) and the loaded units are claimed", () => {
    const free = freeAt(stacks, "Germany", "Baltic Sea Zone", []);
    let sel = clickGroup(null, "Baltic Sea Zone", "transport", free)!;
    expect(isComplete(sel)).toBe(false);
    sel = setLoad(sel, "Germany", { infantry: 1, armour: 0 });
    expect(sel.load).toEqual({ from: "Germany", units: { infantry: 1 }, atStep: 0 });
    sel = { ...sel, unload: "Karelia S.S.R." };
    expect(isComplete(sel)).toBe(true); // unloading without moving is an order
    expect(toMoveOrder(sel, "m1")).toEqual({
      id: "m1",
      units: { transport: 1 },
      from: "Baltic Sea Zone",
      path: [],
      load: { from: "Germany", units: { infantry: 1 }, atStep: 0 },
      unload: "Karelia S.S.R.",
    });
    const { draft } = commit([], sel);
    expect(freeAt(stacks, "Germany", "Germany", draft)).toEqual({ infantry: 3, armour: 2 });
    expect(setLoad(sel, "Germany", {}).load).toBeUndefined();
  });

  it("lists the units without orders, which would hold", () => {
    const draft: DraftOrder[] = [{ id: "m1", units: { infantry: 4, armour: 2 }, from: "Germany", path: ["East Europe"] }];
    expect(unitsWithoutOrders(stacks, "Germany", draft)).toEqual([
      { at: "Baltic Sea Zone", units: { transport: 1 } },
      { at: "Libya", units: { armour: 1 } },
    ]);
  });

  it("offers a battleship the unloads of its nation's transports from its final zone (R4.8)", () => {
    const draft: DraftOrder[] = [
      { id: "m1", units: { transport: 1 }, from: "Baltic Sea Zone", path: [], load: { from: "Germany", units: { infantry: 2 }, atStep: 0 }, unload: "Karelia S.S.R." },
      { id: "m2", units: { transport: 1 }, from: "North Sea Zone", path: ["Baltic Sea Zone", "Karelia Sea Zone"], unload: "Archangel" },
    ];
    const bb = { from: "Baltic Sea Zone", units: { battleship: 1 }, path: [] };
    expect(bombardTargets(bb, draft)).toEqual(["Karelia S.S.R."]);
    expect(bombardTargets({ ...bb, path: ["Karelia Sea Zone"] }, draft)).toEqual(["Archangel"]);
    expect(bombardTargets({ ...bb, units: { cruiser: 1 } }, draft)).toEqual([]);
    const sel = { ...bb, bombard: "Karelia S.S.R." };
    expect(isComplete(sel)).toBe(true); // bombarding from where it stands is an order
    expect(toMoveOrder(sel, "m3")).toEqual({ id: "m3", units: { battleship: 1 }, from: "Baltic Sea Zone", path: [], bombard: "Karelia S.S.R." });
  });
});
