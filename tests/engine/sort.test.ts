// The engine's in-place sort (engine/sort.ts) gives exactly the built-in stable sort's order, ties
// included, for short lists (insertion) and long ones (left alone when already in order).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { inOrder, sortInPlace } from "../../server/rulesets/1942/engine/sort";

type Item = { key: number; at: number };
const byKey = (a: Item, b: Item) => a.key - b.key;

describe("sortInPlace", () => {
  it("orders as the built-in stable sort does, ties kept in their first order", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 0, max: 5 }), { maxLength: 60 }), (keys) => {
        const items = keys.map((key, at) => ({ key, at }));
        const expected = [...items].sort(byKey).map((i) => i.at);
        const list = [...items];
        expect(sortInPlace(list, byKey)).toBe(list);
        expect(list.map((i) => i.at)).toEqual(expected);
        expect(inOrder(list, byKey)).toBe(true);
      }),
    );
  });

  it("leaves a long list already in order as it is, and tells one out of order", () => {
    const list = Array.from({ length: 40 }, (_, at) => ({ key: at >> 1, at }));
    const same = [...list];
    sortInPlace(list, byKey);
    expect(list).toEqual(same);
    expect(inOrder([{ key: 2, at: 0 }, { key: 1, at: 1 }], byKey)).toBe(false);
  });
});
