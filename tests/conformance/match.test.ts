import { describe, expect, it } from "vitest";
import { matchReport } from "./match";

const report = {
  orders: [
    { id: "g1", nation: "Germany", status: "completed", endedAt: "B" },
    { id: "r1", nation: "Russia", status: "stopped", endedAt: "B", reason: "met in B" },
  ],
  battles: [{ territory: "B", pass: "land", rounds: [], destroyedAtOnce: {} }],
  owners: { A: "Germany", B: "Russia" },
  treasury: { Russia: 0, Germany: 12, "United Kingdom": 0, Japan: 0, "United States": 0 },
};

describe("matchReport", () => {
  it("accepts a partial expectation that agrees with the report", () => {
    expect(matchReport({ owners: { B: "Russia" }, treasury: { Germany: 12 } }, report)).toEqual([]);
  });

  it("ignores keys the expectation does not give", () => {
    expect(matchReport({ orders: [{ id: "g1" }, { id: "r1" }] }, report)).toEqual([]);
  });

  it("reports a wrong value with its path", () => {
    const errors = matchReport({ orders: [{ id: "g1", status: "bounced" }, { id: "r1" }] }, report);
    expect(errors).toEqual(['orders[g1].status: expected "bounced", got "completed"']);
  });

  it("reports a wrong nested value", () => {
    expect(matchReport({ owners: { A: "Russia" } }, report)).toEqual(['owners.A: expected "Russia", got "Germany"']);
  });

  it("matches arrays as multisets, in any order", () => {
    expect(matchReport({ orders: [{ id: "r1" }, { id: "g1" }] }, report)).toEqual([]);
  });

  it("fails when an expected array element is missing", () => {
    const errors = matchReport({ orders: [{ id: "g1" }, { id: "r1" }, { id: "g2", status: "invalid" }] }, report);
    expect(errors.length).toBeGreaterThan(0);
    expect(errors.join("\n")).toContain("expected 3 element(s), got 2");
    expect(errors.join("\n")).toContain("orders[g2]");
  });

  it("fails when the report has an extra array element", () => {
    const errors = matchReport({ orders: [{ id: "g1" }] }, report);
    expect(errors.length).toBeGreaterThan(0);
    expect(errors.join("\n")).toContain("unexpected element");
  });

  it("fails when an empty expected array meets a non-empty one", () => {
    expect(matchReport({ battles: [] }, report)).not.toEqual([]);
    expect(matchReport({ aa: [] }, { aa: [] })).toEqual([]);
  });

  it("needs a distinct actual element for each expected one", () => {
    const errors = matchReport({ orders: [{ id: "g1" }, { id: "g1" }] }, report);
    expect(errors).not.toEqual([]);
  });

  it("finds a full matching where a greedy pairing would fail", () => {
    const actual = { xs: [{ a: 1, b: 2 }, { a: 1, b: 3 }] };
    expect(matchReport({ xs: [{ a: 1 }, { a: 1, b: 2 }] }, actual)).toEqual([]);
  });

  it("treats {} as 'empty object or absent'", () => {
    expect(matchReport({ battles: [{ territory: "B", destroyedAtOnce: {} }] }, report)).toEqual([]);
    expect(matchReport({ battles: [{ territory: "B", winner: {} }] }, report)).toEqual([]);
    const errors = matchReport({ battles: [{ territory: "B", destroyedAtOnce: {} }] }, {
      battles: [{ territory: "B", destroyedAtOnce: { Axis: { transport: 1 } } }],
    });
    expect(errors).toEqual(['battles[B].destroyedAtOnce: expected an empty object or nothing, got {"Axis":{"transport":1}}']);
  });

  it("fails when '$absent' meets a present key", () => {
    expect(matchReport({ battles: [{ territory: "B", winner: "$absent" }] }, report)).toEqual([]);
    const errors = matchReport({ battles: [{ territory: "B", rounds: "$absent" }] }, report);
    expect(errors).toEqual(["battles[B].rounds: expected to be absent, got []"]);
  });

  it("matches '~' as a substring", () => {
    expect(matchReport({ orders: [{ id: "g1" }, { id: "r1", reason: "~met" }] }, report)).toEqual([]);
    const errors = matchReport({ orders: [{ id: "g1" }, { id: "r1", reason: "~R4.3" }] }, report);
    expect(errors).toEqual(['orders[r1].reason: expected a string containing "R4.3", got "met in B"']);
    expect(matchReport({ orders: [{ id: "g1", reason: "~R4" }, { id: "r1" }] }, report)).not.toEqual([]);
  });

  it("compares numbers and booleans strictly", () => {
    expect(matchReport({ treasury: { Germany: "12" } }, report)).not.toEqual([]);
    expect(matchReport({ ok: true }, { ok: 1 })).not.toEqual([]);
    expect(matchReport({ n: 0 }, {})).toEqual(["n: expected 0, got nothing"]);
  });

  it("fails when a type differs", () => {
    expect(matchReport({ orders: { g1: {} } }, report)).not.toEqual([]);
    expect(matchReport({ owners: ["A"] }, report)).not.toEqual([]);
  });
});
