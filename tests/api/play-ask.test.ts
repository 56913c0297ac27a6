// play.ask (docs/platform.md "Questions to the rules"): a side's question to its game's rules in a game
// played a phase at a time — 1942's "where may this group go?" and "where may I place what I buy?" for
// the map of a phased 1942 game. Answered for the side's player only (the seat check of play.save): the
// other player asking for a side not theirs, a spectator and an outsider are refused; an unknown
// question or one of the wrong shape is a 400 naming it, never a 500; a classic game keeps orders.*.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { createTRPCClient, httpBatchLink } from "@trpc/client";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { trpcLinks } from "../../app/trpc/links";
import trpcRoute from "../../pages/api/trpc/[trpc]";
import type { AppRouter } from "../../server/api/root";
import type { SessionUser } from "../../server/api/trpc";
import { createToken } from "../../server/services/api-tokens";
import { bus, handle, route } from "./api-world";
import { callerFor, makeUser, QUICK } from "../support/world";

// The site's tRPC route (pages/api/trpc) reads its user from the test rather than a next-auth cookie.
const signedIn: { user: SessionUser | null } = { user: null };
vi.mock("../../server/api/context", () => ({ createContext: async () => ({ db: handle.db, bus, user: signedIn.user }) }));

const ROBOTS = ["Japan", "United Kingdom", "United States"];
const GROUP = { from: "East Europe", units: { infantry: 3, armour: 1 }, earlier: [] };

async function api(path: string, token: string | null) {
  const res = await route.GET(new Request(`http://localhost/api/v1${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} }));
  return { status: res.status, text: await res.text() };
}

async function apiPost(path: string, token: string | null, body: string) {
  const headers: Record<string, string> = { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) };
  const res = await route.POST(new Request(`http://localhost/api/v1${path}`, { method: "POST", headers, body }));
  return { status: res.status, text: await res.text() };
}

async function phasedGame(tag: string) {
  const [alice, bob, cat] = [await makeUser(handle, `alice-ask-${tag}@example.com`), await makeUser(handle, `bob-ask-${tag}@example.com`), await makeUser(handle, `cat-ask-${tag}@example.com`)];
  const [asAlice, asBob, asCat] = [callerFor(handle, alice), callerFor(handle, bob), callerFor(handle, cat)];
  const { gameId } = await asAlice.play.create({ name: `Asked ${tag}`, ruleset: "1942", scenario: "standard", seats: 5, mine: ["Germany"], robots: ROBOTS, ordersHours: 24, excusedMisses: 0 });
  await asBob.play.join({ gameId, side: "Russia" });
  return { alice, bob, cat, asAlice, asBob, asCat, gameId };
}

describe("play.ask in a 1942 game played a phase at a time", () => {
  it("answers the side's player from the open phase's state, and refuses every other role", async () => {
    const { alice, asAlice, asBob, asCat, gameId } = await phasedGame("roles");
    const where = (await asAlice.play.ask({ gameId, side: "Germany", name: "destinations", question: GROUP })) as { destinations: { territory: string }[]; unloads: string[] };
    expect(where.destinations.map((d) => d.territory)).toContain("Karelia S.S.R.");
    const placed = (await asAlice.play.ask({ gameId, side: "Germany", name: "placements", question: { earlier: [] } })) as { treasury: number; left: number };
    expect(placed.treasury).toBeGreaterThan(0);
    expect(placed.left).toBe(placed.treasury);
    // The draft's earlier orders count (R4.10: money spent).
    const spent = (await asAlice.play.ask({ gameId, side: "Germany", name: "placements", question: { earlier: [{ id: "p1", type: "infantry", count: 1, destination: "Germany" }] } })) as { left: number };
    expect(spent.left).toBe(placed.treasury - 3);
    // Bob plays Russia, not Germany; Cat plays nothing here; nobody signed in is nobody.
    expect(await asBob.play.ask({ gameId, side: "Russia", name: "destinations", question: { from: "Russia", units: { infantry: 1 }, earlier: [] } })).toMatchObject({ destinations: expect.any(Array) });
    await expect(asBob.play.ask({ gameId, side: "Germany", name: "destinations", question: GROUP })).rejects.toMatchObject({ code: "FORBIDDEN", message: "You do not play Germany in this game" });
    await expect(asCat.play.ask({ gameId, side: "Germany", name: "placements", question: { earlier: [] } })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(callerFor(handle, null).play.ask({ gameId, side: "Germany", name: "placements", question: { earlier: [] } })).rejects.toMatchObject({ code: "UNAUTHORIZED" });

    // Over the public API: the same answer for the player's token, refusals for the others.
    const token = (await createToken(handle.db, alice.id, { name: "t", scopes: ["read"], days: 1 })).token;
    const path = `/play/${gameId}/sides/Germany/questions/destinations?question=${encodeURIComponent(JSON.stringify(GROUP))}`;
    const answered = await api(path, token);
    expect(answered.status, answered.text).toBe(200);
    expect(JSON.parse(answered.text)).toEqual(where);
    expect((await api(path, null)).status).toBe(401);
    const danToken = (await createToken(handle.db, (await makeUser(handle, "dan-ask@example.com")).id, { name: "t", scopes: ["read"], days: 1 })).token;
    expect((await api(path, danToken)).status).toBe(403);
  });

  it("refuses an unknown question and a question of the wrong shape with a 400 naming it", async () => {
    const { alice, asAlice, gameId } = await phasedGame("shape");
    const bad = (name: string, question: unknown) => asAlice.play.ask({ gameId, side: "Germany", name, question });
    await expect(bad("odds", {})).rejects.toMatchObject({ code: "BAD_REQUEST", message: '1942 answers no question "odds"' });
    await expect(bad("destinations", { units: { infantry: 1 }, earlier: [] })).rejects.toMatchObject({ code: "BAD_REQUEST", message: expect.stringMatching(/^1942 cannot read the question "destinations": from: /) });
    await expect(bad("destinations", { ...GROUP, units: { dragon: 2 } })).rejects.toMatchObject({ code: "BAD_REQUEST", message: expect.stringContaining("units") });
    await expect(bad("placements", { earlier: [{ id: "x", type: "infantry" }] })).rejects.toMatchObject({ code: "BAD_REQUEST", message: expect.stringContaining("earlier.0") });
    await expect(bad("placements", "everything")).rejects.toMatchObject({ code: "BAD_REQUEST", message: expect.stringContaining("the question") });
    await expect(bad("placements", undefined)).rejects.toMatchObject({ code: "BAD_REQUEST", message: 'The question "placements" is missing' });
    // Texts are held to the text policy before the ruleset reads them (NUL never reaches it).
    await expect(bad("destinations", { ...GROUP, from: "East\u0000Europe" })).rejects.toMatchObject({ code: "BAD_REQUEST", message: expect.stringContaining("question.from") });
    // A territory that does not exist is the rules' to answer (nowhere to go), not a crash.
    expect(await bad("destinations", { ...GROUP, from: "Atlantis" })).toEqual({ destinations: [], unloads: [] });

    const token = (await createToken(handle.db, alice.id, { name: "t", scopes: ["read"], days: 1 })).token;
    const res = await api(`/play/${gameId}/sides/Germany/questions/destinations?question=${encodeURIComponent('{"from":1}')}`, token);
    expect(res.status).toBe(400);
    expect(res.text).toContain("from");
    expect((await api(`/play/${gameId}/sides/Germany/questions/destinations?question=not-json`, token)).status).toBe(400);
  });

  it("leaves a classic 1942 game on orders.destinations and orders.placements", async () => {
    const carl = await makeUser(handle, "carl-ask@example.com");
    const asCarl = callerFor(handle, carl);
    const { gameId } = await asCarl.game.create({ name: "Classic asked", nations: ["Germany"], robots: ["Russia", "Japan", "United Kingdom", "United States"], ...QUICK });
    await expect(asCarl.play.ask({ gameId, side: "Germany", name: "placements", question: { earlier: [] } })).rejects.toMatchObject({ code: "BAD_REQUEST", message: expect.stringContaining("orders.*") });
    const where = await asCarl.orders.destinations({ gameId, nation: "Germany", group: { from: GROUP.from, units: GROUP.units }, earlier: [] });
    expect(where.destinations.map((d) => d.territory)).toContain("Karelia S.S.R.");
    expect((await asCarl.orders.placements({ gameId, nation: "Germany", earlier: [] })).treasury).toBeGreaterThan(0);
  });
});

/**
 * A draft's earlier orders as a placements question of about 40 KB of JSON (280 moves with long ids
 * and paths: R4.2's claims): past the 16 KB that Node (and most proxies) allow a request's line and
 * headers, so it cannot travel in a URL.
 */
function longQuestion() {
  const earlier = Array.from({ length: 280 }, (_, i) => ({
    id: `draft-move-${String(i).padStart(4, "0")}-${"x".repeat(24)}`,
    units: { infantry: 1, armour: 1 },
    from: "Western Europe",
    path: ["Germany", "East Europe", "Ukraine S.S.R."],
  }));
  return { earlier };
}

describe("a long question (a draft of many orders)", () => {
  let server: Server;
  let trpcUrl: string;
  beforeAll(async () => {
    // The site's own tRPC route behind Node's HTTP server, with Node's default header limit (16 KB), as Next serves it.
    server = createServer((req, res) => void trpcRoute(req as never, res as never));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    trpcUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/trpc`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });
  /** The page's client: the links of app/trpc/client.tsx. */
  const pageClient = () => createTRPCClient<AppRouter>({ links: trpcLinks(trpcUrl) });

  it("is answered through the public POST route and through the page's tRPC link, as the rules answer it", async () => {
    const { alice, bob, asAlice, gameId } = await phasedGame("long");
    const question = longQuestion();
    const size = JSON.stringify(question).length;
    expect(size).toBeGreaterThan(38 * 1024);
    expect(size).toBeLessThan(48 * 1024);
    const expected = await asAlice.play.ask({ gameId, side: "Germany", name: "placements", question });
    expect(expected).toMatchObject({ treasury: expect.any(Number) });

    // The public API: the question in a JSON body.
    const token = (await createToken(handle.db, alice.id, { name: "t", scopes: ["read"], days: 1 })).token;
    const path = `/play/${gameId}/sides/Germany/questions/placements`;
    const posted = await apiPost(path, token, JSON.stringify({ question }));
    expect(posted.status, posted.text).toBe(200);
    expect(JSON.parse(posted.text)).toEqual(expected);
    // The same seat check as the GET: no token, another player's token.
    expect((await apiPost(path, null, JSON.stringify({ question }))).status).toBe(401);
    const bobToken = (await createToken(handle.db, bob.id, { name: "t", scopes: ["read"], days: 1 })).token;
    const refused = await apiPost(path, bobToken, JSON.stringify({ question }));
    expect(refused.status).toBe(403);
    expect(refused.text).toContain("You do not play Germany in this game");

    // The page's tRPC link over HTTP: the same answer, where the question in a URL is refused (431).
    signedIn.user = alice;
    expect(await pageClient().play.ask.query({ gameId, side: "Germany", name: "placements", question })).toEqual(expected);
    const asGet = createTRPCClient<AppRouter>({ links: [httpBatchLink({ url: trpcUrl })] });
    await expect(asGet.play.ask.query({ gameId, side: "Germany", name: "placements", question })).rejects.toThrow();
    // Secrecy and sign-in are the procedure's, whatever the method.
    signedIn.user = bob;
    await expect(pageClient().play.ask.query({ gameId, side: "Germany", name: "placements", question })).rejects.toMatchObject({ data: { code: "FORBIDDEN" } });
    signedIn.user = null;
    await expect(pageClient().play.ask.query({ gameId, side: "Germany", name: "placements", question })).rejects.toMatchObject({ data: { code: "UNAUTHORIZED" } });
  });

  it("refuses a question over 64 KB with its named 400 either way, and lets no other query come as a POST", async () => {
    const { alice, asAlice, gameId } = await phasedGame("huge");
    const question = { earlier: [], note: "x".repeat(65 * 1024) };
    const message = "A question is at most 64 KB of JSON";
    await expect(asAlice.play.ask({ gameId, side: "Germany", name: "placements", question })).rejects.toMatchObject({ code: "BAD_REQUEST", message });
    const token = (await createToken(handle.db, alice.id, { name: "t", scopes: ["read"], days: 1 })).token;
    const path = `/play/${gameId}/sides/Germany/questions/placements`;
    const huge = await apiPost(path, token, JSON.stringify({ question }));
    expect(huge.status).toBe(400);
    expect(JSON.parse(huge.text)).toMatchObject({ error: { code: "BAD_REQUEST", message } });
    signedIn.user = alice;
    await expect(pageClient().play.ask.query({ gameId, side: "Germany", name: "placements", question })).rejects.toMatchObject({ message, data: { code: "BAD_REQUEST" } });
    // A body that is not JSON, and one without its question, are named too.
    expect(JSON.parse((await apiPost(path, token, "{question")).text)).toMatchObject({ error: { code: "BAD_REQUEST", message: "The body is not JSON" } });
    expect(JSON.parse((await apiPost(path, token, "{}")).text)).toMatchObject({ error: { code: "BAD_REQUEST", message: expect.stringContaining("question") } });
    // Every other query is still a GET only: a POST of play.get is refused (405) however it is signed.
    const post = await fetch(`${trpcUrl}/play.get`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ gameId }) });
    expect(post.status).toBe(405);
    const mixed = await fetch(`${trpcUrl}/play.ask,play.get?batch=1`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ 0: { gameId, side: "Germany", name: "placements", question: { earlier: [] } }, 1: { gameId } }) });
    expect(mixed.status).not.toBe(200);
    signedIn.user = null;
  });
});
