// Secrets stay secret: no read procedure returns another nation's orders before the phase resolves,
// for any role — another player, a non-member, a signed-out visitor.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DbHandle } from "../../db/client";
import { appRouter, createCaller } from "../../server/api/root";
import { API_ROUTES } from "../../server/api/public/routes";
import { testDb } from "../support/db";
import { callerFor, makeUser, twoPlayerGame } from "../support/world";

let handle: DbHandle;
beforeAll(async () => {
  handle = await testDb();
});
afterAll(async () => {
  await handle.close();
});

const SECRET = "SECRET-ALICE-ORDER";
type Caller = ReturnType<typeof callerFor>;

/** Every query and subscription of the API; the test fails when one is added without being listed here. */
const READS = ["game.lobby", "game.lobbyLive", "game.get", "game.history", "game.review", "game.verify", "game.events", "notifications.list", "notifications.unread", "notifications.live", "settings.get", "push.publicKey", "orders.destinations", "orders.placements", "press.channels", "press.messages", "press.unread", "press.reports", "battle.preference", "player.profile", "player.leaderboard", "vacation.get", "token.list", "game.eventsAfter", "sandbox.list", "sandbox.shared",
  // Games of other rulesets: their saved orders over roles are tested in ruleset-secrecy.test.ts.
  "play.games", "play.kind", "play.get", "play.history", "play.review", "play.download", "play.verify",
  // A side's questions to its rules: its player's alone, over roles in tests/api/play-ask.test.ts.
  "play.ask",
  // A turn's whole report, none while it is in play: over roles in tests/services/ruleset-turn-report.test.ts and ruleset-phases-secrecy.test.ts.
  "play.turnReport",
  // A side's standing settings: its player's alone, over roles in tests/api/ruleset-1942-standing.test.ts.
  "play.standing",
  // A user's own webhooks: another user's are "not found" (tests/api/webhooks.test.ts).
  "webhook.list"];

describe("hidden orders", () => {
  it("lists every read procedure of the router", () => {
    const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { type: string } }>;
    const reads = Object.entries(procedures)
      .filter(([, p]) => p._def.type !== "mutation")
      .map(([name]) => name)
      .sort();
    expect(reads).toEqual([...READS].sort());
  });

  it("every public API route that reads calls a listed read procedure, whatever its method", () => {
    const procedures = appRouter._def.procedures as unknown as Record<string, { _def: { type: string } }>;
    const readRoutes = API_ROUTES.filter((r) => procedures[r.procedure]!._def.type !== "mutation");
    for (const r of readRoutes) expect(READS, `${r.method} ${r.path}`).toContain(r.procedure);
    // A side's question reads by GET (query) and by POST (a body, for a question too long for a URL):
    // both call play.ask, so its seat check and its refusals (play-ask.test.ts) hold for both.
    const questions = readRoutes.filter((r) => r.path === "/play/{gameId}/sides/{side}/questions/{name}");
    expect(questions.map((r) => `${r.method} ${r.procedure}`).sort()).toEqual(["GET play.ask", "POST play.ask"]);
  });

  it("a battle preference is read by its player alone: never by another player, an outsider or a visitor", async () => {
    const { asAlice, asBob, gameId } = await twoPlayerGame(handle);
    const asCarol = callerFor(handle, await makeUser(handle, `carol-pref-${Math.random()}@example.com`));
    await asAlice.battle.setPreference({ gameId, casualties: "keep-armour" });
    expect(await asAlice.battle.preference({ gameId })).toEqual({ casualties: "keep-armour" });
    // Each reads their own: Bob's and Carol's stay the default, whatever Alice keeps.
    expect(await asBob.battle.preference({ gameId })).toEqual({ casualties: "default" });
    expect(await asCarol.battle.preference({ gameId })).toEqual({ casualties: "default" });
    await expect(asCarol.battle.setPreference({ gameId, casualties: "keep-air" })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(callerFor(handle, null).battle.preference({ gameId })).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    expect(await asAlice.battle.preference({ gameId })).toEqual({ casualties: "keep-armour" });
  });

  it("no read returns another nation's saved orders while the phase is open", async () => {
    const { alice, asAlice, asBob, gameId } = await twoPlayerGame(handle);
    const carol = await makeUser(handle, "carol-outsider@example.com");
    const asCarol = callerFor(handle, carol);
    const asNobody = callerFor(handle, null);
    const saved = await asAlice.orders.save({ gameId, nation: "Germany", orders: [{ id: SECRET, units: { infantry: 1 }, from: "Germany", path: ["East Europe"] }] });
    expect(saved.ok).toBe(true);
    await asAlice.orders.lock({ gameId, nation: "Germany" });

    // Alice herself sees her orders (the check below can fail).
    expect(JSON.stringify(await asAlice.game.get({ gameId }))).toContain(SECRET);

    const reads = (c: typeof asBob) => [
      c.game.lobby(),
      c.game.get({ gameId }),
      c.game.history({ gameId }),
      c.play.history({ gameId }),
      c.game.review({ gameId, turn: 1 }),
      c.notifications.list(),
      c.notifications.unread(),
      c.settings.get(),
      c.push.publicKey(),
      c.player.profile({ id: alice.id }),
      c.player.leaderboard(),
      c.vacation.get(),
    ];
    for (const [who, caller] of [
      ["another player", asBob],
      ["a non-member", asCarol],
    ] as const) {
      for (const result of await Promise.all(reads(caller))) expect(JSON.stringify(result), who).not.toContain(SECRET);
      const view = await caller.game.get({ gameId });
      expect(view.myOrders.Germany, who).toBeUndefined();
      expect(view.phase!.locked, who).toContain("Germany"); // who has locked is public
    }
    for (const read of reads(asNobody)) await expect(read).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    // game.verify: the other player may run it (and it shows no saved order); others may not.
    expect(JSON.stringify(await asBob.game.verify({ gameId }))).not.toContain(SECRET);
    await expect(asCarol.game.verify({ gameId })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(asNobody.game.verify({ gameId })).rejects.toMatchObject({ code: "UNAUTHORIZED" });

    // The live stream carries only hints (kind, turn), never orders.
    const controller = new AbortController();
    const bus = new (await import("node:events")).EventEmitter();
    const caller = createCaller({ db: handle.db, bus, user: carol }, { signal: controller.signal });
    const stream = await caller.game.events({ gameId });
    const first = (stream as AsyncIterable<unknown>)[Symbol.asyncIterator]().next();
    bus.emit(`game:${gameId}`, { gameId, kind: "locks-changed", turn: 1 });
    expect(JSON.stringify(await first)).not.toContain(SECRET);
    // The lobby's stream, resumed from before the game was made: the stored event names only the game.
    const lobby = (await caller.game.lobbyLive({ lastEventId: "0" })) as AsyncIterable<unknown>;
    const replayed = await lobby[Symbol.asyncIterator]().next();
    const [, data] = replayed.value as [string, Record<string, unknown>];
    expect(Object.keys(data).sort()).toEqual(["gameId", "id", "kind", "turn"]);
    expect(data).toMatchObject({ gameId, kind: "game-started", turn: 1 });
    expect(JSON.stringify(replayed)).not.toContain(SECRET);
    // Carol, in no seat, is offered the game to watch, with nothing of the orders.
    expect((await asCarol.game.lobby()).watch.map((g) => g.id)).toContain(gameId);
    controller.abort();
  });

  it("reveals the orders in the history once the phase resolved", async () => {
    const { asAlice, asBob, gameId } = await twoPlayerGame(handle);
    await asAlice.orders.save({ gameId, nation: "Germany", orders: [{ id: SECRET, units: { infantry: 1 }, from: "Germany", path: ["East Europe"] }] });
    await asAlice.orders.lock({ gameId, nation: "Germany" });
    await asBob.orders.lock({ gameId, nation: "Japan" });
    const { drain } = await import("../../server/jobs/worker");
    await drain(handle, "test");
    const history = await asBob.game.history({ gameId });
    expect(JSON.stringify(history.phases[0])).toContain(SECRET);
    expect(JSON.stringify(history.phases[1])).not.toContain(SECRET);
    // The one history every ruleset shares (game.history is its alias): the same, for a player and a watcher.
    const asCarol = callerFor(handle, await makeUser(handle, `carol-history-${Math.random()}@example.com`));
    for (const caller of [asAlice, asBob, asCarol]) {
      const turns = (await caller.play.history({ gameId })).turns;
      expect(JSON.stringify(turns[0])).toContain(SECRET);
      expect(JSON.stringify(turns[1])).not.toContain(SECRET);
      // A 1942 row holds the whole turn, battles and post-combat included: it names no one phase.
      expect(turns.map((t) => t.phase)).toEqual([null, null]);
      expect((await caller.game.history({ gameId })).phases).toEqual(turns.map(({ step: _s, phase: _p, ...rest }) => rest));
    }
    // The turn review too: turn 1 told in full, turn 2 (open) only its status.
    const review = await asBob.game.review({ gameId, turn: 1 });
    expect(review.resolved).toBe(true);
    expect(JSON.stringify(review.orders)).toContain(SECRET);
    expect(review.report).not.toBeNull();
  });

  it("the turn review never returns the orders of a turn not resolved, nor the luck priced from them: open, battles or post-combat", async () => {
    const { asAlice, asBob, gameId } = await twoPlayerGame(handle);
    await asAlice.orders.save({ gameId, nation: "Germany", orders: [{ id: SECRET, units: { infantry: 1 }, from: "Germany", path: ["East Europe"] }] });
    const { phases } = await import("../../db/schema");
    const { and, eq } = await import("drizzle-orm");
    const where = and(eq(phases.gameId, gameId), eq(phases.turn, 1));
    // The phase row itself holds the orders once the combat phase starts: set them there as the
    // adjudicator does, and check each unresolved status keeps them hidden.
    const [row] = await handle.db.select().from(phases).where(where);
    await handle.db.update(phases).set({ orders: { Germany: [{ id: SECRET, units: { infantry: 1 }, from: "Germany", path: ["East Europe"] }] } }).where(eq(phases.id, row!.id));
    for (const status of ["open", "resolving", "battles", "post-combat"] as const) {
      await handle.db.update(phases).set({ status }).where(eq(phases.id, row!.id));
      for (const caller of [asAlice, asBob]) {
        const review = await caller.game.review({ gameId, turn: 1 });
        expect(review, status).toMatchObject({ resolved: false, status, orders: null, report: null, seed: null, luck: null });
        expect(JSON.stringify(review), status).not.toContain(SECRET);
        // The history, by either name, holds the turn back the same way.
        const [turn] = (await caller.play.history({ gameId })).turns;
        expect(turn, status).toMatchObject({ status, orders: null, report: null, seed: null });
        expect(JSON.stringify(await caller.game.history({ gameId })), status).not.toContain(SECRET);
      }
    }
    await expect(asBob.game.review({ gameId, turn: 9 })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });
});

describe("play.review of a 1942 game", () => {
  const ATTACK = { id: SECRET, units: { infantry: 3, armour: 1 }, from: "East Europe", path: ["Karelia S.S.R."] };

  /**
   * Germany (Alice) attacks Karelia, Russia's (a robot): the turn has a battle, decided by Alice. Bob
   * plays Japan, Carol watches. Low luck (R6.8), so Alice is asked whatever the dice: Russia's 3
   * infantry, armour and fighter defend at 13, two sure hits or three, on Germany's 4 attackers, who
   * score at most 4 against 5 defenders — round 1 never ends the battle, and Germany has casualties
   * to choose in it. (With dice, Russia wipes out the four in round 1 about one time in ten.)
   */
  async function attacked() {
    const { asAlice, asBob, gameId } = await twoPlayerGame(handle, { lowLuck: true });
    const asCarol = callerFor(handle, await makeUser(handle, `carol-review-${Math.random()}@example.com`));
    expect((await asAlice.orders.save({ gameId, nation: "Germany", orders: [ATTACK] })).ok).toBe(true);
    return { asAlice, asBob, asCarol, gameId };
  }

  it("reveals nothing of a turn not resolved, to any role: open, resolving, battles or post-combat", async () => {
    const { asAlice, asBob, asCarol, gameId } = await attacked();
    const { phases } = await import("../../db/schema");
    const { and, eq } = await import("drizzle-orm");
    const [row] = await handle.db.select().from(phases).where(and(eq(phases.gameId, gameId), eq(phases.turn, 1)));
    // The row holds the orders once the combat starts (as the adjudicator writes them), and a report so far.
    await handle.db.update(phases).set({ orders: { Germany: [ATTACK] }, report: { orders: [{ id: SECRET }] } }).where(eq(phases.id, row!.id));
    for (const status of ["open", "resolving", "battles", "post-combat"] as const) {
      await handle.db.update(phases).set({ status }).where(eq(phases.id, row!.id));
      for (const [who, caller] of [["the player", asAlice], ["another player", asBob], ["a spectator", asCarol]] as const) {
        const review = await caller.play.review({ gameId, turn: 1 });
        expect(review, `${who}, ${status}`).toMatchObject({ ruleset: "1942", status, resolved: false, before: null, after: null, orders: null, report: null, seed: null, luck: null, gameReports: null, phases: null });
        expect(review.turns, `${who}, ${status}`).toEqual([{ turn: 1, status }]);
        expect(JSON.stringify(review), `${who}, ${status}`).not.toContain(SECRET);
      }
      await expect(callerFor(handle, null).play.review({ gameId, turn: 1 })).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    }
  });

  it("tells a resolved turn in full to every role, as game.review did, with its end: the next turn's start, or the whole turn replayed", async () => {
    const { asAlice, asBob, asCarol, gameId } = await attacked();
    const { drain } = await import("../../server/jobs/worker");
    const { phases } = await import("../../db/schema");
    const { asc, eq } = await import("drizzle-orm");
    await asAlice.orders.lock({ gameId, nation: "Germany" });
    await asBob.orders.lock({ gameId, nation: "Japan" });
    await drain(handle, "test");
    // Alice's casualties, as her standing preference picks them, until the turn is over.
    let waited = 0;
    for (let i = 0; i < 40 && (await asAlice.game.get({ gameId })).phase!.turn === 1; i++) {
      const view = await asAlice.game.get({ gameId });
      if (view.phase!.status === "battles") waited++;
      for (const r of view.phase!.pending?.requests.filter((q) => q.chooser === "Germany") ?? []) await asAlice.battle.resolveWithPreferences({ gameId, nation: "Germany", battle: r.battle });
      if (view.phase!.status === "post-combat") await asAlice.postCombat.lock({ gameId, nation: "Germany" });
      await drain(handle, "test");
    }
    expect(waited, "the turn waited for Germany's battle choice").toBeGreaterThan(0);
    const rows = await handle.db.select().from(phases).where(eq(phases.gameId, gameId)).orderBy(asc(phases.turn));
    expect(rows.map((r) => [r.turn, r.status])).toEqual([[1, "resolved"], [2, "open"]]);
    expect(rows[0]!.decisions?.length, "decisions recorded with the turn").toBeGreaterThan(0);
    for (const caller of [asAlice, asBob, asCarol]) {
      const review = await caller.play.review({ gameId, turn: 1 });
      const old = await caller.game.review({ gameId, turn: 1 });
      expect(review).toMatchObject({ ruleset: "1942", status: "resolved", resolved: true, rules: { lowLuck: true }, seed: rows[0]!.seed, report: rows[0]!.report, orders: rows[0]!.orders });
      expect(JSON.stringify(review.orders)).toContain(SECRET);
      expect(review.luck).not.toBeNull();
      // The alias answers the same facts in its older shape.
      expect(old).toEqual({
        gameId, name: review.name, turn: 1, turns: review.turns, status: "resolved", resolved: true, lowLuck: true, victoryCities: false,
        seedHash: review.seedHash, resolvedAt: review.resolvedAt, seed: review.seed, orders: review.orders, report: review.report, luck: review.luck,
      });
      expect(review.before).toEqual(rows[0]!.startState);
      expect(review.after).toEqual(rows[1]!.startState);
    }
    // The game's last turn has no next one: its end is the whole turn replayed with its recorded
    // decisions, the very state turn 2 started from (not the orders phase alone, which stops at the battle).
    await handle.db.delete(phases).where(eq(phases.id, rows[1]!.id));
    for (const caller of [asAlice, asCarol]) {
      const last = await caller.play.review({ gameId, turn: 1 });
      expect(last.after).toEqual(rows[1]!.startState);
      expect(last.before).toEqual(rows[0]!.startState);
    }
  });
});

describe("play.review of a 1942 game played a phase at a time", () => {
  const ATTACK = { id: SECRET, units: { infantry: 3, armour: 1 }, from: "East Europe", path: ["Karelia S.S.R."] };

  /**
   * A game made by play.create (one row a phase): Germany (Alice) attacks Karelia, Russia's (Bob), with
   * low luck, so Germany has casualties to choose in round 1 whatever the dice (as above): the orders
   * phase resolves into a battles phase, and the turn is not over. Carol watches.
   */
  async function phasedAttack() {
    const { drain } = await import("../../server/jobs/worker");
    const [alice, bob, carol] = await Promise.all(["alice", "bob", "carol"].map((n) => makeUser(handle, `${n}-phased-review-${Math.random()}@example.com`)));
    const [asAlice, asBob, asCarol] = [callerFor(handle, alice!), callerFor(handle, bob!), callerFor(handle, carol!)];
    const { gameId } = await asAlice.play.create({ name: "Phased review", ruleset: "1942", scenario: "standard", seats: 5, mine: ["Germany"], robots: ["Japan", "United Kingdom", "United States"], ordersHours: 24, decisionHours: 24, rules: { lowLuck: true } });
    await asBob.play.join({ gameId, side: "Russia" });
    expect(await asAlice.play.save({ gameId, side: "Germany", phase: "orders", orders: [ATTACK] })).toEqual({ ok: true });
    await asAlice.play.lock({ gameId, side: "Germany" });
    await asBob.play.lock({ gameId, side: "Russia" });
    await drain(handle, "test");
    return { asAlice, asBob, asCarol, gameId, drain };
  }

  const roles = (c: { asAlice: Caller; asBob: Caller; asCarol: Caller }) => [["the player", c.asAlice], ["the other player", c.asBob], ["a spectator", c.asCarol]] as const;

  it("reveals nothing of the turn while a later phase of it is open, to any role, then the whole turn's report and luck once its last phase resolved", async () => {
    const game = await phasedAttack();
    const { asAlice, asBob, gameId, drain } = game;
    const { phases } = await import("../../db/schema");
    const { asc, eq } = await import("drizzle-orm");
    const { getRuleset } = await import("../../server/rulesets");
    const rows = () => handle.db.select().from(phases).where(eq(phases.gameId, gameId)).orderBy(asc(phases.turn), asc(phases.step));
    const waiting = (await rows()).at(-1)!;
    expect([waiting.turn, waiting.step, waiting.status]).toEqual([1, 1, "open"]);
    for (const [who, caller] of roles(game)) {
      const review = await caller.play.review({ gameId, turn: 1 });
      expect(review, who).toMatchObject({ ruleset: "1942", resolved: false, before: null, after: null, orders: null, report: null, seed: null, luck: null, gameReports: null, phases: null });
      expect(JSON.stringify(review), who).not.toContain(SECRET);
    }
    await expect(callerFor(handle, null).play.review({ gameId, turn: 1 })).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    // Every later phase of the turn: the players lock with nothing saved (the defaults, R6.9, R7.4).
    for (let guard = 0; guard < 40; guard++) {
      const open = (await rows()).at(-1)!;
      if (open.turn !== 1) break;
      const sides = (await asAlice.play.get({ gameId })).phase!.sides;
      for (const [caller, side] of [[asAlice, "Germany"], [asBob, "Russia"]] as const) if (sides.includes(side)) await caller.play.lock({ gameId, side });
      await drain(handle, "test");
    }
    const turn1 = (await rows()).filter((r) => r.turn === 1);
    expect(turn1.length, "orders, battles and any post-combat").toBeGreaterThan(1);
    expect(turn1.every((r) => r.status === "resolved")).toBe(true);
    const whole = getRuleset("1942")!.turnReport!(turn1.map((r) => r.report));
    // The whole turn's report is its last phase's; the first phase's was only the combat so far.
    expect(whole).toEqual(turn1.at(-1)!.report);
    expect(turn1[0]!.report).toHaveProperty("next");
    for (const [who, caller] of roles(game)) {
      const review = await caller.play.review({ gameId, turn: 1 });
      expect(review, who).toMatchObject({ resolved: true, report: whole, orders: turn1[0]!.orders, seed: turn1[0]!.seed });
      expect(JSON.stringify(review.orders), who).toContain(SECRET);
      expect((review.report as { battles: { territory: string }[] }).battles.map((b) => b.territory), who).toContain("Karelia S.S.R.");
      // Priced over the whole turn: Germany's attack is in it.
      expect((review.luck as { nation: string }[] | null)?.map((l) => l.nation), who).toContain("Germany");
      expect(review.phases, who).toHaveLength(turn1.length);
    }
    await expect(callerFor(handle, null).play.review({ gameId, turn: 1 })).rejects.toMatchObject({ code: "UNAUTHORIZED" });
  });
});

describe("private press", () => {
  const AXIS = "SECRET-AXIS-PRESS-strike-at-dawn";

  it("no read, live stream or notification tells a non-member of a private channel anything", async () => {
    const { pressGame } = await import("./press-world");
    const { EventEmitter } = await import("node:events");
    const { EVENTS_CHANNEL, USER_EVENTS_CHANNEL } = await import("../../server/runtime-events");
    const { dispatchDue } = await import("../../server/services/dispatch");
    const { deliveries, notifications } = await import("../../db/schema");
    const { eq, inArray } = await import("drizzle-orm");
    const { mailDeps, mailsIn } = await import("../notifications/support");
    // The bus as the runtime feeds it: LISTEN on both channels (game events, users' hints).
    const bus = new EventEmitter();
    const unlisten = [
      await handle.listen(EVENTS_CHANNEL, (p) => bus.emit(`game:${(JSON.parse(p) as { gameId: number }).gameId}`, JSON.parse(p))),
      await handle.listen(USER_EVENTS_CHANNEL, (p) => bus.emit(`user:${(JSON.parse(p) as { userId: string }).userId}`, JSON.parse(p))),
    ];
    try {
      const { gameId, as, users } = await pressGame(handle);
      // Every role's open tab: both live streams, on the bus LISTEN feeds.
      const heard = new Map<string, unknown[]>();
      const tabs = new AbortController();
      for (const [who, user] of Object.entries(users)) {
        const caller = createCaller({ db: handle.db, bus, user }, { signal: tabs.signal });
        const got: unknown[] = [];
        heard.set(who, got);
        for (const stream of [await caller.notifications.live(), await caller.game.events({ gameId })])
          void (async () => {
            for await (const e of stream as AsyncIterable<unknown>) got.push(e);
          })().catch(() => {});
      }
      // Hints of the game's start may still be on their way (LISTEN delivers in commit order): a
      // marker to every user, once heard by all, says everything earlier has arrived.
      const { publishToUser } = await import("../../server/services/events");
      for (const user of Object.values(users)) await publishToUser(handle.db, user.id);
      await expect.poll(() => [...heard.values()].every((h) => h.length > 0)).toBe(true);
      await new Promise((r) => setTimeout(r, 100));
      for (const h of heard.values()) h.length = 0;
      const { channelId } = await as.alice.press.open({ gameId, nation: "Germany", members: ["Japan"] });
      await as.alice.press.send({ gameId, nation: "Germany", channelId, text: AXIS });
      await expect.poll(() => heard.get("bob")!.length).toBeGreaterThan(0);
      await new Promise((r) => setTimeout(r, 300)); // anything else on its way arrives too
      tabs.abort();
      expect(JSON.stringify(heard.get("bob"))).toContain("press");
      for (const who of ["carol", "dave", "erin"]) expect(heard.get(who), who).toEqual([]);

      // Stored notifications (in-app, and what email and push would carry): Bob's only.
      const notes = await handle.db.select().from(notifications).where(eq(notifications.gameId, gameId));
      const aboutIt = notes.filter((n) => n.kind.startsWith("press"));
      expect(new Set(aboutIt.map((n) => n.userId))).toEqual(new Set([users.bob.id]));
      expect(aboutIt.find((n) => n.kind === "press-message")!.text).toContain(AXIS);
      // The digest goes out (an hour's wait passed): only Bob's mail tells of it.
      await handle.db.update(deliveries).set({ dueAt: new Date(Date.now() - 1000) }).where(inArray(deliveries.notificationId, aboutIt.map((n) => n.id)));
      const deps = mailDeps("press-secrecy");
      await dispatchDue(handle.db, deps);
      const mails = mailsIn(deps.dir).filter((m) => m.text.includes(AXIS));
      expect(mails.map((m) => m.to[0]!.address)).toEqual([users.bob.email]);
      expect(mails[0]!.text).toContain("Germany in Germany, Japan (turn 1, orders):");

      // Every read procedure of the others.
      for (const [who, caller] of [["carol", as.carol], ["dave", as.dave], ["erin", as.erin]] as const) {
        const results = await Promise.allSettled([
          caller.game.lobby(),
          caller.game.get({ gameId }),
          caller.game.history({ gameId }),
          caller.play.history({ gameId }),
          caller.game.review({ gameId, turn: 1 }),
          caller.game.verify({ gameId }),
          caller.notifications.list(),
          caller.notifications.unread(),
          caller.press.channels({ gameId }),
          caller.press.messages({ gameId, channelId }),
          caller.press.unread(),
          caller.press.reports({ gameId }),
        ]);
        const text = JSON.stringify(results.map((r) => (r.status === "fulfilled" ? r.value : String(r.reason))));
        expect(text, who).not.toContain(AXIS);
        expect(text, who).not.toContain(`"members":["Germany","Japan"]`);
        expect(await caller.press.unread(), who).toEqual({});
      }
    } finally {
      for (const stop of unlisten) await stop();
    }
  });
});
