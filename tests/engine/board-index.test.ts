// The board's answers by territory number (combat/battles.ts and movement/capture.ts ask them) must be
// its answers by name, whatever strings the board was built from: literals, names made by
// concatenation (the bench's tiled board), or names read from JSON.
import { describe, expect, it } from "vitest";
import { DEFAULT_BOARD, DEFAULT_SETUP, createState, indexBoard, type GameState } from "../../server/rulesets/1942/engine";
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

  it("numbers the data's own ids, sorted", () => {
    expect(board.ids).toEqual(state.board.territories.map((t) => t.id).sort());
    board.ids.forEach((id, n) => expect(board.number(id)).toBe(n));
  });

  it("answers land and sea by number as it does by name, and no number off the board", () => {
    board.ids.forEach((id, n) => {
      expect(board.isLandNumber(n)).toBe(board.isLand(id));
      expect(board.isSeaNumber(n)).toBe(board.isSea(id));
      // A neighbour named by a string of its own (as read from JSON) is found by its characters.
      for (const near of board.neighbours(id)) expect(board.numberNextTo(n, [...near].join(""))).toBe(board.number(near));
    });
    expect(board.isLandNumber(-1)).toBe(false);
    expect(board.isSeaNumber(board.ids.length)).toBe(false);
  });
});
