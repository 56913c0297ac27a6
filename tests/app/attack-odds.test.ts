// The battles a draft starts, as the odds calculator's input (app/game/[id]/map/attack-odds.ts).
import { describe, expect, it } from "vitest";
import { draftBattles, territoryBattle } from "../../app/game/[id]/map/attack-odds";
import type { DraftOrder, StackLike } from "../../app/game/[id]/map/order-draft";
import { oddsFromQuery, oddsQuery } from "../../app/odds/query";
import { exactOdds } from "../../server/rulesets/1942/engine/odds";

const units: StackLike[] = [
  { nation: "Germany", type: "infantry", at: "Germany", count: 4 },
  { nation: "Germany", type: "armour", at: "East Europe", count: 2 },
  { nation: "Germany", type: "fighter", at: "Germany", count: 2 },
  { nation: "Germany", type: "transport", at: "Baltic Sea Zone", count: 1 },
  { nation: "Germany", type: "infantry", at: "Baltic Sea Zone", count: 1, aboard: true },
  { nation: "Germany", type: "battleship", at: "Baltic Sea Zone", count: 1 },
  { nation: "Russia", type: "infantry", at: "Karelia S.S.R.", count: 3 },
  { nation: "Russia", type: "aaGun", at: "Karelia S.S.R.", count: 1 },
  { nation: "Russia", type: "factory", at: "Karelia S.S.R.", count: 1 },
  { nation: "United Kingdom", type: "fighter", at: "Karelia S.S.R.", count: 1 },
  { nation: "Russia", type: "armour", at: "Ukraine S.S.R.", count: 1 },
  { nation: "United Kingdom", type: "destroyer", at: "North Sea Zone", count: 1 },
];
const owners = { Germany: "Germany", "East Europe": "Germany", "Karelia S.S.R.": "Russia", "Ukraine S.S.R.": "Russia", "Baltic States": "Russia" } as const;
const board = { units, owners };

describe("the battles of a draft", () => {
  it("combines every order into a territory, with the cargo unloaded there, bombardment and AA fire", () => {
    const draft: DraftOrder[] = [
      { id: "m1", units: { armour: 2 }, from: "East Europe", path: ["Karelia S.S.R."] },
      { id: "m2", units: { fighter: 2 }, from: "Germany", path: ["Baltic States", "Karelia S.S.R."] },
      { id: "m3", units: { transport: 1 }, from: "Baltic Sea Zone", path: [], load: { from: "Germany", units: { infantry: 1 }, atStep: 0 }, unload: "Karelia S.S.R." },
      { id: "m4", units: { battleship: 1 }, from: "Baltic Sea Zone", path: [], bombard: "Karelia S.S.R." },
      { id: "p1", type: "infantry", count: 2, destination: "Germany" },
    ];
    const battles = draftBattles(board, "Germany", draft);
    expect(battles.map((b) => b.territory)).toEqual(["Karelia S.S.R."]);
    const [karelia] = battles;
    expect(karelia!.orderIds).toEqual(["m1", "m2", "m3", "m4"]);
    expect(karelia!.input).toEqual({
      attacker: { Germany: { armour: 2, fighter: 2, infantry: 2 } },
      // Both allies defend; the factory does not fight; the AA gun fires at the fighters as they enter (R5.1).
      defender: { Russia: { infantry: 3, aaGun: 1 }, "United Kingdom": { fighter: 1 } },
      sea: false,
      flights: [{ nation: "Germany", aircraft: { fighter: 2 }, aaFire: 1 }],
      bombard: 1,
    });
    const odds = exactOdds(karelia!.input);
    expect(odds.taken).toBeGreaterThan(0);
    expect(odds.taken).toBeLessThan(1);
    // One order shot at by one territory is the target's AA fire as the calculator page has it, and
    // that battle survives the page's URL.
    const page = territoryBattle(board, "Karelia S.S.R.", "Germany", draft);
    expect(page).toEqual({ ...karelia!.input, flights: undefined, aa: true });
    expect(Math.abs(exactOdds(page).taken - odds.taken)).toBeLessThan(1e-12);
    expect(oddsFromQuery(new URLSearchParams(oddsQuery(page)))).toEqual({ input: { ...page, lowLuck: false, attackerChoices: {}, defenderChoices: {} } });
  });

  it("prices AA fire on the way (R5.1): each order by the hostile AA territories on its own path, each once", () => {
    // Russia's two AA guns in Baltic States fire once at the order that flies over it (twice), not at
    // the other. Both meet Karelia's own AA gun. Germany's AA gun in East Europe never fires at them.
    const over: StackLike[] = [...units, { nation: "Russia", type: "aaGun", at: "Baltic States", count: 2 }, { nation: "Germany", type: "aaGun", at: "East Europe", count: 1 }];
    const draft: DraftOrder[] = [
      { id: "m1", units: { fighter: 1 }, from: "Germany", path: ["Baltic States", "East Europe", "Baltic States", "Karelia S.S.R."] },
      { id: "m2", units: { fighter: 1 }, from: "Germany", path: ["East Europe", "Karelia S.S.R."] },
      { id: "m3", units: { armour: 1 }, from: "East Europe", path: ["Karelia S.S.R."] },
    ];
    const [karelia] = draftBattles({ units: over, owners }, "Germany", draft);
    expect(karelia!.input.flights).toEqual([
      { nation: "Germany", aircraft: { fighter: 1 }, aaFire: 2 },
      { nation: "Germany", aircraft: { fighter: 1 }, aaFire: 1 },
    ]);
    expect(karelia!.input.aa).toBeUndefined();
    // Against the battle started by hand from each number of fighters left: the first fighter
    // survives two AA territories with (5/6)², the second one with 5/6.
    const from = (fighters: number) => exactOdds({ attacker: { Germany: { armour: 1, ...(fighters ? { fighter: fighters } : {}) } }, defender: karelia!.input.defender, sea: false }).taken;
    const p1 = (5 / 6) ** 2;
    const p2 = 5 / 6;
    const expected = p1 * p2 * from(2) + (p1 * (1 - p2) + (1 - p1) * p2) * from(1) + (1 - p1) * (1 - p2) * from(0);
    expect(Math.abs(exactOdds(karelia!.input).taken - expected)).toBeLessThan(1e-12);
  });

  it("has no battle where no enemy stands, and none for moves at home", () => {
    const draft: DraftOrder[] = [
      { id: "m1", units: { infantry: 1 }, from: "Germany", path: ["Baltic States"] },
      { id: "m2", units: { armour: 1 }, from: "East Europe", path: ["Germany"] },
    ];
    expect(draftBattles(board, "Germany", draft)).toEqual([]);
  });

  it("prices a sea battle with ships and aircraft, not the cargo aboard, and without AA fire", () => {
    const draft: DraftOrder[] = [{ id: "m1", units: { transport: 1, battleship: 1 }, from: "Baltic Sea Zone", path: ["North Sea Zone"] }];
    const [sea] = draftBattles(board, "Germany", draft);
    expect(sea!.input).toEqual({ attacker: { Germany: { transport: 1, battleship: 1 } }, defender: { "United Kingdom": { destroyer: 1 } }, sea: true });
  });

  it("changes with the draft: a second attack is a second battle; taking an order back removes its units", () => {
    const one: DraftOrder[] = [{ id: "m1", units: { armour: 1 }, from: "East Europe", path: ["Ukraine S.S.R."] }];
    const two: DraftOrder[] = [...one, { id: "m2", units: { armour: 1 }, from: "East Europe", path: ["Ukraine S.S.R."] }];
    expect(draftBattles(board, "Germany", one)[0]!.input.attacker).toEqual({ Germany: { armour: 1 } });
    expect(draftBattles(board, "Germany", two)[0]!.input.attacker).toEqual({ Germany: { armour: 2 } });
    expect(draftBattles(board, "Germany", two)[0]!.orderIds).toEqual(["m1", "m2"]);
    // A low-luck game (R6.8) prices its battles under low luck.
    expect(draftBattles(board, "Germany", two, true)[0]!.input.lowLuck).toBe(true);
  });

  it("fills the calculator from a territory: the draft's attack, or the units there defending", () => {
    const draft: DraftOrder[] = [{ id: "m1", units: { armour: 2 }, from: "East Europe", path: ["Ukraine S.S.R."] }];
    expect(territoryBattle(board, "Ukraine S.S.R.", "Germany", draft).attacker).toEqual({ Germany: { armour: 2 } });
    expect(territoryBattle(board, "Karelia S.S.R.", "Germany", draft)).toEqual({ attacker: {}, defender: { Russia: { infantry: 3, aaGun: 1 }, "United Kingdom": { fighter: 1 } }, sea: false });
    expect(territoryBattle(board, "Germany")).toEqual({ attacker: {}, defender: { Germany: { infantry: 4, fighter: 2 } }, sea: false });
  });
});
