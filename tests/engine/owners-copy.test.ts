// The phase copies owners it knows sorted by a walk of the board's sorted ids (state.ts,
// `copyOwners`): the copy must have the same keys in the same order, and owners the walk cannot
// cover (another board's) must still be copied whole.
import { describe, expect, it } from "vitest";
import { DEFAULT_BOARD, DEFAULT_SETUP, createState, indexBoard } from "../../server/rulesets/1942/engine";
import { copyOwners, markSorted } from "../../server/rulesets/1942/engine/state";

const board = indexBoard(DEFAULT_BOARD);

describe("copying owners", () => {
  it("copies a new game's owners with every key, in the same order, as a new object", () => {
    const owners = createState(DEFAULT_BOARD, DEFAULT_SETUP).owners;
    const copy = copyOwners(owners, board.ids);
    expect(copy).not.toBe(owners);
    expect(Object.entries(copy)).toEqual(Object.entries(owners));
  });

  it("copies owners whose keys are not all on the board as they are", () => {
    const owners = markSorted({ Aaa: "Germany", [board.ids[0]!]: "Japan" } as Record<string, "Germany" | "Japan">, 2);
    expect(Object.entries(copyOwners(owners, board.ids))).toEqual(Object.entries(owners));
  });

  it("copies owners it does not know sorted as they are, in their own order", () => {
    const owners = { Germany: "Germany", Alaska: "United States" } as const;
    expect(Object.keys(copyOwners(owners, board.ids))).toEqual(["Germany", "Alaska"]);
  });
});
