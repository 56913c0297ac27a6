// play.ask (docs/platform.md "Questions to the rules"): a side's question to its game's rules in a game
// played a phase at a time — 1942's "where may this group go?" and "where may I place what I buy?" for
// the map of a phased 1942 game. Answered for the side's player only (the seat check of play.save): the
// other player asking for a side not theirs, a spectator and an outsider are refused; an unknown
// question or one of the wrong shape is a 400 naming it, never a 500; a classic game keeps orders.*.
import { describe, expect, it } from "vitest";
import { createToken } from "../../server/services/api-tokens";
import { handle, route } from "./api-world";
import { callerFor, makeUser, QUICK } from "../support/world";

const ROBOTS = ["Japan", "United Kingdom", "United States"];
const GROUP = { from: "East Europe", units: { infantry: 3, armour: 1 }, earlier: [] };

async function api(path: string, token: string | null) {
  const res = await route.GET(new Request(`http://localhost/api/v1${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} }));
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
