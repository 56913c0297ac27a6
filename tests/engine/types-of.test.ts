// R4.1 — the types an order names, in R2 table order, whatever order its counts list them in: the
// lists are shared by every order naming the same types (orders/group.ts), so they must not depend
// on which order asked first, and a count of zero or a key that is no unit type names nothing.
import { describe, expect, it } from "vitest";
import { totalCount, typesOf } from "../../server/rulesets/1942/engine/orders/group";
import type { UnitCounts } from "../../server/rulesets/1942/engine/types";

describe("typesOf", () => {
  it("lists the named types in table order, whatever the key order", () => {
    expect(typesOf({ battleship: 1, infantry: 2, fighter: 1 })).toEqual(["infantry", "fighter", "battleship"]);
    expect(typesOf({ fighter: 3, battleship: 2, infantry: 1 })).toEqual(["infantry", "fighter", "battleship"]);
  });

  it("skips zero and negative counts and keys that are no unit type", () => {
    const counts = { armour: 0, bomber: -1, artillery: 2, tank: 4 } as unknown as UnitCounts;
    expect(typesOf(counts)).toEqual(["artillery"]);
    expect(typesOf({})).toEqual([]);
    expect(totalCount({ infantry: 2, armour: 1, carrier: 0 })).toBe(3);
  });

  it("answers by the counts asked now, not by an earlier order's", () => {
    const counts: UnitCounts = { infantry: 1 };
    expect(typesOf(counts)).toEqual(["infantry"]);
    expect(typesOf({ ...counts, infantry: 0, armour: 1 })).toEqual(["armour"]);
    expect(typesOf(counts)).toEqual(["infantry"]);
  });
});
