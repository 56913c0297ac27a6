// A 1942 game played a phase at a time on the generic services (issue 21; docs/platform.md "1942 on
// the generic services"): created through the public API's play challenge (low luck), joined, ordered,
// decided, landed and verified through play.* and /api/v1/play alone — two players, three robots, a
// battles phase where a player chooses casualties other than the default, a decisions deadline that
// passes, a post-combat landing, a robot takeover taken back — while classic 1942 games keep their own
// services. Then the secrecy of a side's batch over roles (the player, the other player, a spectator,
// an outsider) on play.get, play.history, play.review and the API, before and after its phase resolves.
import { describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { attendance, games, locks, notifications, phases, seats } from "../../db/schema";
import { drain } from "../../server/jobs/worker";
import { getRuleset } from "../../server/rulesets";
import { defaultDecision, type GameState, type Nation, type Order } from "../../server/rulesets/1942/engine";
import { stepOf } from "../../server/rulesets/1942/engine/combat/decisions";
import type { StageView } from "../../server/rulesets/1942/phases/stage-view";
import type { AirChoice } from "../../server/rulesets/1942/engine/postcombat/options";
import { createToken } from "../../server/services/api-tokens";
import { sweepDeadlines } from "../../server/services/deadlines";
import { handle, route } from "./api-world";
import { otherChoice } from "../support/casualty-choice";
import { callerFor, makeUser, phaseRows, QUICK } from "../support/world";

type Caller = ReturnType<typeof callerFor>;
const ruleset = getRuleset("1942")!;
const ROBOTS: Nation[] = ["Japan", "United Kingdom", "United States"];

async function api(method: "GET" | "POST" | "PUT", path: string, token: string | null, body?: unknown) {
  const headers: Record<string, string> = { ...(token ? { authorization: `Bearer ${token}` } : {}), ...(body === undefined ? {} : { "content-type": "application/json" }) };
  const res = await route[method](new Request(`http://localhost/api/v1${path}`, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) }));
  return { status: res.status, text: await res.text() };
}

const rowsOf = (gameId: number) => phaseRows(handle, gameId);
const latest = async (gameId: number) => (await rowsOf(gameId)).at(-1)!;
const expire = (id: number) => handle.db.update(phases).set({ deadline: sql`now() - interval '1 minute'` }).where(eq(phases.id, id));


/** One unit of each group of air to land, at the nearest safe place within its reach (R7.1). */
function landingsFor(air: AirChoice[]) {
  return air.flatMap((a) => (a.destinations.length > 0 ? [{ type: a.type, count: 1, from: a.from, to: a.destinations[0]!.to }] : []));
}

/** The orders a robot would give, those the rules accept, with ids that mark them as this nation's secret. */
function ordersFor(start: GameState, nation: Nation, mark: string): Order[] {
  const list = ruleset.robot(start, nation, mark) as Order[];
  return list.filter((o) => ruleset.validate(start, nation, [o]).ok).map((o, i) => ({ ...o, id: `${mark}-${i}` }));
}

async function phasedGame(tag: string, rules: Record<string, unknown>, extra: Record<string, unknown> = {}) {
  const [alice, bob] = [await makeUser(handle, `alice-${tag}@example.com`), await makeUser(handle, `bob-${tag}@example.com`)];
  const [asAlice, asBob] = [callerFor(handle, alice), callerFor(handle, bob)];
  const token = (await createToken(handle.db, alice.id, { name: "t", scopes: ["play", "read"], days: 1 })).token;
  // Created through the public API: play.create's body, the 1942 ruleset and its one scenario.
  const created = await api("POST", "/play/challenges", token, { name: `Phased ${tag}`, ruleset: "1942", scenario: "standard", seats: 5, mine: ["Germany"], robots: ROBOTS, ordersHours: 24, decisionHours: 2, rules, excusedMisses: 0, ...extra });
  expect(created.status, created.text).toBe(200);
  const { gameId } = JSON.parse(created.text) as { gameId: number };
  expect(await asBob.play.join({ gameId, side: "Russia" })).toEqual({ started: true });
  return { alice, bob, asAlice, asBob, gameId, token };
}

describe("a 1942 game created through play.create", () => {
  it("is played through every phase on play.* alone, with robots, and verifies phase by phase", async () => {
    const { alice, bob, asAlice, asBob, gameId } = await phasedGame("whole", { lowLuck: true }, { robotTakeover: 1 });
    const players: [Caller, Nation, string][] = [
      [asAlice, "Germany", alice.id],
      [asBob, "Russia", bob.id],
    ];
    // Stored with its scenario: the platform plays it a row per phase; the 1942 pages send it to the frame.
    const [stored] = await handle.db.select().from(games).where(eq(games.id, gameId));
    expect(stored).toMatchObject({ ruleset: "1942", scenario: "standard", options: { rules: { lowLuck: true } } });
    expect(await asAlice.play.kind({ gameId })).toEqual({ ruleset: "1942", scenario: "standard", phased: true });
    const first = (await rowsOf(gameId))[0]!;
    expect(first).toMatchObject({ turn: 1, step: 0, status: "open", engineVersion: `1942 ${ruleset.version}` });
    expect((first.startState as GameState).lowLuck).toBe(true);
    // Its 1942-only procedures refuse it by name: it is played through play.*.
    const refused = { code: "BAD_REQUEST", message: "This 1942 game is played a phase at a time: use play.* (/api/v1/play/...)" };
    await expect(asAlice.game.get({ gameId })).rejects.toMatchObject(refused);
    await expect(asAlice.orders.save({ gameId, nation: "Germany", orders: [] })).rejects.toMatchObject(refused);
    await expect(asAlice.orders.lock({ gameId, nation: "Germany" })).rejects.toMatchObject(refused);
    await expect(asAlice.game.review({ gameId, turn: 1 })).rejects.toMatchObject(refused);

    const seen = { chosen: 0, notDefault: 0, deadlines: 0, landings: 0, battlePhases: 0, postCombatPhases: 0, decisionNotes: 0, lobbyDecision: 0 };
    let deadlineLeft = false;
    let takenOver = false;
    for (let turn = 1; turn <= 6; turn++) {
      const open = await latest(gameId);
      expect([open.turn, open.step, open.status]).toEqual([turn, 0, "open"]);
      const view = await asAlice.play.get({ gameId });
      expect(view.phase).toMatchObject({ status: "open", decision: false, step: { id: "orders", index: 0 } });
      expect(view.phase!.sides.sort()).toEqual(["Germany", "Japan", "Russia", "United Kingdom", "United States"]);
      // Turn 3: Russia's player lets the orders deadline pass; with robotTakeover 1 a robot takes Russia.
      const bobMisses = turn === 3 && !takenOver;
      for (const [caller, nation] of players) {
        if (nation === "Russia" && (bobMisses || takenOver)) continue;
        const orders = ordersFor(open.startState as GameState, nation, `${nation}-t${turn}`);
        expect(await caller.play.save({ gameId, side: nation, phase: "orders", orders })).toEqual({ ok: true });
        await caller.play.lock({ gameId, side: nation });
      }
      if (bobMisses) {
        await expire(open.id);
        expect(await sweepDeadlines(handle.db)).toBe(1);
        const [russia] = await handle.db.select().from(seats).where(and(eq(seats.gameId, gameId), eq(seats.nation, "Russia")));
        expect(russia).toMatchObject({ robot: true, missedDeadlines: 1, userId: bob.id });
        takenOver = true;
      }
      await drain(handle, "test");
      for (let guard = 0; guard < 40; guard++) {
        const phase = await latest(gameId);
        if (phase.turn !== turn || phase.status === "resolved") break;
        expect(phase.status).toBe("open");
        expect(phase.step).toBeGreaterThan(0);
        const info = ruleset.phases(phase.startState)[phase.step]!;
        expect(info.deadline).toBe("decision");
        let waiting = false;
        for (const [caller, nation, userId] of players) {
          if (!info.sides.includes(nation)) continue;
          if (nation === "Russia" && takenOver) continue;
          const got = await caller.play.get({ gameId });
          expect(got.phase).toMatchObject({ decision: true, status: "open" });
          const stage = got.view as StageView;
          // The player who must decide was told so, and the lobby says it waits for a decision.
          const notes = await handle.db.select().from(notifications).where(and(eq(notifications.userId, userId), eq(notifications.kind, "decision-waiting")));
          if (notes.some((n) => (n.fact as { phaseId: number }).phaseId === phase.id)) seen.decisionNotes += 1;
          const mine = (await caller.game.lobby()).mine.find((g) => g.id === gameId)!;
          if (mine.turn?.needs === "decision") seen.lobbyDecision += 1;
          if (stage.stage === "battles") {
            seen.battlePhases += 1;
            const requests = stage.requests.filter((r) => r.chooser === nation);
            // Russia's player leaves the first battle decision asked of him to the deadline (R3.1).
            if (nation === "Russia" && !deadlineLeft) {
              deadlineLeft = true;
              waiting = true;
              continue;
            }
            const choices = requests.map((r) => ({ battle: r.battle, round: r.round, step: stepOf(r), decision: otherChoice(r) }));
            seen.chosen += choices.length;
            seen.notDefault += choices.filter((c, i) => JSON.stringify(c.decision) !== JSON.stringify(defaultDecision(requests[i]!))).length;
            expect(await caller.play.save({ gameId, side: nation, phase: info.id, orders: { choices } })).toEqual({ ok: true });
          } else {
            expect(stage.stage).toBe("post-combat");
            seen.postCombatPhases += 1;
            const air = stage.choices?.air ?? [];
            const landings = landingsFor(air);
            seen.landings += landings.length;
            expect(await caller.play.save({ gameId, side: nation, phase: "post-combat", orders: { landings, aaMoves: [] } })).toEqual({ ok: true });
          }
          await caller.play.lock({ gameId, side: nation });
        }
        if (waiting && (await latest(gameId)).status === "open") {
          // The decision deadline passes: the phase closes once with the default for Russia, no excuse spent.
          const before = (await handle.db.select().from(seats).where(and(eq(seats.gameId, gameId), eq(seats.nation, "Russia"))))[0]!.missedDeadlines;
          await expire(phase.id);
          expect(await sweepDeadlines(handle.db)).toBe(1);
          expect(await sweepDeadlines(handle.db)).toBe(0);
          seen.deadlines += 1;
          expect(await handle.db.select().from(attendance).where(eq(attendance.phaseId, phase.id))).toEqual([]);
          expect((await handle.db.select().from(seats).where(and(eq(seats.gameId, gameId), eq(seats.nation, "Russia"))))[0]!.missedDeadlines).toBe(before);
        }
        await drain(handle, "test");
        const after = (await rowsOf(gameId)).find((r) => r.id === phase.id)!;
        expect(after.status).toBe("resolved");
      }
      if (takenOver && turn > 3) {
        // A robot played Russia in every phase of the turn after the takeover; its player takes it back.
        expect(await asBob.play.reclaim({ gameId, side: "Russia" })).toEqual({ reclaimed: true });
        takenOver = false;
      }
      const enough = seen.chosen > 0 && seen.deadlines > 0 && seen.landings > 0 && turn >= 4;
      if (enough) break;
    }
    expect(seen).toMatchObject({ deadlines: 1 });
    expect(seen.chosen).toBeGreaterThan(0);
    expect(seen.notDefault).toBeGreaterThan(0);
    expect(seen.landings).toBeGreaterThan(0);
    expect(seen.decisionNotes).toBeGreaterThan(0);
    expect(seen.lobbyDecision).toBeGreaterThan(0);

    const rows = await rowsOf(gameId);
    const resolved = rows.filter((r) => r.status === "resolved");
    // The turn after the takeover, a robot ordered and locked for Russia (no player's lock).
    const turn4 = rows.find((r) => r.turn === 4 && r.step === 0)!;
    expect(turn4.orders).toHaveProperty("Russia");
    expect(await handle.db.select({ by: locks.lockedBy }).from(locks).where(and(eq(locks.phaseId, turn4.id), eq(locks.nation, "Russia")))).toEqual([{ by: null }]);
    expect(new Set(resolved.map((r) => r.turn)).size).toBeGreaterThanOrEqual(2);
    expect(resolved.some((r) => r.step > 0)).toBe(true);
    // Every row a phase, stored with the generic engine version; the choices and landings as saved.
    for (const r of resolved) expect(r.engineVersion).toBe(`1942 ${ruleset.version}`);
    const russia = (await handle.db.select().from(seats).where(and(eq(seats.gameId, gameId), eq(seats.nation, "Russia"))))[0]!;
    expect(russia).toMatchObject({ robot: false, userId: bob.id });

    // History, review and download: one entry per phase, named.
    const history = await asBob.play.history({ gameId });
    expect(history.turns.length).toBe(rows.length);
    expect(history.turns.filter((t) => t.step > 0).every((t) => t.phase !== null && /battles|Post-combat/i.test(t.phase))).toBe(true);
    const review = await asBob.play.review({ gameId, turn: 1 });
    expect(review).toMatchObject({ resolved: true, ruleset: "1942" });
    expect(review.phases!.length).toBe(rows.filter((r) => r.turn === 1).length);
    // Told as one turn: the report of the phase that ended it (the engine's whole-turn report), and its luck.
    expect(review.report).toEqual(rows.filter((r) => r.turn === 1).at(-1)!.report);
    expect(review.report).toHaveProperty("victory");
    expect(review.luck).not.toBeNull();
    const file = await asAlice.play.download({ gameId });
    expect(file.turns.length).toBe(resolved.length);

    // verify replays every phase, the setup with low luck included.
    const verified = await asAlice.play.verify({ gameId });
    expect(verified.phases.filter((p) => !p.ok)).toEqual([]);
    expect(verified.ok).toBe(true);
    expect(verified.phases.length).toBe(resolved.length);
  }, 240_000);

  it("leaves classic 1942 games on their own services", async () => {
    const carl = await makeUser(handle, "carl-classic@example.com");
    const asCarl = callerFor(handle, carl);
    const { gameId } = await asCarl.game.create({ name: "Classic", nations: ["Germany"], robots: ["Russia", "Japan", "United Kingdom", "United States"], ...QUICK });
    expect(await asCarl.play.kind({ gameId })).toEqual({ ruleset: "1942", scenario: null, phased: false });
    expect((await asCarl.game.get({ gameId })).phase).toMatchObject({ status: "open" });
    await expect(asCarl.play.get({ gameId })).rejects.toMatchObject({ code: "BAD_REQUEST", message: expect.stringContaining("1942 game") });
    await expect(asCarl.play.save({ gameId, side: "Germany", orders: [] })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    // The challenge is still refused where the ruleset refuses it: a scenario 1942 does not have.
    await expect(asCarl.play.create({ name: "x", ruleset: "1942", scenario: "europe", seats: 5, mine: ["Germany"], ordersHours: 24 })).rejects.toMatchObject({ code: "BAD_REQUEST", message: expect.stringContaining('1942 has no scenario "europe"') });
    await expect(asCarl.play.create({ name: "x", ruleset: "1942", scenario: "standard", seats: 5, mine: ["Germany"], ordersHours: 24, rules: { lowLuck: "yes" } })).rejects.toMatchObject({ code: "BAD_REQUEST", message: "The option lowLuck is true or false (R6.8)" });
  });
});

describe("a side's batch in a 1942 game played a phase at a time", () => {
  it("reaches only its side's player until its phase resolves, on every read path and role", async () => {
    const { alice, bob, asAlice, asBob, gameId, token } = await phasedGame("secret", { lowLuck: true });
    const cat = await makeUser(handle, "cat-secret-1942@example.com");
    const asCat = callerFor(handle, cat);
    const tokens: Record<string, string> = { [alice.id]: token };
    for (const u of [bob, cat]) tokens[u.id] = (await createToken(handle.db, u.id, { name: "t", scopes: ["read"], days: 1 })).token;
    const reads = async (caller: Caller, userId: string) => {
      const trpc = [await caller.play.get({ gameId }), await caller.play.get({ gameId, side: "Germany" }), await caller.play.history({ gameId }), await caller.play.review({ gameId, turn: 1 }), await caller.play.download({ gameId }), await caller.game.lobby()];
      const rest: string[] = [];
      for (const path of [`/play/${gameId}`, `/play/${gameId}?side=Germany`, `/play/${gameId}/history`, `/play/${gameId}/turns/1`, `/play/${gameId}/download`, "/games"]) {
        const res = await api("GET", path, tokens[userId]!);
        expect(res.status, path).toBe(200);
        rest.push(res.text);
      }
      return JSON.stringify(trpc) + rest.join("");
    };
    const others = async () => [await reads(asBob, bob.id), await reads(asCat, cat.id)];

    // The orders phase: Germany's orders (ids marked) are its player's alone, on every read path.
    const open = await latest(gameId);
    const orders = ordersFor(open.startState as GameState, "Germany", "germany-secret-4711");
    expect(orders.length).toBeGreaterThan(0);
    expect(await asAlice.play.save({ gameId, side: "Germany", orders })).toEqual({ ok: true });
    expect(await reads(asAlice, alice.id)).toContain("germany-secret-4711");
    for (const text of await others()) expect(text).not.toContain("germany-secret-4711");
    // An outsider (signed out) reads nothing.
    expect((await api("GET", `/play/${gameId}`, null)).status).toBe(401);
    await expect(callerFor(handle, null).play.history({ gameId })).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    await expect(callerFor(handle, null).play.review({ gameId, turn: 1 })).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    // Nor does the other player's own batch reach Germany.
    const russian = ordersFor(open.startState as GameState, "Russia", "russia-secret-5813");
    expect(await asBob.play.save({ gameId, side: "Russia", orders: russian })).toEqual({ ok: true });
    expect(await reads(asAlice, alice.id)).not.toContain("russia-secret-5813");
    expect(await reads(asCat, cat.id)).not.toContain("russia-secret-5813");

    await asAlice.play.lock({ gameId, side: "Germany" });
    await asBob.play.lock({ gameId, side: "Russia" });
    await drain(handle, "test");
    // The orders phase resolved, but its batches stay secret while the turn's battles and post-combat
    // are decided (R3, R8: purchases are placed only at the turn's end; Ruleset.ordersShown "turn").
    const [resolvedOrders] = await rowsOf(gameId);
    expect(resolvedOrders!.status).toBe("resolved");
    for (const text of await others()) expect(text).not.toContain("germany-secret-4711");
    // Nor does a sandbox opened now: it starts from the turn's start, not from the phase in play,
    // whose state holds every nation's orders (a sandbox played to the turn's end would show them).
    const sandbox = await asBob.sandbox.open({ gameId });
    const [sandboxStart] = await rowsOf(sandbox.gameId);
    expect(JSON.stringify(sandboxStart!.startState)).not.toContain("germany-secret-4711");
    expect(sandboxStart!.startState).toEqual(resolvedOrders!.startState);
    await asBob.sandbox.delete({ gameId: sandbox.gameId });

    // A later phase of the same turn (battles or post-combat): a saved batch stays its player's until
    // that phase resolves. Each side that acts saves its batch; only its own player sees it.
    // A phase where only robots act closes as it opens, so an open one waits for Germany or Russia.
    const phase = await latest(gameId);
    expect([phase.turn, phase.status]).toEqual([1, "open"]);
    {
      const info = ruleset.phases(phase.startState)[phase.step]!;
      const saved: Record<string, string> = {};
      for (const [caller, nation] of [
        [asAlice, "Germany"],
        [asBob, "Russia"],
      ] as const) {
        if (!info.sides.includes(nation)) continue;
        const stage = (await caller.play.get({ gameId })).view as StageView;
        const batch =
          stage.stage === "battles"
            ? { choices: stage.requests.filter((r) => r.chooser === nation).map((r) => ({ battle: r.battle, round: r.round, step: stepOf(r), decision: otherChoice(r) })) }
            : { landings: landingsFor(stage.choices?.air ?? []), aaMoves: [] };
        expect(await caller.play.save({ gameId, side: nation, orders: batch })).toEqual({ ok: true });
        // As stored (jsonb orders its keys): the text any read path would carry.
        const stored = (await caller.play.get({ gameId })).saved;
        expect(stored).toEqual(batch);
        saved[nation] = JSON.stringify(stored);
      }
      expect(Object.keys(saved).length).toBeGreaterThan(0);
      const readers: [Caller, string, Nation | null][] = [
        [asAlice, alice.id, "Germany"],
        [asBob, bob.id, "Russia"],
        [asCat, cat.id, null],
      ];
      for (const [caller, userId, own] of readers) {
        const text = await reads(caller, userId);
        for (const [nation, json] of Object.entries(saved)) if (nation !== own && json.length > 20) expect(text).not.toContain(json);
        if (own && saved[own]) expect(text).toContain(saved[own]);
      }
      // The turn is not resolved until its last phase is: its review shows nothing of it yet.
      expect(await asCat.play.review({ gameId, turn: 1 })).toMatchObject({ resolved: false, orders: null, report: null, phases: null });
    }

    // The rest of the turn: each phase's acting players lock what they saved (robots act at once).
    for (let guard = 0; (await latest(gameId)).turn === 1; guard++) {
      expect(guard).toBeLessThan(20);
      const open = await latest(gameId);
      const sides = ruleset.phases(open.startState)[open.step]!.sides;
      for (const [caller, nation] of [
        [asAlice, "Germany"],
        [asBob, "Russia"],
      ] as const) if (sides.includes(nation)) await caller.play.lock({ gameId, side: nation });
      await drain(handle, "test");
    }
    // Turn 1 is over: its orders are every reader's now.
    for (const text of await others()) expect(text).toContain("germany-secret-4711");
  }, 120_000);
});
