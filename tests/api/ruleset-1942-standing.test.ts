// A side's standing settings in a 1942 game played a phase at a time (issue 21; Ruleset.standing):
// the casualty order kept from turn to turn (play.setStanding), given by the ruleset to the battles the
// side leaves to it ("decide this and every later round for me", BattleOrders.prefer with no order of
// its own) when a battles phase closes — here at its deadline — and secret to that side on every read
// path (the other player, a spectator, an outsider, the public API).
//
// Why it holds for every roll: low luck (R6.8); Germany attacks Caucasus (3 infantry, 2 armour and a
// fighter against 5 infantry) and Karelia (3 infantry and an armour), each defence scoring at least
// one sure hit in round 1 (battles.test.ts, phased-1942-decide.test.ts), so the first battles phase
// always asks Germany in both (the robots hold: no other battle). Every later phase is played as it
// comes, whatever the dice did.
import { describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { phases } from "../../db/schema";
import { drain } from "../../server/jobs/worker";
import { getRuleset } from "../../server/rulesets";
import type { DecisionRequest, GameState } from "../../server/rulesets/1942/engine";
import type { ChoiceEntry, RoundRecord } from "../../server/rulesets/1942/engine/combat/battle";
import { preferredDecision } from "../../server/rulesets/1942/engine/combat/preference";
import type { BattleReport } from "../../server/rulesets/1942/engine/report";
import type { BattleStage } from "../../server/rulesets/1942/phases/turn-so-far";
import type { StageView } from "../../server/rulesets/1942/phases/stage-view";
import { createToken } from "../../server/services/api-tokens";
import { sweepDeadlines } from "../../server/services/deadlines";
import { handle, route } from "./api-world";
import { callerFor, makeUser, phaseRows } from "../support/world";

const ruleset = getRuleset("1942")!;
const ATTACKS = [
  { id: "caucasus", units: { infantry: 3, armour: 2, fighter: 1 }, from: "Ukraine S.S.R.", path: ["Caucasus"] },
  { id: "karelia", units: { infantry: 3, armour: 1 }, from: "East Europe", path: ["Karelia S.S.R."] },
];

const rowsOf = (gameId: number) => phaseRows(handle, gameId);
const latest = async (gameId: number) => (await rowsOf(gameId)).at(-1)!;
const expire = (id: number) => handle.db.update(phases).set({ deadline: sql`now() - interval '1 minute'` }).where(eq(phases.id, id));

async function api(method: "GET" | "PUT", path: string, token: string | null, body?: unknown) {
  const headers: Record<string, string> = { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { "content-type": "application/json" }) };
  const res = await route[method](new Request(`http://localhost/api/v1${path}`, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) }));
  return { status: res.status, text: await res.text() };
}

async function phasedGame(tag: string) {
  const [alice, bob, carol] = [await makeUser(handle, `alice-${tag}@example.com`), await makeUser(handle, `bob-${tag}@example.com`), await makeUser(handle, `carol-${tag}@example.com`)];
  const [asAlice, asBob, asCarol] = [callerFor(handle, alice), callerFor(handle, bob), callerFor(handle, carol)];
  const { gameId } = await asAlice.play.create({ name: `Standing ${tag}`, ruleset: "1942", scenario: "standard", seats: 5, mine: ["Germany"], robots: ["Japan", "United Kingdom", "United States"], ordersHours: 24, decisionHours: 2, robotsHold: true, rules: { lowLuck: true } });
  expect(await asBob.play.join({ gameId, side: "Russia" })).toEqual({ started: true });
  return { alice, bob, carol, asAlice, asBob, asCarol, gameId };
}

/** Every casualty or retreat choice Germany's side made in `battle`, round by round (the round's number with it). */
function germanChoices(battles: BattleReport[], battle: string): (ChoiceEntry & { round: number })[] {
  return battles.filter((b) => b.territory === battle).flatMap((b) => b.rounds.flatMap((r: RoundRecord) => r.choices.filter((c) => c.chooser === "Germany").map((c) => ({ ...c, round: r.round }))));
}

describe("a side's standing casualty preference in a phased 1942 game", () => {
  it("is kept before the battles, decides every round of the battle left to it as the classic preference does, that battle only, and lasts into the next turn; a bad value is refused", async () => {
    const { asAlice, asBob, gameId } = await phasedGame("rounds");
    // Set in the orders phase, before any battle: kept, and read back by its player.
    expect(await asAlice.play.setStanding({ gameId, side: "Germany", value: { casualties: "keep-armour" } })).toEqual({ value: { casualties: "keep-armour" } });
    expect(await asAlice.play.standing({ gameId, side: "Germany" })).toEqual({ value: { casualties: "keep-armour" } });
    // A bad value is a 400 naming the problem, and changes nothing.
    await expect(asAlice.play.setStanding({ gameId, side: "Germany", value: { casualties: "keep-navy" } })).rejects.toMatchObject({ code: "BAD_REQUEST", message: expect.stringContaining('not "keep-navy"') });
    await expect(asAlice.play.setStanding({ gameId, side: "Germany", value: { casualties: "keep-air", battles: "all" } })).rejects.toMatchObject({ code: "BAD_REQUEST", message: expect.stringContaining('no "battles"') });
    await expect(asAlice.play.setStanding({ gameId, side: "Germany", value: "keep-air" })).rejects.toMatchObject({ code: "BAD_REQUEST", message: expect.stringContaining("{ casualties }") });
    expect(await asAlice.play.standing({ gameId, side: "Germany" })).toEqual({ value: { casualties: "keep-armour" } });

    const open = await latest(gameId);
    expect(await asAlice.play.save({ gameId, side: "Germany", phase: "orders", orders: ATTACKS })).toEqual({ ok: true });
    await asAlice.play.lock({ gameId, side: "Germany" });
    expect(await asBob.play.save({ gameId, side: "Russia", phase: "orders", orders: [] })).toEqual({ ok: true });
    await asBob.play.lock({ gameId, side: "Russia" });
    await drain(handle, "test");
    expect((await rowsOf(gameId)).find((r) => r.id === open.id)!.status).toBe("resolved");

    // The first battles phase asks Germany in both battles; Alice leaves Caucasus alone to her preference
    // (no order of its own in the batch) and lets the deadline close the phase.
    const first = await latest(gameId);
    const stage = first.startState as unknown as BattleStage;
    expect(stage.stage).toBe("battles");
    const asked = stage.requests.filter((r) => r.chooser === "Germany");
    expect(new Set(asked.map((r) => r.battle))).toEqual(new Set(["Caucasus", "Karelia S.S.R."]));
    const info = ruleset.phases(first.startState)[first.step]!;
    expect(await asAlice.play.save({ gameId, side: "Germany", phase: info.id, orders: { choices: [], prefer: { battles: ["Caucasus"] } } })).toEqual({ ok: true });
    // The order given to the battle is the standing one, applied as the phase closes: a change now counts.
    expect(await asAlice.play.setStanding({ gameId, side: "Germany", value: { casualties: "keep-air" } })).toEqual({ value: { casualties: "keep-air" } });
    expect(await asAlice.play.setStanding({ gameId, side: "Germany", value: { casualties: "keep-armour" } })).toEqual({ value: { casualties: "keep-armour" } });
    if (info.sides.includes("Russia")) await asBob.play.lock({ gameId, side: "Russia" });
    await expire(first.id);
    expect(await sweepDeadlines(handle.db)).toBe(1);
    await drain(handle, "test");
    const closed = (await rowsOf(gameId)).find((r) => r.id === first.id)!;
    expect(closed.status).toBe("resolved");
    // Stored as used: the battle with the standing order, so a replay (and verify) read it from the row.
    expect((closed.orders as Record<string, unknown>).Germany).toEqual({ choices: [], prefer: { casualties: "keep-armour", battles: ["Caucasus"] } });

    // The rest of turn 1: Germany is never asked again in Caucasus; Karelia still asks it (nothing chosen there: the default).
    let laterPhases = 0;
    for (let guard = 0; guard < 40; guard++) {
      const phase = await latest(gameId);
      if (phase.turn !== 1) break;
      expect(phase.status).toBe("open");
      const at = ruleset.phases(phase.startState)[phase.step]!;
      const view = (await asAlice.play.get({ gameId })).view as StageView;
      if (view.stage === "battles") {
        laterPhases += 1;
        // Caucasus is the side's preference's: listed in its own view, and never the reason it must act.
        expect(view.preference).toEqual({ casualties: "keep-armour", battles: ["Caucasus"] });
        const own = view.requests.filter((r) => r.chooser === "Germany");
        expect(at.sides.includes("Germany")).toBe(own.some((r) => r.battle !== "Caucasus"));
      }
      for (const [caller, side] of [
        [asAlice, "Germany"],
        [asBob, "Russia"],
      ] as const)
        if (at.sides.includes(side)) await caller.play.lock({ gameId, side });
      await drain(handle, "test");
    }
    const rows = await rowsOf(gameId);
    const turn1 = rows.filter((r) => r.turn === 1);
    expect(turn1.every((r) => r.status === "resolved")).toBe(true);
    const report = (await asBob.play.review({ gameId, turn: 1 })).report as { battles: BattleReport[] };

    // Caucasus: every choice Germany's side made is its own by the preference (or forced), never a
    // default; round 1's are exactly the classic preference's (preferredDecision, keep my armour), and
    // in every round armour falls only once no other German unit is left to take the hit.
    const caucasus = germanChoices(report.battles, "Caucasus");
    expect(caucasus.length).toBeGreaterThan(0);
    expect(caucasus.every((c) => c.by === "player" || c.by === "forced")).toBe(true);
    for (const request of asked.filter((r) => r.battle === "Caucasus" && r.kind === "casualties") as Extract<DecisionRequest, { kind: "casualties" }>[]) {
      const made = caucasus.find((c) => c.round === request.round && c.step === request.step)!;
      expect(made.units).toEqual((preferredDecision(request, "keep-armour") as { units: number[] }).units);
    }
    const battle = report.battles.find((b) => b.territory === "Caucasus")!;
    const alive = Object.fromEntries(battle.sides.Axis.filter((u) => u.nation === "Germany").map((u) => [u.type, u.count])) as Record<string, number>;
    for (const round of battle.rounds) {
      for (const c of round.choices.filter((x) => x.chooser === "Germany" && x.picked)) {
        const armour = c.picked!.filter((p) => p.type === "armour").length;
        const others = Object.entries(alive).filter(([t]) => t !== "armour").reduce((n, [, k]) => n + k, 0);
        expect(armour).toBe(Math.max(0, c.picked!.length - others));
      }
      for (const [type, n] of Object.entries(round.lost.Axis ?? {})) alive[type] = (alive[type] ?? 0) - (n as number);
    }
    // Karelia was not left to it: Germany's choices there took the default (R6.9), never the preference.
    const karelia = germanChoices(report.battles, "Karelia S.S.R.");
    expect(karelia.length).toBeGreaterThan(0);
    expect(karelia.every((c) => c.by === "default" || c.by === "forced")).toBe(true);

    // Turn 2: the standing preference is still Germany's, in its own view and on play.standing.
    const next = await latest(gameId);
    expect(next.turn).toBe(2);
    expect(await asAlice.play.standing({ gameId, side: "Germany" })).toEqual({ value: { casualties: "keep-armour" } });
    expect((await asAlice.play.get({ gameId })).standing).toEqual({ casualties: "keep-armour" });
  }, 120_000);

  it("is applied by the ruleset to the battles left to it alone, in a battles phase alone", () => {
    const standing = ruleset.standing!;
    const stage = { stage: "battles", step: 1 } as unknown as BattleStage;
    const value = { casualties: "keep-air" };
    expect(standing.apply(stage, "Germany", value, { choices: [], prefer: { battles: ["Caucasus"] } })).toEqual({ choices: [], prefer: { casualties: "keep-air", battles: ["Caucasus"] } });
    // An order the batch names itself stands; a batch that leaves nothing to it, or none, is as saved.
    expect(standing.apply(stage, "Germany", value, { choices: [], prefer: { casualties: "default", battles: ["Caucasus"] } })).toEqual({ choices: [], prefer: { casualties: "default", battles: ["Caucasus"] } });
    expect(standing.apply(stage, "Germany", value, { choices: [] })).toEqual({ choices: [] });
    expect(standing.apply(stage, "Germany", value, undefined)).toBeUndefined();
    const orders = { state: {} as GameState, batch: [{ id: "x" }] };
    expect(standing.apply(orders.state, "Germany", value, orders.batch)).toBe(orders.batch);
    expect(standing.check({ casualties: "keep-armour" }, "Germany")).toEqual({ ok: true });
    expect(standing.check(null, "Germany")).toMatchObject({ ok: false, rule: "R6.9" });
  });

  it("is read by that side's player alone: not the other player, a spectator, an outsider or the public API", async () => {
    const { alice, bob, carol, asAlice, asBob, asCarol, gameId } = await phasedGame("secret");
    expect(await asAlice.play.setStanding({ gameId, side: "Germany", value: { casualties: "keep-air" } })).toEqual({ value: { casualties: "keep-air" } });
    // Another side's standing settings are not a player's to read or write.
    for (const caller of [asBob, asCarol]) {
      await expect(caller.play.standing({ gameId, side: "Germany" })).rejects.toMatchObject({ code: "FORBIDDEN" });
      await expect(caller.play.setStanding({ gameId, side: "Germany", value: { casualties: "default" } })).rejects.toMatchObject({ code: "FORBIDDEN" });
    }
    await expect(callerFor(handle, null).play.standing({ gameId, side: "Germany" })).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    expect(await asAlice.play.standing({ gameId, side: "Germany" })).toEqual({ value: { casualties: "keep-air" } });
    expect(await asBob.play.standing({ gameId, side: "Russia" })).toEqual({ value: null });

    // Every read path, in the orders phase and in a battles phase, for each role that must not see it.
    const reads = async (caller: typeof asBob) =>
      JSON.stringify([
        await caller.play.get({ gameId }),
        await caller.play.get({ gameId, side: "Germany" }),
        await caller.play.history({ gameId }),
        await caller.play.download({ gameId }),
        await caller.game.lobby(),
        await caller.game.eventsAfter({ gameId }),
      ]);
    const tokens = {
      alice: (await createToken(handle.db, alice.id, { name: "t", scopes: ["read", "play"], days: 1 })).token,
      bob: (await createToken(handle.db, bob.id, { name: "t", scopes: ["read", "play"], days: 1 })).token,
      carol: (await createToken(handle.db, carol.id, { name: "t", scopes: ["read", "play"], days: 1 })).token,
    };
    const paths = [`/play/${gameId}`, `/play/${gameId}?side=Germany`, `/play/${gameId}/history`, `/play/${gameId}/download`, `/play/${gameId}/sides/Germany/standing`, "/games"];
    const checkHidden = async () => {
      expect(JSON.stringify(await asAlice.play.get({ gameId }))).toContain("keep-air");
      for (const caller of [asBob, asCarol]) expect(await reads(caller)).not.toContain("keep-air");
      expect((await api("GET", `/play/${gameId}/sides/Germany/standing`, tokens.alice)).text).toContain("keep-air");
      for (const token of [tokens.bob, tokens.carol, null])
        for (const path of paths) {
          const res = await api("GET", path, token);
          expect(res.text, `${path}`).not.toContain("keep-air");
        }
      expect((await api("GET", `/play/${gameId}/sides/Germany/standing`, tokens.bob)).status).toBe(403);
      expect((await api("GET", `/play/${gameId}/sides/Germany/standing`, null)).status).toBe(401);
    };
    await checkHidden();
    // Through the API too: only its player sets it, and a bad value is a 400 naming it.
    expect((await api("PUT", `/play/${gameId}/sides/Germany/standing`, tokens.carol, { value: { casualties: "default" } })).status).toBe(403);
    const bad = await api("PUT", `/play/${gameId}/sides/Germany/standing`, tokens.alice, { value: { casualties: "keep-navy" } });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain("keep-navy");

    // A battles phase: Germany's own view lists nothing of it for the others.
    expect(await asAlice.play.save({ gameId, side: "Germany", phase: "orders", orders: ATTACKS })).toEqual({ ok: true });
    await asAlice.play.lock({ gameId, side: "Germany" });
    await asBob.play.lock({ gameId, side: "Russia" });
    await drain(handle, "test");
    expect(((await latest(gameId)).startState as unknown as BattleStage).stage).toBe("battles");
    await checkHidden();
  }, 120_000);
});
