// The whole-turn odds a draft shows (issue 24): the objectives the orders panel derives from a draft
// (app/odds/turn-lines.ts) and the figures the odds worker answers for them (app/odds/turn-price.ts),
// checked against turnOdds on the engine's own start state.
import { describe, expect, it } from "vitest";
import { turnLines } from "../../app/odds/turn-lines";
import { priceTurn, stateFromBoard, type ShownBoard } from "../../app/odds/turn-price";
import { DEFAULT_BOARD, DEFAULT_SETUP, createState } from "../../server/rulesets/1942/engine";
import { turnOdds } from "../../server/rulesets/1942/engine/odds/turn-odds";
import { robotOrders } from "../../server/rulesets/1942/robots/robot";
import { groupUnits } from "../../server/rulesets/1942/engine/stacks";

const opening = createState(DEFAULT_BOARD, DEFAULT_SETUP);
const shown: ShownBoard = { units: groupUnits(opening.units), owners: opening.owners, treasury: opening.treasury };
const sorted = (units: readonly object[]) => units.map((u) => JSON.stringify(u)).sort();

describe("the lines of a draft's whole turn", () => {
  it("asks for the draft's attacks together, each attack (held on land, cleared at sea) and the capital kept", () => {
    const battles = [
      { territory: "Karelia S.S.R.", pass: "land", attacker: "Axis" },
      { territory: "North Sea Zone", pass: "sea", attacker: "Axis" },
      // A battle the draft's side defends (another nation's guessed attack) is no attack of the draft.
      { territory: "Ukraine S.S.R.", pass: "land", attacker: "Allies" },
    ] as const;
    expect(turnLines(battles, "Germany", "Germany")).toEqual([
      {
        key: "all",
        label: "All 2 attacks succeed",
        objective: { and: [{ owned: "Karelia S.S.R.", team: "Axis" }, { cleared: "North Sea Zone", team: "Axis" }] },
      },
      { key: "Karelia S.S.R.", label: "Take Karelia S.S.R.", objective: { owned: "Karelia S.S.R.", team: "Axis" } },
      { key: "North Sea Zone", label: "Win at North Sea Zone", objective: { cleared: "North Sea Zone", team: "Axis" } },
      { key: "keep:Germany", label: "Keep Germany", objective: { owned: "Germany", team: "Axis" } },
    ]);
    // One attack: no "all" line repeating it.
    expect(turnLines([{ territory: "Egypt", pass: "land", attacker: "Allies" }], "United Kingdom", undefined).map((l) => l.key)).toEqual(["Egypt"]);
  });

  it("rebuilds the start state from the board the page shows: the same stacks, cargo aboard, owners", () => {
    const rebuilt = stateFromBoard(DEFAULT_BOARD, shown);
    expect(sorted(groupUnits(rebuilt.units))).toEqual(sorted(groupUnits(opening.units)));
    expect(rebuilt.owners).toEqual(opening.owners);
    expect(rebuilt.originalOwners).toEqual(opening.originalOwners);
    // Every unit aboard is aboard a transport of its nation in its zone.
    for (const u of rebuilt.units.filter((x) => x.aboard !== undefined)) {
      const t = rebuilt.units.find((x) => x.id === u.aboard);
      expect(t).toMatchObject({ type: "transport", nation: u.nation, at: u.at });
    }
  });

  it("shows for a draft with sea battles and amphibious landings what turnOdds gives on the engine's state", () => {
    const nation = "United Kingdom";
    const orders = robotOrders(opening, nation, "bench");
    for (const lowLuck of [false, true]) {
      const engine = turnOdds({ state: opening, orders: { [nation]: orders }, lowLuck });
      // The draft is the kind the line is for: a sea battle, and a landing that hangs on one.
      expect(engine.battles.some((b) => b.pass === "sea")).toBe(true);
      expect(engine.battles.some((b) => b.pass === "land" && b.dependsOn.length > 0)).toBe(true);
      const expected = turnLines(engine.battles, nation, "United Kingdom");
      expect(expected.length).toBe(engine.battles.length + 2);

      const answer = priceTurn(DEFAULT_BOARD, { board: shown, nation, orders, lowLuck });
      expect(answer.lines.map((l) => [l.key, l.label])).toEqual(expected.map((l) => [l.key, l.label]));
      answer.lines.forEach((line, i) => expect(line.p).toBeCloseTo(engine.probability(expected[i]!.objective), 12));
      expect(answer.battles).toBe(engine.battles.length);
    }
  });
});
