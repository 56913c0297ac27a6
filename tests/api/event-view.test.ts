// An event that moves the phase on carries each stream's own viewer's new view (issue 20): exactly what
// game.get gives that viewer at that moment, over roles (the player who chose, another player of the
// battle, an ally, a spectator; signed out: no stream), and nothing of another's orders or battle
// choices. The streams are read over HTTP, as a page reads them: the route splices each viewer's
// view into the bytes (server/api/view-frames.ts). The streams of one process share one read of the
// game and one serialisation of its board per event; everything else is cut per viewer, so viewers
// whose views differ (own orders, names in an anonymous game) each get their own.
import { EventEmitter } from "node:events";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Db, DbHandle } from "../../db/client";
import type { SessionUser } from "../../server/api/trpc";
import { drain } from "../../server/jobs/worker";
import { startRuntime, type Runtime } from "../../server/runtime";
import type { GameEvent } from "../../server/runtime-events";
import type { GameView } from "../../server/services/view";
import { testDb } from "../support/db";
import { callerFor, makeUser } from "../support/world";

/** readView's calls (the per-event reads of the streams go through the module's export) and the
 * JSON made of a part every viewer shares (the board: json-bytes.ts is only used for that). */
const counts = vi.hoisted(() => ({ reads: 0, shared: 0 }));
vi.mock("../../server/services/view", async (importOriginal) => {
  const real = await importOriginal<typeof import("../../server/services/view")>();
  return {
    ...real,
    readView: (...args: Parameters<typeof real.readView>) => {
      counts.reads += 1;
      return real.readView(...args);
    },
  };
});
vi.mock("../../server/api/json-bytes", async (importOriginal) => {
  const real = await importOriginal<typeof import("../../server/api/json-bytes")>();
  return {
    jsonBytes: (value: unknown) => {
      counts.shared += 1;
      return real.jsonBytes(value);
    },
  };
});
// The HTTP route gets its context (database, bus, user) from the test instead of the app's runtime.
const current: { user: SessionUser | null } = { user: null };
vi.mock("../../server/api/context", () => ({ createContext: async () => ({ db: handle.db as Db, bus: runtime.bus as EventEmitter, user: current.user }) }));

let handle: DbHandle;
let runtime: Runtime;
beforeAll(async () => {
  handle = await testDb();
  runtime = await startRuntime(handle, { worker: false });
});
afterAll(async () => {
  await runtime.stop();
});

const { handleTrpcRequest: GET } = await import("../../app/trpc/http");
const streamRequest = (gameId: number, signal: AbortSignal) => new Request(`http://localhost/api/trpc/game.events?input=${encodeURIComponent(JSON.stringify({ gameId }))}`, { signal });

/** `user`'s stream of the game over HTTP: each event frame's data, parsed, to `onEvent`. */
async function openStream(user: SessionUser, gameId: number, signal: AbortSignal, onEvent: (e: Heard) => void) {
  current.user = user;
  const res = await GET(streamRequest(gameId, signal));
  expect(res.headers.get("content-type")).toBe("text/event-stream");
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
  void (async () => {
    let text = "";
    for (;;) {
      const { value, done } = await reader.read();
      if (done) return;
      text += value;
      const frames = text.split("\n\n");
      text = frames.pop()!;
      for (const frame of frames) {
        const data = frame.split("\n").find((l) => l.startsWith("data: "));
        if (data && !frame.includes("event: ")) onEvent(JSON.parse(data.slice("data: ".length)) as Heard);
      }
    }
  })().catch(() => {});
}

const SECRET = "event-view-secret-order-7f3a";
type Heard = GameEvent & { view?: GameView };
const ROLES = ["alice", "bob", "erin", "carol"] as const;

describe("the view an event carries", () => {
  it("is game.get's answer for the stream's own viewer, with nothing of another's orders or choices, read once per event", async () => {
    const make = (who: string) => makeUser(handle, `${who}-event-view-${Math.random()}@example.com`);
    // Alice (Germany) attacks Karelia, held by Bob (Russia); Erin plays Japan (Alice's ally); Carol watches.
    const users: Record<(typeof ROLES)[number], SessionUser> = { alice: await make("alice"), bob: await make("bob"), erin: await make("erin"), carol: await make("carol") };
    const as = Object.fromEntries(ROLES.map((r) => [r, callerFor(handle, users[r])])) as Record<(typeof ROLES)[number], ReturnType<typeof callerFor>>;
    const { gameId } = await as.alice.game.create({ name: "Event view", nations: ["Germany"], robots: ["United Kingdom", "United States"], lowLuck: true, ordersHours: 24, decisionHours: 24, robotsHold: true });
    await as.erin.game.join({ gameId, nation: "Japan" });
    await as.bob.game.join({ gameId, nation: "Russia" });
    expect((await as.alice.orders.save({ gameId, nation: "Germany", orders: [{ id: SECRET, units: { infantry: 3, armour: 1 }, from: "East Europe", path: ["Karelia S.S.R."] }] })).ok).toBe(true);

    // Every role's open tab, on the bus LISTEN feeds (one process), read over HTTP.
    const tabs = new AbortController();
    const heard = Object.fromEntries(ROLES.map((r) => [r, [] as Heard[]])) as Record<(typeof ROLES)[number], Heard[]>;
    for (const role of ROLES) await openStream(users[role], gameId, tabs.signal, (e) => heard[role].push(e));
    // Signed out: no stream at all.
    await expect(callerFor(handle, null).game.events({ gameId })).rejects.toMatchObject({ code: "UNAUTHORIZED" });

    const withView = (role: (typeof ROLES)[number], kind: GameEvent["kind"]) => heard[role].filter((e) => e.kind === kind && e.view);
    /** Each role's last pushed view of `kind` equals its game.get now, and shows no other's secret. */
    const check = async (kind: GameEvent["kind"]) => {
      await expect.poll(() => ROLES.every((r) => withView(r, kind).length > 0), { timeout: 10_000 }).toBe(true);
      for (const role of ROLES) {
        const pushed = withView(role, kind).at(-1)!.view!;
        expect(pushed, role).toEqual(await as[role].game.get({ gameId }));
        if (role !== "alice") {
          expect(JSON.stringify(pushed), role).not.toContain(SECRET);
          expect(pushed.myOrders.Germany, role).toBeUndefined();
          expect(pushed.phase?.pending?.decided.some((d) => "decision" in d && d.decision !== undefined), role).toBe(false);
        }
      }
      return Object.fromEntries(ROLES.map((r) => [r, withView(r, kind).at(-1)!.view!])) as Record<(typeof ROLES)[number], GameView>;
    };

    // The last locks: the turn's combat waits for both sides' casualties (a battle-waiting event).
    const before = { ...counts };
    for (const [role, nation] of [["alice", "Germany"], ["erin", "Japan"], ["bob", "Russia"]] as const) await as[role].orders.lock({ gameId, nation });
    await drain(handle, "test");
    const waiting = await check("battle-waiting");
    // The last lock's event carries no view, on any stream: it says the phase resolves with every
    // nation locked, which the page applies in place (live-locks.ts), and nothing of anyone's orders.
    for (const role of ROLES) {
      const lastLock = heard[role].filter((e) => e.kind === "locks-changed").at(-1)!;
      expect(lastLock, role).toMatchObject({ status: "resolving", locked: ["Russia", "Germany", "United Kingdom", "Japan", "United States"] });
      expect(lastLock, role).not.toHaveProperty("view");
      expect(JSON.stringify(lastLock), role).not.toContain(SECRET);
    }
    expect(waiting.alice.myOrders.Germany!.map((o) => o.id)).toEqual([SECRET]);
    expect(waiting.alice.phase!.pending!.requests.find((r) => r.mine && r.kind === "casualties")?.preferred).toBeDefined();
    expect(waiting.bob.phase!.pending!.requests.filter((r) => r.chooser === "Germany").every((r) => !r.mine && !("preferred" in r))).toBe(true);
    expect(waiting.carol.myNations).toEqual([]);

    // Alice chooses; her choice is sealed until Bob's is in: only her own stream carries it.
    const asked = waiting.alice.phase!.pending!.requests.find((r) => r.mine && r.kind === "casualties")!;
    if (asked.kind !== "casualties") throw new Error("a casualty request");
    await as.alice.battle.decide({ gameId, nation: "Germany", battle: asked.battle, round: asked.round, step: asked.step, decision: { kind: "casualties", units: asked.default } });
    const decided = await check("battle-decided");
    // The pushed view has moved on: Alice is no longer asked; Bob still is.
    expect(decided.alice.phase!.pending!.requests.some((r) => r.mine)).toBe(false);
    expect(decided.bob.phase!.pending!.requests.some((r) => r.mine)).toBe(true);

    // One read and one serialisation of the board per event in this process, whatever the number
    // of streams (four here).
    const carried = new Set(heard.alice.filter((e) => e.view).map((e) => e.id));
    expect(carried.size).toBeGreaterThanOrEqual(2);
    expect(counts.reads - before.reads).toBe(carried.size);
    expect(counts.shared - before.shared).toBe(carried.size);
    tabs.abort();
  });

  it("is cut for each viewer: own orders and, in an anonymous game, only the viewer's own name, with the board shared", async () => {
    const make = async (who: string) => ({ ...(await makeUser(handle, `${who}-anon-view-${Math.random()}@example.com`)), name: null });
    const alice = await make("alice");
    const bob = await make("bob");
    const carol = await make("carol");
    const asAlice = callerFor(handle, alice);
    const asBob = callerFor(handle, bob);
    const { gameId } = await asAlice.game.create({ name: "Masks", nations: ["Germany"], robots: ["United Kingdom", "United States", "Japan"], lowLuck: true, ordersHours: 24, decisionHours: 24, robotsHold: true, anonymous: true });
    await asBob.game.join({ gameId, nation: "Russia" });
    const secret = { alice: "anon-view-alice-order-19c2", bob: "anon-view-bob-order-5e7d" };
    await asAlice.orders.save({ gameId, nation: "Germany", orders: [{ id: secret.alice, units: { infantry: 1 }, from: "East Europe", path: ["Karelia S.S.R."] }] });
    await asBob.orders.save({ gameId, nation: "Russia", orders: [{ id: secret.bob, units: { infantry: 1 }, from: "Karelia S.S.R.", path: ["East Europe"] }] });

    const tabs = new AbortController();
    const viewers = { alice, bob, carol };
    const pushed: Record<keyof typeof viewers, GameView[]> = { alice: [], bob: [], carol: [] };
    for (const [who, user] of Object.entries(viewers) as [keyof typeof viewers, SessionUser][])
      await openStream(user, gameId, tabs.signal, (e) => void (e.kind === "paused" && e.view && pushed[who].push(e.view)));
    const before = { ...counts };
    await asAlice.game.pause({ gameId });
    await expect.poll(() => Object.values(pushed).every((views) => views.length === 1), { timeout: 10_000 }).toBe(true);

    const seat = (view: GameView, nation: string) => view.seats.find((s) => s.nation === nation)!.player;
    const [a, b, c] = [pushed.alice[0]!, pushed.bob[0]!, pushed.carol[0]!];
    expect(a).toEqual(await asAlice.game.get({ gameId }));
    expect(b).toEqual(await asBob.game.get({ gameId }));
    expect(c).toEqual(await callerFor(handle, carol).game.get({ gameId }));
    // Names: each player sees their own and nobody else's; the spectator sees none.
    expect(seat(a, "Germany")).not.toBe("a player");
    expect(seat(a, "Russia")).toBe("a player");
    expect(seat(b, "Russia")).not.toBe("a player");
    expect(seat(b, "Germany")).toBe("a player");
    expect([seat(c, "Germany"), seat(c, "Russia")]).toEqual(["a player", "a player"]);
    expect(a.seats.find((s) => s.nation === "Russia")!.playerId).toBeUndefined();
    // Orders: each their own only; only the creator may resume.
    const text = { alice: JSON.stringify(a), bob: JSON.stringify(b), carol: JSON.stringify(c) };
    expect([text.alice.includes(secret.alice), text.alice.includes(secret.bob)]).toEqual([true, false]);
    expect([text.bob.includes(secret.bob), text.bob.includes(secret.alice)]).toEqual([true, false]);
    expect([text.carol.includes(secret.alice), text.carol.includes(secret.bob)]).toEqual([false, false]);
    expect([a.game.mayPause, b.game.mayPause, c.game.mayPause]).toEqual([true, false, false]);
    // The board is the same for all three, and was serialised once for the three streams.
    expect(b.board).toEqual(a.board);
    expect(c.board).toEqual(a.board);
    expect(counts.shared - before.shared).toBe(1);
    tabs.abort();
  });
});
