// A ruleset's questions (Ruleset.queries, docs/platform.md "Adding a ruleset"): the platform finds the
// game's ruleset and its open phase's state and passes a side's question on, knowing no rule. 1942's
// own questions (where a group may go, where a unit may be placed) are tested over the API in
// tests/api/destinations.test.ts; here the generic road: the state, side and question reach the
// ruleset as given, no open phase gives no state, and a ruleset without the question is refused by name.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "../../db/client";
import { registerRuleset, type Ruleset } from "../../server/rulesets";
import { askRules } from "../../server/services/ruleset-games/queries";
import { whisper, type WhisperState } from "../support/whisper-ruleset";
import { testDb } from "../support/db";
import { callerFor, makeUser } from "../support/world";

interface Asked {
  state: WhisperState | undefined;
  side: string;
  question: unknown;
}
const asking: Ruleset<WhisperState, { say: string }, unknown, string, { sides: string[] }, null, WhisperState> = {
  ...(whisper as unknown as Ruleset<WhisperState, { say: string }, unknown, string, { sides: string[] }, null, WhisperState>),
  id: "whisper-asks",
  name: "Whisper, asked",
  queries: { echo: { check: (raw) => ({ ok: true, question: raw }), answer: (state, side, question): Asked => ({ state, side, question }) } },
};

let handle: DbHandle;
beforeAll(async () => {
  handle = await testDb();
  registerRuleset(asking);
});
afterAll(async () => {
  await handle.close();
});

describe("a side's question to its game's rules", () => {
  it("reaches the ruleset with the open phase's state, the side and the question as given", async () => {
    const alice = await makeUser(handle, "alice-asks@example.com");
    const { gameId } = await callerFor(handle, alice).play.create({ name: "Asked", ruleset: "whisper-asks", scenario: "room", seats: 2, mine: ["a"], robots: ["b"], ordersHours: 24, excusedMisses: 0 });
    const answer = await askRules<Asked>(handle.db, gameId, "a", "echo", { from: "here" });
    expect(answer).toEqual({ state: { turn: 1, sides: ["a", "b"], out: [] }, side: "a", question: { from: "here" } });
  });

  it("is refused by name when the game's ruleset answers no such question, and for a game that does not exist", async () => {
    const bob = await makeUser(handle, "bob-asks@example.com");
    const { gameId } = await callerFor(handle, bob).play.create({ name: "Quiet", ruleset: "whisper-asks", scenario: "room", seats: 2, mine: ["a"], robots: ["b"], ordersHours: 24, excusedMisses: 0 });
    await expect(askRules(handle.db, gameId, "a", "destinations", {})).rejects.toMatchObject({ code: "BAD_REQUEST", message: 'Whisper, asked answers no question "destinations"' });
    await expect(askRules(handle.db, 987_654, "a", "echo", {})).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});
