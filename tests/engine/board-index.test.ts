// The board's answers by territory number (orders/reach.ts, combat/battles.ts, movement/capture.ts ask
// them) must be its answers by name, whatever strings the board was built from: literals, names made
// by concatenation (the bench's tiled board), or names read from JSON.
import { describe, expect, it } from "vitest";
import { DEFAULT_BOARD, DEFAULT_SETUP, NATIONS, createState, indexBoard, type GameState } from "../../server/rulesets/1942/engine";
import { startView } from "../../server/rulesets/1942/engine/orders/start-view";
import { syntheticBoard } from "../support/random-orders";

const tiled = syntheticBoard(3);
const read = JSON.parse(JSON.stringify({ board: DEFAULT_BOARD, setup: DEFAULT_SETUP })) as typeof tiled;
const cases: [string, GameState][] = [
  ["the default board", createState(DEFAULT_BOARD, DEFAULT_SETUP)],
  ["three copies of it, names made by concatenation", createState(tiled.board, tiled.setup)],
  ["the default board read from JSON", createState(read.board, read.setup)],
];

describe.each(cases)("the board's index on %s", (_, state) => {
  const board = indexBoard(state.board);
  const view = startView(state);

  it("numbers the data's own ids, sorted", () => {
    expect(board.ids).toEqual(state.board.territories.map((t) => t.id).sort());
    board.ids.forEach((id, n) => expect(board.number(id)).toBe(n));
  });

  it("answers land, sea and neighbours by number as it does by name", () => {
    board.ids.forEach((id, n) => {
      expect(board.isLandNumber(n)).toBe(board.isLand(id));
      expect(board.isSeaNumber(n)).toBe(board.isSea(id));
      expect(board.neighbourNumbers(n).map((m) => board.ids[m])).toEqual(board.neighbours(id));
    });
    expect(board.isLandNumber(-1)).toBe(false);
    expect(board.isSeaNumber(board.ids.length)).toBe(false);
  });

  it("answers owners' teams and carriers by number as it does by name", () => {
    board.ids.forEach((id, n) => {
      expect(view.ownerTeamAt(n)).toBe(view.ownerTeam(id));
      for (const nation of NATIONS) expect(view.carriersAt(n, nation)).toBe(view.carriersOf(id, nation));
    });
    expect(board.ids.some((id) => NATIONS.some((nation) => view.carriersOf(id, nation) > 0))).toBe(true);
  });

  it("starts every unit in the territory its setup names", () => {
    const setupAt = new Set(state.board === DEFAULT_BOARD ? DEFAULT_SETUP.units.map((u) => u.at) : []);
    for (const u of state.units) {
      expect(board.number(u.at)).toBeGreaterThanOrEqual(0);
      if (setupAt.size > 0) expect(setupAt.has(u.at)).toBe(true);
    }
  });
});
