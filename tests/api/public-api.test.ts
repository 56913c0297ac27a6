// The public HTTP API (issue 23), called through the route handler's own GET/POST/PUT with Request
// objects: a whole turn played through the API alone (a phased game, as POST /challenges makes); the site's secrecy and authorization over
// roles (another user's token, a read-only token, revoked, expired, none); the rate limit; bad input.
import { EventEmitter } from "node:events";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { eq } from "drizzle-orm";
import type { DbHandle } from "../../db/client";
import { apiTokens } from "../../db/schema";
import { drain } from "../../server/jobs/worker";
import { logger } from "../../server/log";
import { createToken } from "../../server/services/api-tokens";
import type { TokenScope } from "../../db/schema";
import { testDb } from "../support/db";
import { callerFor, makeUser, twoPlayerGame } from "../support/world";

let handle: DbHandle;
const bus = new EventEmitter().setMaxListeners(0);
vi.mock("../../server/runtime", () => ({ getRuntime: async () => ({ handle, bus }) }));
const route = await import("../../app/api/v1/[...path]/route");
const { API_PER_TOKEN } = await import("../../server/api/public/handler");
const { outputSchemaOf } = await import("../../server/api/public/openapi");
const { matchRoute } = await import("../../server/api/public/routes");

beforeAll(async () => {
  handle = await testDb();
});
afterAll(async () => {
  await handle.close();
});

const SECRET = "api-secret-order-7f3a";
const OTHERS = ["Japan", "Russia", "United Kingdom", "United States"] as const;

async function tokenFor(userId: string, scopes: TokenScope[] = ["read", "play", "press"]) {
  return (await createToken(handle.db, userId, { name: "test", scopes, days: 30 })).token;
}

/** Calls the API as a client would: method, path under /api/v1, a token, a JSON body. */
async function api(method: "GET" | "POST" | "PUT", path: string, token?: string | null, body?: unknown) {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (token) headers.authorization = `Bearer ${token}`;
  const req = new Request(`http://localhost/api/v1${path}`, { method, headers, ...(body === undefined ? {} : { body: typeof body === "string" ? body : JSON.stringify(body) }) });
  const res = await route[method](req);
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : null, text };
}

describe("a whole turn through the API alone", () => {
  it("creates a challenge with robots, saves and locks orders on the play routes, and reads the resolved turn", async () => {
    const player = await makeUser(handle, "api-player@example.com");
    const token = await tokenFor(player.id);
    // POST /challenges makes a 1942 game played a phase at a time (tests/api/challenge-1942.test.ts).
    const made = await api("POST", "/challenges", token, { name: "Through the API", nations: ["Germany"], robots: OTHERS, lowLuck: false, ordersHours: 24, decisionHours: 24, robotsHold: true });
    expect(made.status).toBe(200);
    const gameId = made.body.gameId as number;

    const lobby = await api("GET", "/games", token);
    expect(lobby.status).toBe(200);
    expect(JSON.stringify(lobby.body)).toContain("Through the API");

    const view = await api("GET", `/play/${gameId}`, token);
    expect(view.status).toBe(200);
    expect(view.body.turn).toBe(1);

    const question = JSON.stringify({ from: "Germany", units: { infantry: 1 }, earlier: [] });
    const where = await api("GET", `/play/${gameId}/sides/Germany/questions/destinations?question=${encodeURIComponent(question)}`, token);
    expect(where.status).toBe(200);
    expect(JSON.stringify(where.body)).toContain("East Europe");

    const saved = await api("PUT", `/play/${gameId}/sides/Germany/orders`, token, { orders: [{ id: SECRET, units: { infantry: 1 }, from: "Germany", path: ["East Europe"] }] });
    expect(saved.status).toBe(200);
    expect(saved.body.ok).toBe(true);
    expect(JSON.stringify((await api("GET", `/play/${gameId}`, token)).body)).toContain(SECRET);

    const locked = await api("POST", `/play/${gameId}/sides/Germany/lock`, token);
    expect(locked.status).toBe(200);
    await drain(handle, "test");

    // No battle and nothing to land: the turn's later phases ask nobody and close as they open.
    const review = await api("GET", `/play/${gameId}/turns/1`, token);
    expect(review.status).toBe(200);
    expect(review.body.resolved).toBe(true);
    expect(review.body.orders.Germany).toEqual([expect.objectContaining({ id: SECRET, from: "Germany", path: ["East Europe"] })]);
    const after = await api("GET", `/play/${gameId}`, token);
    expect(after.body.turn).toBe(2);
  });
});

describe("the site's authorization and secrecy, over roles", () => {
  it("another user's token reads no saved orders and acts for no seat; a read-only token cannot play", async () => {
    const { alice, bob, gameId } = await twoPlayerGame(handle);
    const aliceToken = await tokenFor(alice.id);
    const bobToken = await tokenFor(bob.id);
    const aliceRead = await tokenFor(alice.id, ["read"]);
    const outsider = await makeUser(handle, "api-outsider@example.com");
    const outsiderToken = await tokenFor(outsider.id);
    const orders = { orders: [{ id: SECRET, units: { infantry: 1 }, from: "Germany", path: ["East Europe"] }] };

    expect((await api("PUT", `/games/${gameId}/nations/Germany/orders`, aliceToken, orders)).status).toBe(200);
    expect((await api("GET", `/games/${gameId}`, aliceToken)).text).toContain(SECRET);
    for (const token of [bobToken, outsiderToken]) {
      for (const path of [`/games/${gameId}`, "/games", `/games/${gameId}/history`, `/games/${gameId}/turns/1`]) {
        const read = await api("GET", path, token);
        expect(read.status).toBe(200);
        expect(read.text).not.toContain(SECRET);
      }
      // Acting for Germany is refused as on the site, and changes nothing.
      const save = await api("PUT", `/games/${gameId}/nations/Germany/orders`, token, { orders: [] });
      expect(save.status).toBe(403);
      expect(save.body.error.code).toBe("FORBIDDEN");
      expect((await api("POST", `/games/${gameId}/nations/Germany/lock`, token)).status).toBe(403);
      expect((await api("GET", `/games/${gameId}/nations/Germany/placements?earlier=[]`, token)).status).toBe(403);
    }
    expect((await api("GET", `/games/${gameId}`, aliceToken)).text).toContain(SECRET);

    // A read-only token of the seat's own player reads, but neither saves nor locks.
    expect((await api("GET", `/games/${gameId}`, aliceRead)).text).toContain(SECRET);
    const readSave = await api("PUT", `/games/${gameId}/nations/Germany/orders`, aliceRead, { orders: [] });
    expect(readSave.status).toBe(403);
    expect(readSave.body.error.message).toMatch(/play scope/);
    expect((await api("POST", `/games/${gameId}/nations/Germany/lock`, aliceRead)).status).toBe(403);
    expect((await api("POST", `/games/${gameId}/nations/Germany/press/1`, aliceToken.replace(/.$/, "x"), { text: "hi" })).status).toBe(401);
    expect((await api("GET", `/games/${gameId}`, aliceToken)).text).toContain(SECRET);
  });

  it("no token, a malformed, revoked or expired token is 401 and reveals nothing", async () => {
    const { alice, gameId } = await twoPlayerGame(handle);
    expect((await api("GET", `/games/${gameId}`, null)).status).toBe(401);
    expect((await api("GET", `/games/${gameId}`, "lst_nonsense")).status).toBe(401);

    const revoked = await createToken(handle.db, alice.id, { name: "old", scopes: ["read"], days: 30 });
    expect((await api("GET", `/games/${gameId}`, revoked.token)).status).toBe(200);
    await handle.db.update(apiTokens).set({ revokedAt: new Date() }).where(eq(apiTokens.id, revoked.id));
    const refused = await api("GET", `/games/${gameId}`, revoked.token);
    expect(refused.status).toBe(401);
    expect(refused.text).not.toContain(revoked.token);

    const expired = await createToken(handle.db, alice.id, { name: "expired", scopes: ["read"], days: 1 });
    await handle.db.update(apiTokens).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(apiTokens.id, expired.id));
    expect((await api("GET", `/games/${gameId}`, expired.token)).status).toBe(401);
  });
});

describe("battles through the API", () => {
  it("the leading nation's token decides its casualties in a classic game; another user's token cannot", async () => {
    const alice = await makeUser(handle, "api-battle-alice@example.com");
    const bob = await makeUser(handle, "api-battle-bob@example.com");
    const [aliceToken, bobToken] = [await tokenFor(alice.id), await tokenFor(bob.id)];
    // A classic game (battle.decide is its route), made through the site's game.create: POST /challenges makes phased ones.
    const { gameId } = await callerFor(handle, alice).game.create({ name: "Karelia by API", nations: ["Germany"], robots: [...OTHERS], lowLuck: true, ordersHours: 24, decisionHours: 24, robotsHold: true });
    const orders = [{ id: "g1", units: { infantry: 3, armour: 1 }, from: "East Europe", path: ["Karelia S.S.R."] }];
    expect((await api("PUT", `/games/${gameId}/nations/Germany/orders`, aliceToken, { orders })).body.ok).toBe(true);
    expect((await api("POST", `/games/${gameId}/nations/Germany/lock`, aliceToken)).status).toBe(200);
    await drain(handle, "test");

    const view = await api("GET", `/games/${gameId}`, aliceToken);
    const mine = (view.body.phase.pending.requests as { mine: boolean; kind: string; battle: string; round: number; step: string; default: number[] }[]).filter((r) => r.mine);
    expect(mine.length).toBeGreaterThan(0);
    const r = mine[0]!;
    const decision = r.kind === "casualties" ? { kind: "casualties", units: r.default } : { kind: "retreat", submerge: [], withdraw: [] };
    const body = { battle: r.battle, round: r.round, step: r.kind === "casualties" ? r.step : "retreat", decision };
    const stranger = await api("POST", `/games/${gameId}/nations/Germany/battles/decide`, bobToken, body);
    expect(stranger.status).toBe(403);
    const decided = await api("POST", `/games/${gameId}/nations/Germany/battles/decide`, aliceToken, body);
    expect(decided.status).toBe(200);
    const again = await api("POST", `/games/${gameId}/nations/Germany/battles/decide`, aliceToken, { ...body, decision: { kind: "casualties", units: [1, 1] } });
    expect(again.status).toBe(400);
    expect(again.body.error.message).toMatch(/named twice/);
  });
});

describe("a game's events", () => {
  it("lists the events after a seen id, and a waiting poll answers with the next one", async () => {
    const { alice, gameId } = await twoPlayerGame(handle);
    const token = await tokenFor(alice.id);
    const first = await api("GET", `/games/${gameId}/events`, token);
    expect(first.status).toBe(200);
    expect(first.body.events.map((e: { kind: string }) => e.kind)).toContain("game-started");
    const seen = first.body.events.at(-1).id as number;
    expect((await api("GET", `/games/${gameId}/events?after=${seen}`, token)).body.events).toEqual([]);

    // The poll waits (far longer than the test needs); the lock's event wakes it, wherever it lands.
    const poll = api("GET", `/games/${gameId}/events?after=${seen}&wait=25`, token);
    expect((await api("POST", `/games/${gameId}/nations/Germany/lock`, token)).status).toBe(200);
    bus.emit(`game:${gameId}`, { gameId, kind: "locks-changed" });
    const woken = await poll;
    expect(woken.status).toBe(200);
    expect(woken.body.events).toEqual([expect.objectContaining({ kind: "locks-changed", gameId })]);

    expect((await api("GET", `/games/${gameId}/events?wait=60`, token)).status).toBe(400);
    expect((await api("GET", "/games/999999/events", token)).status).toBe(404);
  });
});

describe("press through the API", () => {
  it("sends with the press scope only, and a private channel is read by its members alone", async () => {
    const { alice, bob, gameId } = await twoPlayerGame(handle);
    const carol = await makeUser(handle, "api-press-outsider@example.com");
    const [aliceToken, aliceNoPress, bobToken, carolToken] = [await tokenFor(alice.id), await tokenFor(alice.id, ["read", "play"]), await tokenFor(bob.id), await tokenFor(carol.id)];
    const opened = await api("POST", `/games/${gameId}/nations/Germany/press`, aliceToken, { members: ["Japan"] });
    expect(opened.status).toBe(200);
    const channelId = opened.body.channelId as number;
    const PRIVATE = "api-private-word-91c2";

    const refused = await api("POST", `/games/${gameId}/nations/Germany/press/${channelId}`, aliceNoPress, { text: PRIVATE });
    expect(refused.status).toBe(403);
    expect(refused.body.error.message).toMatch(/press scope/);
    expect((await api("POST", `/games/${gameId}/nations/Germany/press/${channelId}`, bobToken, { text: PRIVATE })).status).toBe(403);
    const sent = await api("POST", `/games/${gameId}/nations/Germany/press/${channelId}`, aliceToken, { text: PRIVATE });
    expect(sent.status).toBe(200);

    expect((await api("GET", `/games/${gameId}/press/${channelId}`, bobToken)).text).toContain(PRIVATE);
    expect((await api("GET", `/games/${gameId}/press`, bobToken)).status).toBe(200);
    const outsider = await api("GET", `/games/${gameId}/press/${channelId}`, carolToken);
    expect([403, 404]).toContain(outsider.status);
    expect(outsider.text).not.toContain(PRIVATE);
    expect((await api("GET", `/games/${gameId}/press`, carolToken)).text).not.toContain(PRIVATE);
  });
});

describe("the log", () => {
  it("logs each call with the token's id, never the token", async () => {
    const user = await makeUser(handle, "api-logged@example.com");
    const made = await createToken(handle.db, user.id, { name: "logged", scopes: ["read"], days: 30 });
    const lines: unknown[] = [];
    const child = vi.spyOn(logger, "child").mockReturnValue({ info: (...args: unknown[]) => lines.push(args), warn: (...args: unknown[]) => lines.push(args) } as unknown as ReturnType<typeof logger.child>);
    try {
      await api("GET", "/games", made.token);
      await api("GET", "/games/not-a-number", made.token);
    } finally {
      child.mockRestore();
    }
    expect(lines).toHaveLength(2);
    expect(lines[0]).toEqual([expect.objectContaining({ tokenId: made.id, route: "/games", procedure: "game.lobby", status: 200 }), "api call"]);
    expect(lines[1]).toEqual([expect.objectContaining({ tokenId: made.id, status: 400 }), "api call"]);
    expect(JSON.stringify(lines)).not.toContain(made.token.slice(4));
  });
});

describe("limits and bad input", () => {
  it("answers 429 with Retry-After past the token's limit, and another token is not counted with it", async () => {
    const user = await makeUser(handle, "api-busy@example.com");
    const token = await tokenFor(user.id, ["read"]);
    // Calls go in concurrent batches, so they come faster than the limit's rate even on a busy
    // machine: whatever fixed windows they span, more than max of them land in one window long before
    // 4·max calls are made (each refused call answers 429; every other one answers 200).
    let refused: Awaited<ReturnType<typeof api>> | undefined;
    for (let made = 0; made < 4 * API_PER_TOKEN.max && !refused; made += 20) {
      const batch = await Promise.all(Array.from({ length: 20 }, () => api("GET", "/games", token)));
      for (const res of batch) expect([200, 429]).toContain(res.status);
      refused = batch.find((res) => res.status === 429);
    }
    expect(refused?.status).toBe(429);
    expect(Number(refused!.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(refused!.body.error.code).toBe("TOO_MANY_REQUESTS");
    expect((await api("GET", "/games", await tokenFor(user.id, ["read"]))).status).toBe(200);
    // Up to 4·max calls of the lobby's list: on a busy machine that outlasts the default 30 s.
  }, 120_000);

  it("bad input is a 400 naming the problem, and saves nothing", async () => {
    const { alice, gameId } = await twoPlayerGame(handle);
    const token = await tokenFor(alice.id);
    const bad = await api("PUT", `/games/${gameId}/nations/Germany/orders`, token, { orders: "all of them" });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe("BAD_REQUEST");
    expect(bad.body.error.issues[0].path).toBe("orders");
    expect(bad.body.error.message).toMatch(/^Bad input: orders: /);

    expect((await api("PUT", `/games/${gameId}/nations/Germany/orders`, token, "{not json")).body.error.message).toBe("The body is not JSON");
    expect((await api("PUT", `/games/${gameId}/nations/Atlantis/orders`, token, { orders: [] })).status).toBe(400);
    expect((await api("GET", "/games/not-a-number", token)).body.error.issues[0].path).toBe("gameId");
    expect((await api("GET", "/games/999999", token)).status).toBe(404);
    expect((await api("GET", "/nowhere", token)).status).toBe(404);
    expect((await api("POST", "/games", token)).status).toBe(405);
    // A service's refusal keeps its status and message (R7.3: no landings outside post-combat).
    const landings = await api("PUT", `/games/${gameId}/nations/Germany/landings`, token, { landings: [], aaMoves: [] });
    expect(landings.status).toBe(409);
    expect(landings.body.error).toEqual({ code: "CONFLICT", message: "No post-combat moves are open in this game now (R7.3)" });
    const view = await api("GET", `/games/${gameId}`, token);
    expect(view.status).toBe(200);
  });
});

describe("answers match the documented schemas", () => {
  it("each answer of a played turn parses with its route's answer schema", async () => {
    const player = await makeUser(handle, "api-schemas@example.com");
    const token = await tokenFor(player.id);
    const checked: string[] = [];
    /** Calls the route and checks the answer against the schema the OpenAPI document gives it. */
    async function call(method: "GET" | "POST" | "PUT", path: string, body?: unknown) {
      const res = await api(method, path, token, body);
      expect(res.status, `${method} ${path}: ${res.text}`).toBe(200);
      const found = matchRoute(method, path.split("?")[0]!);
      if ("problem" in found) throw new Error(`no route ${path}`);
      const parsed = outputSchemaOf(found.route.procedure)!.safeParse(res.body);
      expect(parsed.success, `${found.route.procedure}: ${parsed.error?.message}`).toBe(true);
      checked.push(found.route.procedure);
      return res.body;
    }
    // POST /challenges makes a phased game (its answer checked here); the classic routes below play a classic one.
    await call("POST", "/challenges", { name: "Schemas", nations: ["Germany"], robots: OTHERS, lowLuck: false, ordersHours: 24, decisionHours: 24, robotsHold: true });
    const { gameId } = await callerFor(handle, player).game.create({ name: "Schemas", nations: ["Germany"], robots: [...OTHERS], lowLuck: false, ordersHours: 24, decisionHours: 24, robotsHold: true });
    await call("GET", "/games");
    await call("GET", `/games/${gameId}`);
    await call("GET", `/games/${gameId}/nations/Germany/destinations?group=${encodeURIComponent(JSON.stringify({ from: "Germany", units: { infantry: 1 } }))}&earlier=[]`);
    await call("GET", `/games/${gameId}/nations/Germany/placements?earlier=[]`);
    await call("PUT", `/games/${gameId}/nations/Germany/orders`, { orders: [{ id: "m1", units: { infantry: 1 }, from: "Germany", path: ["East Europe"] }] });
    await call("PUT", `/games/${gameId}/nations/Germany/orders`, { orders: [{ id: "m1", units: { infantry: 1 }, from: "Germany", path: ["Japan"] }] }); // refused: ok false
    await call("POST", `/games/${gameId}/nations/Germany/lock`);
    await drain(handle, "test");
    await call("GET", `/games/${gameId}/events`);
    await call("GET", `/games/${gameId}/history`);
    await call("GET", `/games/${gameId}/turns/1`);
    const channels = await call("GET", `/games/${gameId}/press`);
    await call("GET", `/games/${gameId}/press/${channels.channels[0].id}`);
    await call("POST", `/games/${gameId}/nations/Germany/press/${channels.channels[0].id}`, { text: "Hello" });
    expect(new Set(checked).size).toBe(13);
  });
});
