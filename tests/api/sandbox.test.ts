// Sandboxes (issue 24): a private copy of a position a player may see, ordered and resolved for every
// nation by its owner. It never touches the real game, leaks nothing of it (other players' saved
// orders, its dice seed), and no one else reads it: other players, spectators, outsiders and another
// user's API token get "not found" from every read path; only a share link reads it, read-only.
import { describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { attendance, events, games, notifications, orders, phases } from "../../db/schema";
import { defaultDecision, NATIONS } from "../../server/rulesets/1942/engine";
import { stepOf } from "../../server/rulesets/1942/engine/combat/decisions";
import { drain } from "../../server/jobs/worker";
import { getRuleset } from "../../server/rulesets";
import { createToken } from "../../server/services/api-tokens";
import { sweepDeadlines } from "../../server/services/deadlines";
import { lobbyEventsAfter } from "../../server/services/events";
import { replayPhase } from "../../server/services/ruleset-games/resolve";
import { MAX_SANDBOXES } from "../../server/services/sandbox/sandbox";
import { shareableStart } from "../../server/services/sandbox/ruleset-sandbox";
import { startingManifest } from "../../server/rulesets/interplanetary/scenarios";
import type { State as IpState } from "../../server/rulesets/interplanetary/types";
import { handle, route } from "./api-world";
import { callerFor, makeUser, twoPlayerGame } from "../support/world";

const ALICE_SECRET = "alice-real-secret-order";
const BOB_OWN = "bob-own-order";
type Caller = ReturnType<typeof callerFor>;

async function api(path: string, token: string) {
  const res = await route.GET(new Request(`http://localhost/api/v1${path}`, { headers: { authorization: `Bearer ${token}` } }));
  return { status: res.status, text: await res.text() };
}

/** Resolve whatever the sandbox waits for: battles take each side's default, landings lock as saved. */
async function playOut(as: Caller, gameId: number) {
  for (let i = 0; i < 200; i++) {
    await drain(handle, "sandbox-test");
    const view = await as.game.get({ gameId });
    const status = view.phase?.status;
    if (status === "open" || view.game.status === "finished") return view;
    if (status === "battles") {
      // The owner leads both sides: every request is theirs.
      expect(view.phase!.pending!.requests.every((r) => r.mine)).toBe(true);
      for (const r of view.phase!.pending!.requests)
        await as.battle.decide({ gameId, nation: r.chooser, battle: r.battle, round: r.round, step: stepOf(r), decision: defaultDecision(r) });
    } else if (status === "post-combat") {
      for (const nation of view.postCombat!.waitingFor) await as.postCombat.lock({ gameId, nation });
    }
  }
  throw new Error("the sandbox's turn never resolved");
}

describe("a sandbox", () => {
  it("copies the position the player sees, never the others' orders nor the dice, and is the owner's alone", async () => {
    const { alice, bob, asAlice, asBob, gameId } = await twoPlayerGame(handle);
    const carol = await makeUser(handle, `carol-${Math.random()}@example.com`);
    const asCarol = callerFor(handle, carol);
    await asAlice.orders.save({ gameId, nation: "Germany", orders: [{ id: ALICE_SECRET, units: { infantry: 1 }, from: "Germany", path: ["East Europe"] }] });
    await asAlice.orders.lock({ gameId, nation: "Germany" });
    await asBob.orders.save({ gameId, nation: "Japan", orders: [{ id: BOB_OWN, units: { infantry: 1 }, from: "Manchuria", path: ["Kwangtung"] }] });
    const realForAlice = JSON.stringify(await asAlice.game.get({ gameId }));
    const realForCarol = JSON.stringify(await asCarol.game.get({ gameId }));
    const [realPhase] = await handle.db.select().from(phases).where(eq(phases.gameId, gameId));

    const { gameId: sandboxId } = await asBob.sandbox.open({ gameId });
    const start = await asBob.game.get({ gameId: sandboxId });
    expect(start.myNations).toEqual([...NATIONS]);
    expect(start.game.sandbox).toMatchObject({ fromGameId: gameId, fromTurn: 1 });
    expect(start.board).toEqual((await asBob.game.get({ gameId })).board);
    // Bob's own saved orders come along; Alice's (saved and locked, hidden from Bob) do not.
    expect(start.myOrders.Japan?.map((o) => o.id)).toEqual([BOB_OWN]);
    expect(start.myOrders.Germany ?? []).toEqual([]);
    expect(JSON.stringify(start)).not.toContain(ALICE_SECRET);
    expect(start.phase!.locked).toEqual([]);
    const [sandboxPhase] = await handle.db.select().from(phases).where(eq(phases.gameId, sandboxId));
    expect(sandboxPhase!.seed).not.toBe(realPhase!.seed);

    // Bob orders for his enemy, asks a robot for Russia, and resolves the turn through every battle.
    expect((await asBob.orders.save({ gameId: sandboxId, nation: "Germany", orders: [{ id: "guess", units: { infantry: 1 }, from: "Germany", path: ["East Europe"] }] })).ok).toBe(true);
    const robot = await asBob.sandbox.robotOrders({ gameId: sandboxId, nation: "Russia" });
    expect(robot.ok).toBe(true);
    expect((await asBob.game.get({ gameId: sandboxId })).myOrders.Russia).toEqual(robot.orders);
    expect(await asBob.sandbox.resolve({ gameId: sandboxId })).toEqual({ resolving: true });
    const after = await playOut(asBob, sandboxId);
    expect(after.phase!.turn).toBe(2);
    const history = await asBob.game.history({ gameId: sandboxId });
    expect(history.phases[0]!.orders!.Germany!.map((o) => o.id)).toEqual(["guess"]);

    // The real game is as it was, for its players and its spectators.
    expect(JSON.stringify(await asAlice.game.get({ gameId }))).toBe(realForAlice);
    expect(JSON.stringify(await asCarol.game.get({ gameId }))).toBe(realForCarol);
    const real = (await asBob.game.get({ gameId })).phase!;
    expect(real).toMatchObject({ turn: 1, status: "open" });
    expect(real.locked).toContain("Germany");
    expect(real.locked).not.toContain("Japan");

    // Nobody but Bob reads or touches it: another player, a spectator, another user's API token.
    for (const [who, as] of [
      ["the real game's other player", asAlice],
      ["an outsider", asCarol],
    ] as const) {
      const refused = [
        as.game.get({ gameId: sandboxId }),
        as.game.history({ gameId: sandboxId }),
        as.game.review({ gameId: sandboxId, turn: 1 }),
        as.game.verify({ gameId: sandboxId }),
        as.game.eventsAfter({ gameId: sandboxId }),
        as.game.events({ gameId: sandboxId }),
        as.orders.destinations({ gameId: sandboxId, nation: "Germany", group: { from: "Germany", units: { infantry: 1 } }, earlier: [] }),
        as.orders.placements({ gameId: sandboxId, nation: "Germany", earlier: [] }),
        as.press.channels({ gameId: sandboxId }),
        as.battle.preference({ gameId: sandboxId }),
        as.orders.save({ gameId: sandboxId, nation: "Germany", orders: [] }),
        as.orders.lock({ gameId: sandboxId, nation: "Germany" }),
        as.sandbox.open({ gameId: sandboxId }),
        as.sandbox.undo({ gameId: sandboxId, turn: 1 }),
        as.sandbox.resolve({ gameId: sandboxId }),
        as.sandbox.robotOrders({ gameId: sandboxId, nation: "Germany" }),
        as.sandbox.share({ gameId: sandboxId }),
        as.sandbox.delete({ gameId: sandboxId }),
      ];
      for (const call of refused) await expect(call, who).rejects.toMatchObject({ code: "NOT_FOUND" });
      expect(await as.sandbox.list(), who).toEqual([]);
      const lobby = await as.game.lobby();
      expect([...lobby.mine, ...lobby.watch, ...lobby.open].map((g) => g.id), who).not.toContain(sandboxId);
    }
    const aliceToken = (await createToken(handle.db, alice.id, { name: "t", scopes: ["read", "play"], days: 1 })).token;
    const bobToken = (await createToken(handle.db, bob.id, { name: "t", scopes: ["read"], days: 1 })).token;
    for (const path of [`/games/${sandboxId}`, `/games/${sandboxId}/history`, `/games/${sandboxId}/turns/1`]) {
      const refused = await api(path, aliceToken);
      expect(refused.status, path).toBe(404);
      expect(refused.text).not.toContain("guess");
      expect((await api(path, bobToken)).status, path).toBe(200);
    }
    expect((await api(`/games/${gameId}`, aliceToken)).status).toBe(200);

    // It told no one anything, and it is nobody's record nor a lobby event.
    expect(await handle.db.select().from(notifications).where(eq(notifications.gameId, sandboxId))).toEqual([]);
    expect(await handle.db.select().from(attendance).where(eq(attendance.gameId, sandboxId))).toEqual([]);
    expect((await lobbyEventsAfter(handle.db, 0)).map((e) => e.gameId)).not.toContain(sandboxId);
    expect((await handle.db.select().from(events).where(eq(events.gameId, sandboxId))).length).toBeGreaterThan(0);
    expect((await asBob.game.lobby()).mine.map((g) => g.id)).not.toContain(sandboxId);

    // Its deadlines never pass on their own.
    await handle.db.update(phases).set({ deadline: sql`now() - interval '1 hour'` }).where(eq(phases.gameId, sandboxId));
    await sweepDeadlines(handle.db);
    expect((await asBob.game.get({ gameId: sandboxId })).phase).toMatchObject({ turn: 2, status: "open" });

    // Undo: back to turn 1, its orders as saved, a fresh seed; then a branch from there.
    const before = (await handle.db.select().from(phases).where(and(eq(phases.gameId, sandboxId), eq(phases.turn, 1))))[0]!;
    expect(await asBob.sandbox.undo({ gameId: sandboxId, turn: 1 })).toEqual({ turn: 1 });
    const undone = await asBob.game.get({ gameId: sandboxId });
    expect(undone.phase).toMatchObject({ turn: 1, status: "open", locked: [] });
    expect(undone.myOrders.Germany!.map((o) => o.id)).toEqual(["guess"]);
    expect(undone.phase!.seedHash).not.toBe(before.seedHash);
    expect((await asBob.game.history({ gameId: sandboxId })).phases).toHaveLength(1);
    const branch = await asBob.sandbox.open({ gameId: sandboxId, turn: 1 });
    const branched = await asBob.game.get({ gameId: branch.gameId });
    expect(branched.game.sandbox).toMatchObject({ fromGameId: sandboxId, fromTurn: 1 });
    expect(branched.myOrders.Germany!.map((o) => o.id)).toEqual(["guess"]);
    expect((await asBob.sandbox.list()).map((s) => s.gameId)).toEqual([branch.gameId, sandboxId]);
  });

  it("a share link reads it as a spectator, until it is withdrawn", async () => {
    const { asBob, gameId } = await twoPlayerGame(handle);
    const asCarol = callerFor(handle, await makeUser(handle, `carol-share-${Math.random()}@example.com`));
    const { gameId: sandboxId } = await asBob.sandbox.open({ gameId });
    await asBob.orders.save({ gameId: sandboxId, nation: "Germany", orders: [{ id: "draft-in-sandbox", units: { infantry: 1 }, from: "Germany", path: ["East Europe"] }] });
    await expect(asCarol.sandbox.shared({ token: "x".repeat(32) })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(asCarol.sandbox.shared({ token: "short" })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    const { token } = await asBob.sandbox.share({ gameId: sandboxId });
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect((await asBob.game.get({ gameId: sandboxId })).game.sandbox!.shareToken).toBe(token);
    const shared = await asCarol.sandbox.shared({ token });
    if (shared.ruleset !== "1942") throw new Error("a 1942 sandbox is shared as one");
    expect(shared.view.game.id).toBe(sandboxId);
    expect(shared.view.myNations).toEqual([]);
    expect(shared.view.game.sandbox!.shareToken).toBeNull();
    expect(JSON.stringify(shared)).not.toContain("draft-in-sandbox");
    // Read-only: the link opens no other door.
    await expect(asCarol.game.get({ gameId: sandboxId })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await asBob.sandbox.unshare({ gameId: sandboxId });
    await expect(asCarol.sandbox.shared({ token })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it(`keeps ${MAX_SANDBOXES} per user and names the limit`, async () => {
    const { asAlice, gameId } = await twoPlayerGame(handle);
    for (let i = 0; i < MAX_SANDBOXES; i++) await asAlice.sandbox.open({ gameId });
    await expect(asAlice.sandbox.open({ gameId })).rejects.toMatchObject({ code: "CONFLICT", message: expect.stringContaining(`${MAX_SANDBOXES} sandboxes`) });
    const [first] = await asAlice.sandbox.list();
    await asAlice.sandbox.delete({ gameId: first!.gameId });
    expect((await handle.db.select().from(games).where(eq(games.id, first!.gameId))).length).toBe(0);
    await asAlice.sandbox.open({ gameId });
    // Sandboxes are not games one plays: they leave room for real ones (MAX_ACTIVE_GAMES).
    expect((await asAlice.game.lobby()).mine.map((g) => g.id)).toEqual([gameId]);
  });

  it("of a War of the Triple Alliance game: the owner plays both sides and resolves at once; nobody else reads it, nor does it show the real game's other side's orders", async () => {
    const ta = getRuleset("triple-alliance")!;
    const alice = await makeUser(handle, `alice-ta-sb-${Math.random()}@example.com`);
    const bob = await makeUser(handle, `bob-ta-sb-${Math.random()}@example.com`);
    const carol = await makeUser(handle, `carol-ta-sb-${Math.random()}@example.com`);
    const dan = await makeUser(handle, `dan-ta-sb-${Math.random()}@example.com`);
    const [asAlice, asBob, asCarol, asDan] = [callerFor(handle, alice), callerFor(handle, bob), callerFor(handle, carol), callerFor(handle, dan)];
    const { gameId } = await asAlice.play.create({ name: "Encuentro real", ruleset: "triple-alliance", scenario: "encuentro", seats: 2, mine: ["paraguay"], robots: [], ordersHours: 24, excusedMisses: 0 });
    await asBob.play.join({ gameId, side: "brazil" });
    const [realPhase] = await handle.db.select().from(phases).where(eq(phases.gameId, gameId));
    // Legal batches (TA: the ruleset's own robot), told apart by the seed they came from.
    const aliceBatch = ta.robot(realPhase!.startState, "paraguay", "alice");
    const bobBatch = ta.robot(realPhase!.startState, "brazil", "bob");
    expect((await asAlice.play.save({ gameId, side: "paraguay", orders: aliceBatch })).ok).toBe(true);
    await asAlice.play.lock({ gameId, side: "paraguay" });
    expect((await asBob.play.save({ gameId, side: "brazil", orders: bobBatch })).ok).toBe(true);
    const readsOfReal = async () =>
      JSON.stringify([
        await asAlice.play.get({ gameId }),
        await asBob.play.get({ gameId }),
        await asCarol.play.get({ gameId }),
        await asAlice.play.history({ gameId }),
        await asCarol.play.history({ gameId }),
        await asCarol.play.download({ gameId }),
      ]);
    const realBefore = await readsOfReal();

    // Bob opens one: both sides are his, only his own saved batch came along, the seed is fresh.
    const { gameId: sandboxId } = await asBob.sandbox.open({ gameId });
    const asBrazil = await asBob.play.get({ gameId: sandboxId, side: "brazil" });
    expect(asBrazil.mySides).toEqual(["paraguay", "brazil"]);
    expect(asBrazil.game.sandbox).toMatchObject({ fromGameId: gameId, fromTurn: 1, shareToken: null });
    expect(asBrazil.game.ruleset).toBe("triple-alliance");
    expect(asBrazil.phase).toMatchObject({ status: "open", locked: [], deadline: null });
    expect(asBrazil.view).toEqual((await asBob.play.get({ gameId })).view);
    expect(asBrazil.saved).toEqual(bobBatch);
    expect((await asBob.play.get({ gameId: sandboxId, side: "paraguay" })).saved).toBeNull();
    const [sandboxPhase] = await handle.db.select().from(phases).where(eq(phases.gameId, sandboxId));
    expect((await handle.db.select({ side: orders.nation }).from(orders).where(eq(orders.phaseId, sandboxPhase!.id))).map((o) => o.side)).toEqual(["brazil"]);
    expect(sandboxPhase!.seed).not.toBe(realPhase!.seed);

    // He orders for his enemy and resolves at once: every side locks, the worker resolves it (TA: both armies act together).
    const guess = ta.robot(sandboxPhase!.startState, "paraguay", "guess");
    expect((await asBob.play.save({ gameId: sandboxId, side: "paraguay", orders: guess })).ok).toBe(true);
    expect(await asBob.sandbox.resolve({ gameId: sandboxId })).toEqual({ resolving: true });
    await drain(handle, "sandbox-test");
    expect((await asBob.play.get({ gameId: sandboxId })).turn).toBe(2);
    expect((await asBob.play.history({ gameId: sandboxId })).turns[0]!.orders).toEqual({ paraguay: guess, brazil: bobBatch });
    expect((await asBob.play.verify({ gameId: sandboxId })).ok).toBe(true);
    await expect(asBob.sandbox.robotOrders({ gameId: sandboxId, nation: "Germany" })).rejects.toMatchObject({ code: "BAD_REQUEST" });

    // The real game's every view is byte for byte what it was (Alice's batch never reached the sandbox: only Brazil's row was copied).
    expect(await readsOfReal()).toBe(realBefore);

    // Nobody but Bob reads or touches it: the real game's other player, a spectator of it, an outsider.
    const { token: shareToken } = await asBob.sandbox.share({ gameId: sandboxId });
    for (const [who, as] of [
      ["the real game's other player", asAlice],
      ["a spectator", asCarol],
      ["an outsider", asDan],
    ] as const) {
      const refused = [
        as.play.get({ gameId: sandboxId }),
        as.play.get({ gameId: sandboxId, side: "paraguay" }),
        as.play.kind({ gameId: sandboxId }),
        as.play.history({ gameId: sandboxId }),
        as.play.review({ gameId: sandboxId, turn: 1 }),
        as.play.download({ gameId: sandboxId }),
        as.play.verify({ gameId: sandboxId }),
        as.play.save({ gameId: sandboxId, side: "paraguay", orders: guess }),
        as.play.lock({ gameId: sandboxId, side: "paraguay" }),
        as.play.unlock({ gameId: sandboxId, side: "paraguay" }),
        as.play.join({ gameId: sandboxId, side: "paraguay" }),
        as.game.eventsAfter({ gameId: sandboxId }),
        as.game.events({ gameId: sandboxId }),
        as.press.channels({ gameId: sandboxId }),
        as.sandbox.open({ gameId: sandboxId }),
        as.sandbox.undo({ gameId: sandboxId, turn: 1 }),
        as.sandbox.resolve({ gameId: sandboxId }),
        as.sandbox.share({ gameId: sandboxId }),
        as.sandbox.unshare({ gameId: sandboxId }),
        as.sandbox.delete({ gameId: sandboxId }),
      ];
      for (const call of refused) await expect(call, who).rejects.toMatchObject({ code: "NOT_FOUND" });
      expect(await as.sandbox.list(), who).toEqual([]);
      const lobby = await as.game.lobby();
      expect([...lobby.mine, ...lobby.watch, ...lobby.open].map((g) => g.id), who).not.toContain(sandboxId);
    }
    const aliceToken = (await createToken(handle.db, alice.id, { name: "t", scopes: ["read", "play"], days: 1 })).token;
    const bobToken = (await createToken(handle.db, bob.id, { name: "t", scopes: ["read"], days: 1 })).token;
    for (const path of [`/play/${sandboxId}`, `/play/${sandboxId}/history`, `/play/${sandboxId}/turns/1`, `/play/${sandboxId}/download`]) {
      const refused = await api(path, aliceToken);
      expect(refused.status, path).toBe(404);
      expect(refused.text, path).not.toContain("guess");
      expect((await api(path, bobToken)).status, path).toBe(200);
    }
    expect(await handle.db.select().from(notifications).where(eq(notifications.gameId, sandboxId))).toEqual([]);
    expect((await lobbyEventsAfter(handle.db, 0)).map((e) => e.gameId)).not.toContain(sandboxId);

    // Undo: turn 1 again with its batches as saved and a fresh seed; the share link reads it as a spectator would.
    expect(await asBob.sandbox.undo({ gameId: sandboxId, turn: 1 })).toEqual({ turn: 1 });
    const undone = await asBob.play.get({ gameId: sandboxId, side: "paraguay" });
    expect(undone).toMatchObject({ turn: 1, saved: guess, phase: { status: "open", locked: [] } });
    expect(undone.seedHash).not.toBe(sandboxPhase!.seedHash);
    const shared = await asCarol.sandbox.shared({ token: shareToken });
    if (shared.ruleset === "1942") throw new Error("a Triple Alliance sandbox is shared as one");
    expect(shared.game).toMatchObject({ side: null, mySides: [], saved: null, game: { id: sandboxId, sandbox: { shareToken: null } } });
    expect(shared.history.turns.map((t) => t.orders)).toEqual([null]);
    const branch = await asBob.sandbox.open({ gameId: sandboxId, turn: 1 });
    expect((await asBob.play.get({ gameId: branch.gameId, side: "paraguay" })).saved).toEqual(guess);
    expect(await readsOfReal()).toBe(realBefore);
  });

  it("that ends stores its result, and a step back to before the end reopens it without one", async () => {
    const gil = await makeUser(handle, `gil-ta-end-${Math.random()}@example.com`);
    const hal = await makeUser(handle, `hal-ta-end-${Math.random()}@example.com`);
    const asGil = callerFor(handle, gil);
    // One turn (TA9.3): the turn resolved is the game's last.
    const { gameId } = await asGil.play.create({ name: "One turn", ruleset: "triple-alliance", scenario: "encuentro", seats: 2, mine: ["paraguay"], robots: [], rules: { turnLimit: 1 }, ordersHours: 24, excusedMisses: 0 });
    await callerFor(handle, hal).play.join({ gameId, side: "brazil" });
    const { gameId: sandboxId } = await asGil.sandbox.open({ gameId });
    const stored = async () => (await handle.db.select({ status: games.status, result: games.result }).from(games).where(eq(games.id, sandboxId)))[0]!;
    expect(await stored()).toEqual({ status: "active", result: null });
    expect(await asGil.sandbox.resolve({ gameId: sandboxId })).toEqual({ resolving: true });
    await drain(handle, "sandbox-test");
    const [last] = await handle.db.select().from(phases).where(eq(phases.gameId, sandboxId));
    const ta = getRuleset("triple-alliance")!;
    const ended = ta.result(replayPhase(ta, last!).state);
    expect(ended.over).toBe(true);
    expect(await stored()).toEqual({ status: "finished", result: ended });

    expect(await asGil.sandbox.undo({ gameId: sandboxId, turn: 1 })).toEqual({ turn: 1 });
    expect(await stored()).toEqual({ status: "active", result: null });
    expect((await asGil.play.get({ gameId: sandboxId })).phase).toMatchObject({ status: "open" });
  });

  it("from an Interplanetary position under fog of war starts from what the player's side knows (IP10.4); no read of it shows a hidden number, and a spectator cannot open one", async () => {
    const erin = await makeUser(handle, `erin-ip-sb-${Math.random()}@example.com`);
    const frank = await makeUser(handle, `frank-ip-sb-${Math.random()}@example.com`);
    const [asErin, asFrank] = [callerFor(handle, erin), callerFor(handle, frank)];
    const { gameId } = await asErin.play.create({ name: "Fog", ruleset: "interplanetary", scenario: "hostile-takeover", seats: 2, mine: ["red"], robots: ["blue"], ordersHours: 24, excusedMisses: 0 });
    // The real position: blue-1, at Mercury far beyond red's detection (IP10.2), has burned fuel, taken
    // damage and carries a stock of its own; blue's headquarters made busters; a blue torpedo spent its fuel.
    const [realPhase] = await handle.db.select().from(phases).where(eq(phases.gameId, gameId));
    const real = structuredClone(realPhase!.startState) as unknown as IpState;
    const blue1 = real.ships.find((s) => s.id === "blue-1")!;
    Object.assign(blue1, { fuel: 13, maxFuel: 25, guns: 2, stock: { mine: 0, rocket: 2, missile: 0, torpedo: 1, buster: 1 } });
    blue1.hp.structure = 3;
    real.bases["mercury-se"]!.busters = 4;
    real.ordnance.push({ id: "o99", kind: "torpedo", side: "blue", ship: "blue-1", pos: { q: blue1.pos.q, r: blue1.pos.r - 3 }, vel: { q: 0, r: -1 }, pending: [], turnsLeft: 3, fuel: 0 });
    await handle.db.update(phases).set({ startState: real as never }).where(eq(phases.id, realPhase!.id));
    const HIDDEN = ['"fuel":13', '"maxFuel":25', '"structure":3', '"busters":4'];
    // The premise: the real state holds every hidden number and red's view none.
    for (const secret of HIDDEN) expect(JSON.stringify(real)).toContain(secret);
    const redView = JSON.stringify((await asErin.play.get({ gameId })).view);
    for (const secret of HIDDEN) expect(redView).not.toContain(secret);

    // A spectator plays no side: what would the sandbox start from? Refused, naming why.
    await expect(asFrank.sandbox.open({ gameId })).rejects.toMatchObject({ code: "CONFLICT", message: expect.stringContaining("only a player of this game") });
    expect(await asFrank.sandbox.list()).toEqual([]);

    // Red's player opens one: blue-1 carries the scenario's starting loadout, the torpedo its full fuel, blue's headquarters its first buster.
    const { gameId: sandboxId } = await asErin.sandbox.open({ gameId });
    const [sandboxPhase] = await handle.db.select().from(phases).where(eq(phases.gameId, sandboxId));
    const start = sandboxPhase!.startState as unknown as IpState;
    const assumed = start.ships.find((s) => s.id === "blue-1")!;
    expect({ fuel: assumed.fuel, maxFuel: assumed.maxFuel, guns: assumed.guns, stock: assumed.stock, hp: assumed.hp }).toEqual(startingManifest("hostile-takeover"));
    expect(start.ordnance.find((o) => o.id === "o99")!.fuel).toBe(1);
    expect(start.bases["mercury-se"]!.busters).toBe(1);
    expect(start.ships.filter((s) => s.side === "red")).toEqual(real.ships.filter((s) => s.side === "red"));

    // Every read of the sandbox — both sides' boards, a resolved turn's history, review and download,
    // the REST API and the share link — carries none of the hidden numbers.
    expect(await asErin.sandbox.resolve({ gameId: sandboxId })).toEqual({ resolving: true });
    await drain(handle, "sandbox-test");
    expect((await asErin.play.get({ gameId: sandboxId })).turn).toBe(2);
    await asErin.sandbox.undo({ gameId: sandboxId, turn: 1 });
    await asErin.sandbox.resolve({ gameId: sandboxId });
    await drain(handle, "sandbox-test");
    const { token: shareToken } = await asErin.sandbox.share({ gameId: sandboxId });
    const erinToken = (await createToken(handle.db, erin.id, { name: "t", scopes: ["read"], days: 1 })).token;
    const reads: [string, unknown][] = [
      ["red's board", await asErin.play.get({ gameId: sandboxId, side: "red" })],
      ["blue's board", await asErin.play.get({ gameId: sandboxId, side: "blue" })],
      ["history", await asErin.play.history({ gameId: sandboxId })],
      ["review", await asErin.play.review({ gameId: sandboxId, turn: 1 })],
      ["download", await asErin.play.download({ gameId: sandboxId })],
      ["share link", await asFrank.sandbox.shared({ token: shareToken })],
      ["phases", await handle.db.select().from(phases).where(eq(phases.gameId, sandboxId))],
    ];
    for (const path of [`/play/${sandboxId}`, `/play/${sandboxId}/history`, `/play/${sandboxId}/turns/1`, `/play/${sandboxId}/download`]) {
      const res = await api(path, erinToken);
      expect(res.status, path).toBe(200);
      reads.push([path, res.text]);
    }
    const blueBoard = (reads[1]![1] as { view: { ships: { id: string; fuel?: number; manifest: string }[] } }).view.ships.find((s) => s.id === "blue-1")!;
    expect(blueBoard).toMatchObject({ manifest: "shown", fuel: 20 });
    for (const [what, value] of reads) for (const secret of HIDDEN) expect(typeof value === "string" ? value : JSON.stringify(value), what).not.toContain(secret);

    // Branching her own sandbox copies it as it is: she plays every side of it, so nothing there is hidden from her.
    const branch = await asErin.sandbox.open({ gameId: sandboxId, turn: 1 });
    const [branchPhase] = await handle.db.select().from(phases).where(eq(phases.gameId, branch.gameId));
    expect(branchPhase!.startState).toEqual(sandboxPhase!.startState);
  });

  it("under fog of war is refused for a ruleset that cannot say what a side knows, and copies the state for a player of every side", () => {
    const made = getRuleset("interplanetary")!.setup("hostile-takeover", { sides: ["red", "blue"] }, "s");
    if (!made.ok) throw new Error(made.message);
    const { knownState: _known, ...blind } = getRuleset("interplanetary")!;
    expect(() => shareableStart(blind, made.state, ["red", "blue"], ["red"])).toThrow(/fog of war.*none can be opened/);
    expect(shareableStart(getRuleset("interplanetary")!, made.state, ["red", "blue"], ["red", "blue"])).toBe(made.state);
  });
});
