// Webhooks over roles (issue 23): what each user's webhook is given is only what that user may see
// (a battle's "decide" only to its chooser, no orders of anyone), a game webhook is for its creator
// or players, one user never reads, tests or deletes another's; registration refuses private
// addresses; the public API serves the same procedures under the `webhooks` scope alone.
import { describe, expect, it } from "vitest";
import { eq, inArray } from "drizzle-orm";
import { webhookDeliveries, webhooks, type TokenScope } from "../../db/schema";
import { drain } from "../../server/jobs/worker";
import { createToken } from "../../server/services/api-tokens";
import { sweepReminders } from "../../server/services/reminders";
import { bodyOf } from "../../server/services/webhooks/deliver";
import { MAX_WEBHOOKS } from "../../server/services/webhooks/webhooks";
import { handle, route } from "./api-world";
import { callerFor, makeUser } from "../support/world";

type Caller = ReturnType<typeof callerFor>;
const ALL = ["turn-resolved", "deadline-soon", "decision-waiting", "game-over"] as const;
const url = (who: string) => `https://hooks.example.com/${who}`;

async function api(method: "GET" | "POST" | "DELETE", path: string, token: string, body?: unknown) {
  const req = new Request(`http://localhost/api/v1${path}`, {
    method,
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const res = await route[method](req);
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : null };
}

/** Every webhook row and every delivery queued for them (the outbox is exactly what is sent, before the format). */
async function outbox() {
  const internal = await handle.db.select().from(webhooks);
  const rows = await handle.db
    .select()
    .from(webhookDeliveries)
    .where(inArray(webhookDeliveries.webhookId, internal.map((w) => w.id)));
  return { internal, rows };
}

describe("webhooks over roles", () => {
  it("a battle's decision goes only to its chooser's webhook; no body carries orders", async () => {
    const make = (who: string) => makeUser(handle, `${who}-hooks-${Math.random()}@example.com`);
    const [alice, bob, erin, carol] = await Promise.all([make("alice"), make("bob"), make("erin"), make("carol")]);
    const [asAlice, asBob, asErin, asCarol] = [alice, bob, erin, carol].map((u) => callerFor(handle, u)) as [Caller, Caller, Caller, Caller];
    const { gameId } = await asAlice.game.create({ name: "Hooked", nations: ["Germany"], robots: ["United Kingdom", "United States"], lowLuck: true, ordersHours: 24, decisionHours: 24, robotsHold: true });
    await asErin.game.join({ gameId, nation: "Japan" });
    await asBob.game.join({ gameId, nation: "Russia" });
    // Every role registers for every event: players, an ally that does not lead, an outsider.
    const hooks = new Map<string, number>();
    for (const [who, c] of [["alice", asAlice], ["bob", asBob], ["erin", asErin], ["carol", asCarol]] as const) hooks.set(who, (await c.webhook.create({ url: url(who), events: [...ALL], format: "json" })).id);
    // The creator's webhook for this game; an outsider may not watch it.
    hooks.set("alice-game", (await asAlice.webhook.create({ url: url("alice-game"), events: [...ALL], format: "json", gameId })).id);
    await expect(asCarol.webhook.create({ url: url("carol-game"), events: [...ALL], format: "json", gameId })).rejects.toMatchObject({ code: "FORBIDDEN" });

    const SECRET_ID = "bob-secret-order-41";
    expect((await asAlice.orders.save({ gameId, nation: "Germany", orders: [{ id: "alice-secret-order-17", units: { infantry: 3, armour: 1 }, from: "East Europe", path: ["Karelia S.S.R."] }] })).ok).toBe(true);
    expect((await asBob.orders.save({ gameId, nation: "Russia", orders: [{ id: SECRET_ID, units: { infantry: 1 }, from: "Russia", path: ["Caucasus"] }] })).ok).toBe(true);
    await asAlice.orders.lock({ gameId, nation: "Germany" });
    await asErin.orders.lock({ gameId, nation: "Japan" });
    await asBob.orders.lock({ gameId, nation: "Russia" });
    await drain(handle, "test");
    expect((await asAlice.game.get({ gameId })).phase!.status).toBe("battles");

    const { internal, rows } = await outbox();
    const mine = await Promise.all([asAlice, asBob, asErin, asCarol].map((c) => c.webhook.list()));
    const internalOf = (who: string) => internal.find((w) => w.url === url(who))!.id;
    const received = (who: string) => rows.filter((r) => r.webhookId === internalOf(who));
    const events = (who: string) => received(who).map((r) => `${r.event}:${String(r.payload.nation ?? "")}`).sort();
    // Germany attacks Karelia, held by Russia: each side's leader decides its own casualties.
    expect(events("alice")).toEqual(["decision-waiting:Germany"]);
    expect(events("bob")).toEqual(["decision-waiting:Russia"]);
    expect(events("erin")).toEqual([]);
    expect(events("carol")).toEqual([]);
    // The creator's game webhook hears her own decision, never Russia's.
    expect(events("alice-game")).toEqual(["decision-waiting:Germany"]);
    for (const r of rows) {
      const body = bodyOf({ format: "json" }, r.payload, 1, "https://lockstep.test");
      expect(body).not.toContain(SECRET_ID);
      expect(body).not.toContain("alice-secret-order-17");
      expect(Object.keys(JSON.parse(body)).sort()).toEqual(["event", "gameId", "id", "nation", "occurredAt", "text", "url"]);
    }
    // Each user lists only their own webhooks, and no list carries a secret.
    expect(mine.map((l) => l.length)).toEqual([2, 1, 1, 1]);
    expect(JSON.stringify(mine)).not.toMatch(/whsec_|salt/);
    expect(mine[0]!.map((w) => w.id).sort()).toEqual([hooks.get("alice"), hooks.get("alice-game")].sort());
  });

  it("orders due soon: told to the player who has not locked, with the nation and the deadline", async () => {
    const [alice, bob] = await Promise.all([makeUser(handle, "due-alice@example.com"), makeUser(handle, "due-bob@example.com")]);
    const [asAlice, asBob] = [callerFor(handle, alice), callerFor(handle, bob)];
    // Half an hour to order: within the reminder's hour at once.
    const { gameId } = await asAlice.game.create({ name: "Due", nations: ["Germany"], robots: ["Russia", "United Kingdom", "United States"], lowLuck: false, ordersHours: 0.5, decisionHours: 24, robotsHold: true });
    await asBob.game.join({ gameId, nation: "Japan" });
    await asAlice.webhook.create({ url: url("due-alice"), events: ["deadline-soon"], format: "json" });
    await asBob.webhook.create({ url: url("due-bob"), events: ["deadline-soon"], format: "json" });
    await asBob.orders.lock({ gameId, nation: "Japan" });
    expect(await sweepReminders(handle.db)).toBe(1);
    const { internal, rows } = await outbox();
    const of = (who: string) => rows.filter((r) => r.webhookId === internal.find((w) => w.url === url(who))!.id);
    expect(of("due-bob")).toEqual([]);
    const [due] = of("due-alice");
    const deadline = (await asAlice.game.get({ gameId })).phase!.deadline;
    expect(due!.payload).toMatchObject({ event: "deadline-soon", gameId, nation: "Germany", deadline: new Date(deadline).toISOString() });
  });

  it("one user cannot test or delete another's webhook (it is not found)", async () => {
    const [owner, other] = await Promise.all([makeUser(handle, "hook-owner@example.com"), makeUser(handle, "hook-other@example.com")]);
    const made = await callerFor(handle, owner).webhook.create({ url: url("owned"), events: ["game-over"], format: "discord" });
    await expect(callerFor(handle, other).webhook.test({ webhookId: made.id })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(callerFor(handle, other).webhook.delete({ webhookId: made.id })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(callerFor(handle, null).webhook.list()).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    expect(await callerFor(handle, owner).webhook.list()).toHaveLength(1);
    expect(await callerFor(handle, owner).webhook.delete({ webhookId: made.id })).toEqual({ id: made.id, deleted: true });
    expect(await callerFor(handle, owner).webhook.list()).toHaveLength(0);
  });

  it("refuses private, literal and local addresses at registration, and more than the limit", async () => {
    const me = callerFor(handle, await makeUser(handle, "hook-limits@example.com"));
    const refused = [
      "http://hooks.example.com/x",
      "https://127.0.0.1/x",
      "https://[::1]/x",
      "https://10.0.0.8/x",
      "https://169.254.169.254/latest/meta-data",
      "https://2130706433/x",
      "https://0x7f.1/x",
      "https://localhost/x",
      "https://localhost./x",
      "https://db.localhost/x",
      "https://printer.local/x",
      "https://metadata.google.internal/x",
      "https://intranet/x",
      "https://user:pw@hooks.example.com/x",
      "ftp://hooks.example.com/x",
      `https://hooks.example.com/${"a".repeat(600)}`,
      "not a url",
    ];
    for (const u of refused) await expect(me.webhook.create({ url: u, events: ["turn-resolved"], format: "json" }), u).rejects.toMatchObject({ code: "BAD_REQUEST" });
    expect(await me.webhook.list()).toHaveLength(0);
    await expect(me.webhook.create({ url: url("none"), events: [], format: "json" })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    for (let i = 0; i < MAX_WEBHOOKS; i += 1) await me.webhook.create({ url: url(`n${i}`), events: ["turn-resolved"], format: "json" });
    await expect(me.webhook.create({ url: url("one-more"), events: ["turn-resolved"], format: "json" })).rejects.toMatchObject({ code: "CONFLICT" });
  });

  it("the public API: create (secret once), list, test, delete with a webhooks token; other scopes are refused", async () => {
    const user = await makeUser(handle, "hook-api@example.com");
    const token = async (scopes: TokenScope[]) => (await createToken(handle.db, user.id, { name: "t", scopes, days: 30 })).token;
    const hooksToken = await token(["webhooks"]);
    const readToken = await token(["read", "play", "press"]);
    expect((await api("GET", "/webhooks", readToken)).status).toBe(403);
    expect((await api("POST", "/webhooks", readToken, { url: url("api"), events: ["turn-resolved"] })).status).toBe(403);

    const bad = await api("POST", "/webhooks", hooksToken, { url: "https://127.0.0.1/hook", events: ["turn-resolved"] });
    expect(bad.status).toBe(400);
    expect(bad.body.error.message).toContain("not an IP address");
    const made = await api("POST", "/webhooks", hooksToken, { url: url("api"), events: ["turn-resolved", "game-over"], format: "discord" });
    expect(made.status).toBe(200);
    expect(made.body.secret).toMatch(/^whsec_/);
    const listed = await api("GET", "/webhooks", hooksToken);
    expect(listed.body).toHaveLength(1);
    expect(listed.body[0]).toMatchObject({ id: made.body.id, url: url("api"), format: "discord", events: ["turn-resolved", "game-over"] });
    expect(JSON.stringify(listed.body)).not.toContain(made.body.secret);
    expect((await api("POST", `/webhooks/${made.body.id}/test`, hooksToken)).status).toBe(200);
    const [queued] = await handle.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.event, "test"));
    // Discord's format: its own body, mentions off, the link after the text.
    expect(JSON.parse(bodyOf({ format: "discord" }, queued!.payload, 7, "https://lockstep.test"))).toEqual({
      username: "Lockstep",
      content: "A test from Lockstep: this webhook works.\nhttps://lockstep.test/settings",
      allowed_mentions: { parse: [] },
    });
    expect((await api("DELETE", `/webhooks/${made.body.id}`, readToken)).status).toBe(403);
    expect((await api("DELETE", `/webhooks/${made.body.id}`, hooksToken)).status).toBe(200);
    expect((await api("GET", "/webhooks", hooksToken)).body).toEqual([]);
    expect((await api("DELETE", `/webhooks/${made.body.id}`, hooksToken)).status).toBe(404);
  });
});
