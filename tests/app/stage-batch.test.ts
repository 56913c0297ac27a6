// A phased 1942 game's battles batch as the stage screen builds it (app/games/1942/stage/battle-batch.ts):
// one decision per request (a new one replaces it), taken back by its key, a saved batch read back, and
// the standing casualty preference (`prefer`, R6.9) set, changed and taken back beside the choices.
import { describe, expect, it } from "vitest";
import { batchOf, leftToPreference, waitingIn, withBattlePreferred, withChoice, withoutChoice, withPreference } from "../../app/games/1942/stage/battle-batch";
import type { PendingRequest } from "../../app/game/[id]/game-types";
import { groupUnits } from "../../server/rulesets/1942/engine/stacks";

const lose = (units: number[]) => ({ kind: "casualties" as const, units });

describe("the stage screen's battles batch", () => {
  it("keeps one decision per request, replaced by a new one and taken back by its key", () => {
    const one = withChoice({ choices: [] }, { nation: "Germany", battle: "Caucasus", round: 1, step: "general", decision: lose([3]) });
    const two = withChoice(one, { nation: "Germany", battle: "Baltic Sea Zone", round: 1, step: "general", decision: lose([7]) });
    const again = withChoice(two, { nation: "Germany", battle: "Caucasus", round: 1, step: "general", decision: lose([4]) });
    expect(again.choices).toEqual([
      { battle: "Baltic Sea Zone", round: 1, step: "general", decision: lose([7]) },
      { battle: "Caucasus", round: 1, step: "general", decision: lose([4]) },
    ]);
    // The nation is the batch's side, not part of a choice (BattleOrders).
    expect(again.choices.every((c) => !("nation" in c))).toBe(true);
    expect(withoutChoice(again, { battle: "Caucasus", round: 1, step: "general" }).choices).toEqual([{ battle: "Baltic Sea Zone", round: 1, step: "general", decision: lose([7]) }]);
    // Another step of the same round is another request.
    expect(withoutChoice(again, { battle: "Caucasus", round: 1, step: "submarine" }).choices).toHaveLength(2);
  });

  it("reads a saved batch, or starts an empty one", () => {
    expect(batchOf(null)).toEqual({ choices: [] });
    expect(batchOf({ landings: [] })).toEqual({ choices: [] });
    const saved = { choices: [{ battle: "Caucasus", round: 2, step: "general", decision: lose([1]) }], prefer: { casualties: "keep-air", battles: [] } };
    expect(batchOf(saved)).toBe(saved);
  });

  it("leaves battles to the standing preference beside its own choices, one at a time or all, and takes them back", () => {
    const one = withChoice({ choices: [] }, { nation: "Germany", battle: "Caucasus", round: 1, step: "general", decision: lose([3]) });
    const left = withPreference(one, ["Caucasus", "Baltic Sea Zone", "Caucasus"]);
    // The choice made stands (it counts for its round); the battles are named once, in a stable order,
    // with no order of their own: the side's standing one decides when the phase closes.
    expect(left).toEqual({ choices: one.choices, prefer: { battles: ["Baltic Sea Zone", "Caucasus"] } });
    const back = withPreference(left, []);
    expect(back).toEqual({ choices: one.choices });
    expect("prefer" in back).toBe(false);
    // "Decide this and every later round for me": one battle added, another taken back, the rest kept.
    const karelia = withBattlePreferred(left, "Karelia S.S.R.", true);
    expect(karelia.prefer).toEqual({ battles: ["Baltic Sea Zone", "Caucasus", "Karelia S.S.R."] });
    expect(withBattlePreferred(karelia, "Caucasus", false).prefer).toEqual({ battles: ["Baltic Sea Zone", "Karelia S.S.R."] });
    expect(withBattlePreferred(withBattlePreferred(one, "Caucasus", true), "Caucasus", false)).toEqual({ choices: one.choices });
    // A later decision keeps the preference.
    expect(withChoice(left, { nation: "Germany", battle: "Baltic Sea Zone", round: 1, step: "general", decision: lose([7]) }).prefer).toEqual(left.prefer);
    // A battle's open decisions go to the preference when the batch leaves it, or an earlier phase did.
    expect(leftToPreference(left, undefined, "Caucasus")).toBe(true);
    expect(leftToPreference(back, undefined, "Caucasus")).toBe(false);
    expect(leftToPreference(back, { battles: ["Caucasus"] }, "Caucasus")).toBe(true);
    expect(leftToPreference(back, { battles: ["Caucasus"] }, "Karelia S.S.R.")).toBe(false);
  });

  it("counts the decisions still waiting: neither kept in the batch nor left to the preference", () => {
    const asked = [
      { kind: "casualties", battle: "Caucasus", round: 1, step: "general", chooser: "Germany" },
      { kind: "casualties", battle: "Caucasus", round: 1, step: "submarine", chooser: "Germany" },
      { kind: "retreat", battle: "Baltic Sea Zone", round: 2, chooser: "Germany" },
    ] as unknown as PendingRequest[];
    const none = () => false;
    expect(waitingIn(asked, { choices: [] }, none)).toHaveLength(3);
    // A kept decision answers its own step only.
    const one = withChoice({ choices: [] }, { nation: "Germany", battle: "Caucasus", round: 1, step: "general", decision: lose([3]) });
    expect(waitingIn(asked, one, none).map((r) => `${r.battle}/${r.kind}`)).toEqual(["Caucasus/casualties", "Baltic Sea Zone/retreat"]);
    // A retreat question is its round's "retreat" step.
    const two = withChoice(one, { nation: "Germany", battle: "Baltic Sea Zone", round: 2, step: "retreat", decision: { kind: "retreat", to: null } as never });
    expect(waitingIn(asked, two, none)).toHaveLength(1);
    expect(waitingIn(asked, two, (b) => b === "Caucasus")).toHaveLength(0);
  });

  it("groups units into the map's stacks", () => {
    const units = [
      { id: 1, nation: "Germany" as const, type: "infantry" as const, at: "Ukraine S.S.R." },
      { id: 2, nation: "Germany" as const, type: "infantry" as const, at: "Ukraine S.S.R." },
      { id: 3, nation: "Germany" as const, type: "infantry" as const, at: "Baltic Sea Zone", aboard: 9 },
    ];
    expect(groupUnits(units)).toEqual([
      { nation: "Germany", type: "infantry", at: "Ukraine S.S.R.", count: 2 },
      { nation: "Germany", type: "infantry", at: "Baltic Sea Zone", count: 1, aboard: true },
    ]);
  });
});
