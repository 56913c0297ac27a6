// The replay of a resolved turn as frames (app/game/[id]/map/replay-timeline.ts).
import { describe, expect, it } from "vitest";
import { replayFrames, type ReplayInput } from "../../app/game/[id]/map/replay-timeline";

const input: ReplayInput = {
  orders: {
    Germany: [
      { id: "m1", units: { armour: 1 }, from: "Libya", path: ["French Equatorial Africa", "Congo"] },
      { id: "m2", units: { transport: 1 }, from: "Baltic Sea Zone", path: ["North Sea Zone"] },
      { id: "m3", units: { infantry: 2 }, from: "East Europe", path: ["Karelia S.S.R."] },
      { id: "p1", units: undefined, from: undefined },
    ],
    Russia: [{ id: "m1", units: { infantry: 1 }, from: "Karelia S.S.R.", path: ["East Europe"] }],
  },
  outcomes: [
    { id: "m1", nation: "Germany", status: "completed", endedAt: "Congo", pass: "land" },
    { id: "m2", nation: "Germany", status: "completed", endedAt: "North Sea Zone", pass: "sea" },
    { id: "m3", nation: "Germany", status: "bounced", endedAt: "East Europe", pass: "land" },
    { id: "m1", nation: "Russia", status: "bounced", endedAt: "Karelia S.S.R.", pass: "land" },
    { id: "p1", nation: "Germany", status: "completed", endedAt: "Germany" },
  ],
  battles: [{ territory: "North Sea Zone", winner: "Axis" }],
  startOwners: { Congo: "United Kingdom", "French Equatorial Africa": "United Kingdom" },
  endOwners: { Congo: "Germany", "French Equatorial Africa": "Germany" },
};

describe("replayFrames", () => {
  const frames = replayFrames(input);
  const at = (f: number, key: string) => frames[f]!.tokens.find((t) => t.key === key)!;

  it("plays the sea pass, then the land pass step by step, then battles and captures", () => {
    expect(frames.map((f) => f.label)).toEqual([
      "Start of the turn",
      "Step 1 of the sea pass",
      "Step 1 of the land pass",
      "Step 2 of the land pass",
      "Battles in North Sea Zone",
      "Captures: the owners after the turn",
    ]);
    expect(frames[0]!.tokens).toHaveLength(4); // purchases do not move
    expect(at(0, "Germany|m1").at).toBe("Libya");
    expect(at(1, "Germany|m2").at).toBe("North Sea Zone");
    expect(at(1, "Germany|m1").at).toBe("Libya"); // land waits for the sea pass
    expect(at(2, "Germany|m1").at).toBe("French Equatorial Africa");
    expect(at(3, "Germany|m1")).toMatchObject({ at: "Congo", walked: ["French Equatorial Africa", "Congo"] });
    expect(at(3, "Germany|m1").mark).toBeUndefined();
    expect(frames[4]!.battles).toEqual(["North Sea Zone"]);
  });

  it("marks bounces where they happened, and changes owners only at the captures", () => {
    expect(at(1, "Germany|m3").mark).toBeUndefined();
    expect(at(2, "Germany|m3")).toMatchObject({ at: "East Europe", mark: "bounced" });
    expect(at(2, "Russia|m1")).toMatchObject({ at: "Karelia S.S.R.", mark: "bounced" });
    expect(frames[4]!.owners.Congo).toBe("United Kingdom");
    expect(frames[5]!.owners.Congo).toBe("Germany");
  });

  it("stops a stopped order at its end and shows destroyed and invalid ones", () => {
    const f = replayFrames({
      ...input,
      orders: { Germany: [{ id: "a", units: { bomber: 1 }, from: "Germany", path: ["East Europe", "Karelia S.S.R.", "Russia"] }, { id: "b", units: { armour: 1 }, from: "Libya", path: ["Congo"] }] },
      outcomes: [
        { id: "a", nation: "Germany", status: "destroyed", endedAt: "Karelia S.S.R.", pass: "land" },
        { id: "b", nation: "Germany", status: "invalid", endedAt: "Libya" },
      ],
      battles: [],
    });
    const last = f[f.length - 1]!;
    expect(last.tokens.find((t) => t.id === "a")).toMatchObject({ at: "Karelia S.S.R.", mark: "destroyed" });
    expect(f[1]!.tokens.find((t) => t.id === "a")!.mark).toBeUndefined();
    expect(f[0]!.tokens.find((t) => t.id === "b")).toMatchObject({ at: "Libya", mark: "invalid" });
  });
});
