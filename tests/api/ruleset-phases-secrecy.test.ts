// Secrecy over roles in a turn of several phases (test ruleset Relay: whisper, then only side a
// answers) — the side's player, the other player, a spectator, an outsider — through tRPC and
// /api/v1: a batch saved in either phase reaches only its side's player until that phase resolves,
// then every read path may show it; each phase's report reaches each role only through reportView.
import { beforeAll, describe, expect, it } from "vitest";
import { asc, eq } from "drizzle-orm";
import { phases } from "../../db/schema";
import { drain } from "../../server/jobs/worker";
import { createToken } from "../../server/services/api-tokens";
import { handle, route } from "./api-world";
import { heardIn, registerRelay } from "../support/relay-ruleset";
import { callerFor, makeUser } from "../support/world";

beforeAll(() => registerRelay());

async function api(path: string, token: string | null) {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  const res = await route.GET(new Request(`http://localhost/api/v1${path}`, { headers }));
  return { status: res.status, text: await res.text() };
}

describe("a turn of several phases", () => {
  it("keeps each phase's saved batch to its side's player until that phase resolves, and each report to its reportView", async () => {
    const [ann, ben, cat] = [await makeUser(handle, "ann-ps@example.com"), await makeUser(handle, "ben-ps@example.com"), await makeUser(handle, "cat-ps@example.com")];
    const [asAnn, asBen, asCat] = [callerFor(handle, ann), callerFor(handle, ben), callerFor(handle, cat)];
    const { gameId } = await asAnn.play.create({ name: "Secret relay", ruleset: "relay", scenario: "room", seats: 2, mine: ["a"], ordersHours: 24 });
    await asBen.play.join({ gameId, side: "b" });
    const tokens = Object.fromEntries(await Promise.all([ann, ben, cat].map(async (u) => [u.id, (await createToken(handle.db, u.id, { name: "t", scopes: ["read"], days: 1 })).token] as const)));
    const paths = [`/play/${gameId}`, `/play/${gameId}?side=a`, `/play/${gameId}/history`, `/play/${gameId}/turns/1`, `/play/${gameId}/turns/1/report`, `/play/${gameId}/download`, "/games"];
    const reads = async (caller: typeof asAnn, userId: string) => {
      const trpc = [await caller.play.get({ gameId }), await caller.play.get({ gameId, side: "a" }), await caller.play.history({ gameId }), await caller.play.review({ gameId, turn: 1 }), await caller.play.turnReport({ gameId, turn: 1 }), await caller.play.download({ gameId }), await caller.game.lobby()];
      const rest = [];
      for (const path of paths) {
        const res = await api(path, tokens[userId]!);
        expect(res.status, path).toBe(200);
        rest.push(res.text);
      }
      return JSON.stringify(trpc) + rest.join("");
    };
    const others = async () => [await reads(asBen, ben.id), await reads(asCat, cat.id)];

    // Whisper phase: a's batch is a's alone.
    await asAnn.play.save({ gameId, side: "a", orders: { say: "first-secret-97" } });
    expect(JSON.stringify((await asAnn.play.get({ gameId })).saved)).toContain("first-secret-97");
    for (const text of await others()) expect(text).not.toContain("first-secret-97");
    expect((await api(`/play/${gameId}`, null)).status).toBe(401);
    await expect(callerFor(handle, null).play.history({ gameId })).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    await asAnn.play.lock({ gameId, side: "a" });
    await asBen.play.lock({ gameId, side: "b" });
    expect(await drain(handle, "test")).toBe(1);

    // Answer phase: the whisper phase resolved, so its orders are public; a's answer is a's alone,
    // and what a heard in the whisper phase reaches only a.
    const [whisper] = await handle.db.select().from(phases).where(eq(phases.gameId, gameId)).orderBy(asc(phases.step));
    const aHeard = heardIn("a", 1, "whisper", whisper!.seed);
    await asAnn.play.save({ gameId, side: "a", orders: { say: "second-secret-137" } });
    expect(JSON.stringify(await asAnn.play.history({ gameId }))).toContain(aHeard);
    for (const text of await others()) {
      expect(text).toContain("first-secret-97");
      expect(text).not.toContain("second-secret-137");
      expect(text).not.toContain(aHeard);
    }
    // The turn is not resolved until its last phase is: its review shows nothing of it yet.
    expect(await asCat.play.review({ gameId, turn: 1 })).toMatchObject({ resolved: false, orders: null, report: null, phases: null });

    await asAnn.play.lock({ gameId, side: "a" });
    expect(await drain(handle, "test")).toBe(1);
    const review = await asCat.play.review({ gameId, turn: 1 });
    expect(review.phases!.map((p) => p.orders)).toEqual([{ a: { say: "first-secret-97" } }, { a: { say: "second-secret-137" } }]);
    expect((await api(`/play/${gameId}/history`, tokens[cat.id]!)).text).toContain("second-secret-137");
    for (const text of await others()) expect(text).not.toContain(aHeard);
    // The whole turn's report over REST is play.turnReport's answer, role by role; none for an outsider.
    for (const [caller, user] of [[asAnn, ann], [asBen, ben], [asCat, cat]] as const) {
      const res = await api(`/play/${gameId}/turns/1/report`, tokens[user.id]!);
      expect(res.status).toBe(200);
      expect(JSON.parse(res.text)).toEqual(await caller.play.turnReport({ gameId, turn: 1 }));
    }
    expect(JSON.parse((await api(`/play/${gameId}/turns/1/report`, tokens[ann.id]!)).text).report).not.toBeNull();
    expect((await api(`/play/${gameId}/turns/1/report`, null)).status).toBe(401);
    expect((await api(`/play/${gameId}/turns/9/report`, tokens[ann.id]!)).status).toBe(404);
  });
});
