// The public API's server-sent events (GET /api/v1/games/{gameId}/stream, issue 23): a player's lock
// arrives as an SSE event with its public id; a reconnect with Last-Event-ID first gets what it
// missed; the stream carries hints only (no saved order reaches anyone, its owner included, through
// it) over roles; a token holds at most MAX_STREAMS_PER_TOKEN at once; bad tokens and scopes are refused.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { DbHandle } from "../../db/client";
import type { TokenScope } from "../../db/schema";
import { startRuntime, type Runtime } from "../../server/runtime";
import { createToken } from "../../server/services/api-tokens";
import { testDb } from "../support/db";
import { makeUser, twoPlayerGame } from "../support/world";

let handle: DbHandle;
let runtime: Runtime;
vi.mock("../../server/runtime", async (importOriginal) => {
  const real = await importOriginal<typeof import("../../server/runtime")>();
  return { ...real, getRuntime: async () => runtime };
});
const route = await import("../../app/api/v1/[...path]/route");
const { MAX_STREAMS_PER_TOKEN, openTokenStreams } = await import("../../server/api/public/stream");

beforeAll(async () => {
  handle = await testDb();
  runtime = await startRuntime(handle, { worker: false });
});
afterAll(async () => {
  await runtime.stop();
});

const SECRET = "stream-secret-order-41c2";
const tokenFor = async (userId: string, scopes: TokenScope[] = ["read", "play", "press"]) => createToken(handle.db, userId, { name: "stream", scopes, days: 1 });

function open(gameId: number, token: string | null, headers: Record<string, string> = {}) {
  return route.GET(new Request(`http://localhost/api/v1/games/${gameId}/stream`, { headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers } }));
}

/** Reads the SSE body until `until` holds for the text read so far, or `ms` pass. */
async function readUntil(res: Response, until: (text: string) => boolean, ms = 5000) {
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let text = "";
  const deadline = Date.now() + ms;
  while (!until(text) && Date.now() < deadline) {
    const next = await Promise.race([reader.read(), new Promise<"timeout">((r) => setTimeout(() => r("timeout"), deadline - Date.now()))]);
    if (next === "timeout" || next.done) break;
    text += decoder.decode(next.value, { stream: true });
  }
  await reader.cancel();
  return text;
}

const ids = (text: string) => [...text.matchAll(/^id: (\d+)$/gm)].map((m) => m[1]!);

describe("the event stream", () => {
  it("sends a lock as an event with its id, resumes after Last-Event-ID, and carries no secret to any role", async () => {
    const { alice, bob, asAlice, gameId } = await twoPlayerGame(handle);
    const outsider = await makeUser(handle, "stream-outsider@example.com");
    const [aliceToken, bobToken, outsiderToken, aliceRead] = await Promise.all([tokenFor(alice.id), tokenFor(bob.id), tokenFor(outsider.id), tokenFor(alice.id, ["read"])]);
    await asAlice.orders.save({ gameId, nation: "Germany", orders: [{ id: SECRET, units: { infantry: 1 }, from: "Germany", path: ["East Europe"] }] });

    const streams = await Promise.all([aliceToken, bobToken, outsiderToken, aliceRead].map((t) => open(gameId, t.token)));
    for (const s of streams) {
      expect(s.status).toBe(200);
      expect(s.headers.get("content-type")).toMatch(/^text\/event-stream/);
    }
    const reading = streams.map((s) => readUntil(s, (t) => t.includes("event: locks-changed")));
    await new Promise((r) => setTimeout(r, 100)); // the streams listen before the lock commits
    await asAlice.orders.lock({ gameId, nation: "Germany" });
    const texts = await Promise.all(reading);
    for (const text of texts) {
      expect(text).toContain("event: locks-changed");
      const data = text.split("\n").filter((line) => line.startsWith("data: ")).map((line) => JSON.parse(line.slice(6)));
      expect(data).toContainEqual(expect.objectContaining({ gameId, kind: "locks-changed" }));
      expect(text).not.toContain(SECRET);
      expect(ids(text)).toHaveLength(1);
    }
    const seen = ids(texts[0]!)[0]!;

    // Missed while away: the unlock and the lock again come first on a reconnect with the last id seen.
    await asAlice.orders.unlock({ gameId, nation: "Germany" });
    await asAlice.orders.lock({ gameId, nation: "Germany" });
    const resumed = await readUntil(await open(gameId, bobToken.token, { "last-event-id": seen }), (t) => ids(t).length >= 2);
    expect(ids(resumed)).toHaveLength(2);
    expect(ids(resumed)).not.toContain(seen);
    expect(resumed).not.toContain(SECRET);
  });

  it("refuses no token, a bad token, a token without read, and a game that does not exist; limits streams per token", async () => {
    const { alice, gameId } = await twoPlayerGame(handle);
    const press = await tokenFor(alice.id, ["press"]);
    const good = await tokenFor(alice.id, ["read"]);
    expect((await open(gameId, null)).status).toBe(401);
    expect((await open(gameId, `${good.token}x`)).status).toBe(401);
    expect((await open(gameId, press.token)).status).toBe(403);
    const missing = await open(999_999, good.token);
    expect(missing.status).toBe(404);
    expect(openTokenStreams(good.id)).toBe(0);

    const held = [];
    for (let i = 0; i < MAX_STREAMS_PER_TOKEN; i++) held.push(await open(gameId, good.token));
    expect(held.map((r) => r.status)).toEqual(held.map(() => 200));
    const over = await open(gameId, good.token);
    expect(over.status).toBe(429);
    expect(over.headers.get("retry-after")).toBeTruthy();
    expect((await over.json()).error.message).toMatch(/open streams per token/);
    // Closing one frees its place.
    await held.pop()!.body!.cancel();
    expect(openTokenStreams(good.id)).toBe(MAX_STREAMS_PER_TOKEN - 1);
    const again = await open(gameId, good.token);
    expect(again.status).toBe(200);
    for (const r of [...held, again]) await r.body!.cancel();
    expect(openTokenStreams(good.id)).toBe(0);
  });
});

describe("fuzzing the stream's path and headers", () => {
  it("answers hostile game ids, Last-Event-IDs and queries with a 4xx or a stream, never a 5xx", async () => {
    const { alice, gameId } = await twoPlayerGame(handle);
    const { token, id } = await tokenFor(alice.id, ["read"]);
    const hostile = fc.constantFrom("\u0000", "%00", "%E0%A4%A", "\ud800", "-1", "1e9", "9".repeat(40), "0x10", "NaN", "../1", "%2F", "", " ");
    const segment = fc.oneof(fc.constant(String(gameId)), fc.integer({ min: -5, max: 2 ** 40 }).map(String), hostile, fc.string({ maxLength: 12 }));
    const header = fc.oneof(fc.constant(undefined), fc.string({ maxLength: 300 }), fc.integer().map(String), hostile.filter((h) => !/[\u0000\ud800]/.test(h)));
    await fc.assert(
      fc.asyncProperty(segment, header, fc.option(fc.string({ maxLength: 40 }), { nil: undefined }), async (seg, last, query) => {
        let url: string;
        try {
          url = `http://localhost/api/v1/games/${seg}/stream${query === undefined ? "" : `?lastEventId=${encodeURIComponent(query)}`}`;
          new URL(url);
        } catch {
          return; // not a URL a client could send
        }
        const headers: Record<string, string> = { authorization: `Bearer ${token}` };
        if (last !== undefined) headers["last-event-id"] = last;
        let req: Request;
        try {
          req = new Request(url, { headers });
        } catch {
          return; // a header value fetch itself refuses
        }
        const res = await route.GET(req);
        expect(res.status, `${seg} ${last} ${query}`).toBeLessThan(500);
        await res.body?.cancel();
      }),
      { numRuns: 150, seed: 20261125 },
    );
    expect(openTokenStreams(id)).toBe(0);
  });
});
