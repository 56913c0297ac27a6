// Secrecy of games of the other rulesets (issue 21: Triple Alliance, Interplanetary) over roles — the
// side's player, the other player, a spectator, an outsider — through tRPC and /api/v1: a side's saved
// orders (an Interplanetary side's plot) reach only that side's player until the turn resolves; then
// every read path may show them. A resolved turn's report reaches each role only through the ruleset's
// reportView. Leaving a side to a robot and taking it back: only the side's player may.
import { beforeAll, describe, expect, it } from "vitest";
import { and, eq, sql } from "drizzle-orm";
import { phases, seats } from "../../db/schema";
import { drain } from "../../server/jobs/worker";
import { sweepDeadlines } from "../../server/services/deadlines";
import { createToken } from "../../server/services/api-tokens";
import { handle, route } from "./api-world";
import { heardBy, registerWhisper } from "../support/whisper-ruleset";
import { callerFor, makeUser } from "../support/world";

beforeAll(() => registerWhisper());

/**
 * A game of each ruleset a side plots in secret, with a batch that marks itself wherever it turns up:
 * a Triple Alliance move no robot would give (its numbers), an Interplanetary plot (IP2.1) whose burn
 * key is written nowhere but in a side's orders and, once resolved, the turn's report.
 */
const SECRET_GAMES = [
  { ruleset: "triple-alliance", scenario: "encuentro", mine: "paraguay", other: "brazil", batch: { units: { "PY-B1": { move: { face: 97, distance: 137 } } }, generals: {} }, mark: '"distance":137' },
  { ruleset: "interplanetary", scenario: "last-man-standing", mine: "red", other: "blue", batch: { ships: { "red-1": { burn: "SW", fire: ["blue-1"] } } }, mark: '"burn":"SW"' },
] as const;

async function api(path: string, token: string | null) {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  const res = await route.GET(new Request(`http://localhost/api/v1${path}`, { headers }));
  return { status: res.status, text: await res.text() };
}

describe.each(SECRET_GAMES)("a side's saved orders in a $ruleset game", ({ ruleset, scenario, mine, other, batch, mark: MARK }) => {
  it("are read by that side's player only until the turn resolves", async () => {
    const [alice, bob, carol] = [await makeUser(handle, `alice-s-${ruleset}@example.com`), await makeUser(handle, `bob-s-${ruleset}@example.com`), await makeUser(handle, `carol-s-${ruleset}@example.com`)];
    const asAlice = callerFor(handle, alice);
    const asBob = callerFor(handle, bob);
    const asCarol = callerFor(handle, carol);
    const { gameId } = await asAlice.play.create({ name: "Secret", ruleset, scenario, seats: 2, mine: [mine], ordersHours: 24 });
    await asBob.play.join({ gameId, side: other });
    expect(await asAlice.play.save({ gameId, side: mine, orders: batch })).toEqual({ ok: true });
    expect(JSON.stringify((await asAlice.play.get({ gameId })).saved)).toContain(MARK);

    // Every read path, for each role that must not see it.
    const reads = async (caller: typeof asBob) =>
      JSON.stringify([
        await caller.play.get({ gameId }),
        await caller.play.get({ gameId, side: mine }),
        await caller.play.history({ gameId }),
        await caller.play.review({ gameId, turn: 1 }),
        await caller.play.turnReport({ gameId, turn: 1 }),
        await caller.play.download({ gameId }),
        await caller.game.lobby(),
        await caller.game.eventsAfter({ gameId }),
      ]);
    for (const caller of [asBob, asCarol]) expect(await reads(caller)).not.toContain(MARK);
    await expect(callerFor(handle, null).play.get({ gameId })).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    await expect(asBob.play.save({ gameId, side: mine, orders: {} })).rejects.toMatchObject({ code: "FORBIDDEN" });
    await expect(asCarol.play.lock({ gameId, side: mine })).rejects.toMatchObject({ code: "FORBIDDEN" });

    const tokens = { alice: (await createToken(handle.db, alice.id, { name: "t", scopes: ["read"], days: 1 })).token, bob: (await createToken(handle.db, bob.id, { name: "t", scopes: ["read"], days: 1 })).token, carol: (await createToken(handle.db, carol.id, { name: "t", scopes: ["read"], days: 1 })).token };
    const paths = [`/play/${gameId}`, `/play/${gameId}?side=${mine}`, `/play/${gameId}/history`, `/play/${gameId}/turns/1`, `/play/${gameId}/turns/1/report`, `/play/${gameId}/download`, "/games"];
    expect((await api(`/play/${gameId}`, tokens.alice)).text).toContain(MARK);
    for (const token of [tokens.bob, tokens.carol])
      for (const path of paths) {
        const res = await api(path, token);
        expect(res.status, path).toBe(200);
        expect(res.text, path).not.toContain(MARK);
      }
    expect((await api(`/play/${gameId}`, null)).status).toBe(401);

    // Once the turn resolves, the orders are public: the same read paths now show them.
    await asAlice.play.lock({ gameId, side: mine });
    expect((await asBob.play.lock({ gameId, side: other })).resolving).toBe(true);
    expect(await drain(handle, "test")).toBe(1);
    expect(JSON.stringify(await asCarol.play.review({ gameId, turn: 1 }))).toContain(MARK);
    expect((await api(`/play/${gameId}/history`, tokens.carol)).text).toContain(MARK);
  });
});

async function readToken(userId: string, scopes: ("read" | "play")[] = ["read"]) {
  return (await createToken(handle.db, userId, { name: "t", scopes, days: 1 })).token;
}

describe("a resolved turn's report in a game of another ruleset", () => {
  it("reaches each role only as the ruleset's reportView lets it, on every read path", async () => {
    const [ann, ben, cat] = [await makeUser(handle, "ann-wr@example.com"), await makeUser(handle, "ben-wr@example.com"), await makeUser(handle, "cat-wr@example.com")];
    const [asAnn, asBen, asCat] = [callerFor(handle, ann), callerFor(handle, ben), callerFor(handle, cat)];
    const { gameId } = await asAnn.play.create({ name: "Whispers", ruleset: "whisper", scenario: "room", seats: 2, mine: ["a"], ordersHours: 24 });
    await asBen.play.join({ gameId, side: "b" });
    await asAnn.play.lock({ gameId, side: "a" });
    await asBen.play.lock({ gameId, side: "b" });
    expect(await drain(handle, "test")).toBe(1);

    const reads = async (caller: typeof asAnn) =>
      JSON.stringify([await caller.play.history({ gameId }), await caller.play.review({ gameId, turn: 1 }), await caller.play.turnReport({ gameId, turn: 1 }), await caller.play.download({ gameId }), await caller.play.get({ gameId }), await caller.game.lobby()]);
    const [forAnn, forBen, forCat] = [await reads(asAnn), await reads(asBen), await reads(asCat)];
    expect(forAnn).toContain(heardBy("a", 1));
    expect(forAnn).not.toContain(heardBy("b", 1));
    expect(forBen).toContain(heardBy("b", 1));
    expect(forBen).not.toContain(heardBy("a", 1));
    for (const side of ["a", "b"]) expect(forCat).not.toContain(heardBy(side, 1));
    expect((await asCat.play.review({ gameId, turn: 1 })).report).toEqual({ turn: 1, heard: {} });

    const paths = [`/play/${gameId}/history`, `/play/${gameId}/turns/1`, `/play/${gameId}/turns/1/report`, `/play/${gameId}/download`];
    const tokens = { ann: await readToken(ann.id), ben: await readToken(ben.id), cat: await readToken(cat.id) };
    for (const path of paths) {
      const [a, b, c] = [await api(path, tokens.ann), await api(path, tokens.ben), await api(path, tokens.cat)];
      expect([a.status, b.status, c.status], path).toEqual([200, 200, 200]);
      expect(a.text, path).toContain(heardBy("a", 1));
      expect(a.text, path).not.toContain(heardBy("b", 1));
      expect(b.text, path).not.toContain(heardBy("a", 1));
      expect(c.text, path).not.toContain("whisper-for-");
      expect((await api(path, null)).status, path).toBe(401);
    }
  });
});

describe("leaving a side to a robot and taking it back, in a game of another ruleset", () => {
  it("only the side's player may, while the game is in play; a robot then orders and locks at once", async () => {
    const [dan, eve, fox] = [await makeUser(handle, "dan-lv@example.com"), await makeUser(handle, "eve-lv@example.com"), await makeUser(handle, "fox-lv@example.com")];
    const [asDan, asEve, asFox] = [callerFor(handle, dan), callerFor(handle, eve), callerFor(handle, fox)];
    const { gameId } = await asDan.play.create({ name: "Seats", ruleset: "whisper", scenario: "room", seats: 2, mine: ["a"], ordersHours: 24, robotTakeover: 1, excusedMisses: 0 });
    // Not in play yet: nothing to leave.
    await expect(asDan.play.leave({ gameId, side: "a" })).rejects.toMatchObject({ code: "CONFLICT" });
    await asEve.play.join({ gameId, side: "b" });

    // Another player, a spectator and an outsider may neither leave nor take back a side not theirs.
    for (const caller of [asEve, asFox]) {
      await expect(caller.play.leave({ gameId, side: "a" })).rejects.toMatchObject({ code: "FORBIDDEN" });
      await expect(caller.play.reclaim({ gameId, side: "a" })).rejects.toMatchObject({ code: "FORBIDDEN" });
    }
    await expect(callerFor(handle, null).play.leave({ gameId, side: "a" })).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    const foxPlay = await readToken(fox.id, ["play"]);
    expect((await apiPost(`/play/${gameId}/sides/a/leave`, foxPlay)).status).toBe(403);
    expect((await apiPost(`/play/${gameId}/sides/a/leave`, null)).status).toBe(401);
    // Dan plays a: a robot did not take it, so there is nothing to take back.
    await expect(asDan.play.reclaim({ gameId, side: "a" })).rejects.toMatchObject({ code: "CONFLICT" });

    // Eve misses the deadline (robotTakeover 1): a robot plays b for her, and she takes it back.
    await asDan.play.lock({ gameId, side: "a" });
    await handle.db.update(phases).set({ deadline: sql`now() - interval '1 minute'` }).where(and(eq(phases.gameId, gameId), eq(phases.status, "open")));
    expect(await sweepDeadlines(handle.db)).toBeGreaterThanOrEqual(1);
    expect(await drain(handle, "test")).toBe(1);
    let view = await asEve.play.get({ gameId });
    expect(view.seats.find((s) => s.side === "b")).toMatchObject({ robot: true, mine: true });
    expect(view.phase?.locked).toEqual(["b"]);
    await expect(asFox.play.reclaim({ gameId, side: "b" })).rejects.toMatchObject({ code: "FORBIDDEN" });
    const evePlay = await readToken(eve.id, ["play"]);
    expect((await apiPost(`/play/${gameId}/sides/b/reclaim`, evePlay)).status).toBe(200);
    view = await asEve.play.get({ gameId });
    expect(view.seats.find((s) => s.side === "b")).toMatchObject({ robot: false, mine: true });
    expect(view.phase?.locked).toEqual([]);

    // Dan leaves a: the robot orders and locks a at once; Eve's lock is then the last and closes the turn.
    expect(await asDan.play.leave({ gameId, side: "a" })).toEqual({ left: true });
    view = await asDan.play.get({ gameId });
    expect(view.seats.find((s) => s.side === "a")).toMatchObject({ robot: true, mine: false, player: null });
    expect(view.mySides).toEqual([]);
    expect(view.phase?.locked).toEqual(["a"]);
    // Who left cannot take the side back.
    await expect(asDan.play.reclaim({ gameId, side: "a" })).rejects.toMatchObject({ code: "FORBIDDEN" });
    expect((await asEve.play.lock({ gameId, side: "b" })).resolving).toBe(true);
    expect(await drain(handle, "test")).toBe(1);
    const [a] = await handle.db.select().from(seats).where(and(eq(seats.gameId, gameId), eq(seats.nation, "a" as never)));
    expect(a).toMatchObject({ userId: null, robot: true });
  });
});

async function apiPost(path: string, token: string | null) {
  const headers: Record<string, string> = { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) };
  const res = await route.POST(new Request(`http://localhost/api/v1${path}`, { method: "POST", headers, body: "{}" }));
  return { status: res.status, text: await res.text() };
}
