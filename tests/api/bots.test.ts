// Bot accounts (issue 23): the owner marks an account as a bot on /settings; it is shown as a bot in
// the lobby, on the game's seats and on its profile (not in an anonymous game, which hides who plays);
// a challenge reserves a seat for an invited bot, which nobody else may take and the bot joins
// through the public API with its token.
import { describe, expect, it } from "vitest";
import { createToken } from "../../server/services/api-tokens";
import { handle, route } from "./api-world";
import { QUICK, callerFor, makeUser } from "../support/world";

async function api(method: "GET" | "POST", path: string, token: string, body?: unknown) {
  const res = await route[method](
    new Request(`http://localhost/api/v1${path}`, { method, headers: { authorization: `Bearer ${token}`, "content-type": "application/json" }, ...(body ? { body: JSON.stringify(body) } : {}) }),
  );
  return { status: res.status, body: await res.json() };
}

describe("bot accounts", () => {
  it("are marked on /settings and shown as bots on seats, in the lobby and on the profile", async () => {
    const owner = await makeUser(handle, "bot-owner@example.com");
    const human = await makeUser(handle, "bot-human@example.com");
    const asBot = callerFor(handle, owner);
    expect((await asBot.settings.get()).bot).toBe(false);
    await asBot.settings.setName({ name: "Testbot" });
    expect(await asBot.settings.setBot({ bot: true })).toEqual({ bot: true });
    expect((await asBot.settings.get()).bot).toBe(true);

    const { gameId } = await asBot.game.create({ name: "Bot plays", nations: ["Germany"], robots: ["Russia", "United Kingdom", "United States"], ...QUICK });
    const asHuman = callerFor(handle, human);
    const open = (await asHuman.game.lobby()).open.find((g) => g.id === gameId)!;
    expect(open.seats.find((s) => s.nation === "Germany")).toMatchObject({ player: "Testbot", bot: true });
    await asHuman.game.join({ gameId, nation: "Japan" });
    const view = await asHuman.game.get({ gameId });
    expect(view.seats.find((s) => s.nation === "Germany")).toMatchObject({ player: "Testbot", bot: true });
    expect(view.seats.find((s) => s.nation === "Japan")).toMatchObject({ bot: false });
    expect(await asHuman.player.profile({ id: owner.id })).toMatchObject({ name: "Testbot", bot: true });

    // An anonymous game hides who plays, so also that a seat's player is a bot.
    const anon = await asBot.game.create({ name: "Anonymous", nations: ["Germany"], robots: ["Russia", "United Kingdom", "United States"], ...QUICK, anonymous: true });
    const hidden = (await asHuman.game.lobby()).open.find((g) => g.id === anon.gameId)!.seats.find((s) => s.nation === "Germany")!;
    expect(hidden.bot).toBeUndefined();
    expect(hidden.player).not.toBe("Testbot");

    await asBot.settings.setBot({ bot: false });
    expect((await asHuman.game.get({ gameId })).seats.find((s) => s.nation === "Germany")).toMatchObject({ bot: false });
  });

  it("a challenge reserves a seat for an invited bot; only the bot takes it, through the API", async () => {
    const creator = await makeUser(handle, "invite-creator@example.com");
    const other = await makeUser(handle, "invite-other@example.com");
    const bot = await makeUser(handle, "invite-bot@example.com");
    const notBot = await makeUser(handle, "invite-notbot@example.com");
    await callerFor(handle, bot).settings.setName({ name: "Invitee" });
    await callerFor(handle, bot).settings.setBot({ bot: true });
    await callerFor(handle, notBot).settings.setName({ name: "Person" });
    const asCreator = callerFor(handle, creator);
    const base = { name: "With a bot", nations: ["Germany" as const], robots: ["Russia" as const, "United Kingdom" as const, "United States" as const], ...QUICK };

    // Only a bot account may be invited, by its name or id, into a seat nobody else holds.
    await expect(asCreator.game.create({ ...base, bots: [{ nation: "Japan", player: "Person" }] })).rejects.toThrow(/"Person" is not a bot account/);
    await expect(asCreator.game.create({ ...base, bots: [{ nation: "Japan", player: `https://lockstep.example/player/${notBot.id}` }] })).rejects.toThrow(/is not a bot account/);
    await expect(asCreator.game.create({ ...base, bots: [{ nation: "Japan", player: "Nobody at all" }] })).rejects.toThrow(/No account is called "Nobody at all"/);
    await expect(asCreator.game.create({ ...base, bots: [{ nation: "Russia", player: "Invitee" }] })).rejects.toThrow(/both a bot's and a robot's/);
    const { gameId, started } = await asCreator.game.create({ ...base, bots: [{ nation: "Japan", player: "Invitee" }] });
    expect(started).toBe(false);
    const seat = (await callerFor(handle, other).game.lobby()).open.find((g) => g.id === gameId)!.seats.find((s) => s.nation === "Japan")!;
    expect(seat).toMatchObject({ player: null, reservedFor: "Invitee" });
    // The profile link the lobby's form takes names the same bot (its /player/ID).
    const byLink = await asCreator.game.create({ ...base, name: "By link", bots: [{ nation: "Japan", player: `http://localhost:3000/player/${bot.id}` }] });
    expect((await callerFor(handle, other).game.lobby()).open.find((g) => g.id === byLink.gameId)!.seats.find((s) => s.nation === "Japan")).toMatchObject({ reservedFor: "Invitee" });

    await expect(callerFor(handle, other).game.join({ gameId, nation: "Japan" })).rejects.toThrow(/reserved for the bot/);
    const { token: otherToken } = await createToken(handle.db, other.id, { name: "t", scopes: ["read", "play"], days: 1 });
    expect((await api("POST", `/games/${gameId}/join`, otherToken, { nation: "Japan" })).status).toBe(403);

    const { token } = await createToken(handle.db, bot.id, { name: "bot", scopes: ["read", "play"], days: 1 });
    const joined = await api("POST", `/games/${gameId}/join`, token, { nation: "Japan" });
    expect(joined).toEqual({ status: 200, body: { started: true } });
    const view = await api("GET", `/games/${gameId}`, token);
    expect(view.body.myNations).toEqual(["Japan"]);
    expect(view.body.seats.find((s: { nation: string }) => s.nation === "Japan")).toMatchObject({ player: "Invitee", bot: true, mine: true });
  });

  it("a phased challenge (POST /play/challenges) reserves a side for an invited bot, which joins it through the API", async () => {
    const creator = await makeUser(handle, "phased-invite-creator@example.com");
    const other = await makeUser(handle, "phased-invite-other@example.com");
    const bot = await makeUser(handle, "phased-invite-bot@example.com");
    await callerFor(handle, bot).settings.setName({ name: "Phased invitee" });
    await callerFor(handle, bot).settings.setBot({ bot: true });
    const tokenOf = async (userId: string) => (await createToken(handle.db, userId, { name: "t", scopes: ["read", "play"], days: 1 })).token;
    const body = { name: "Phased with a bot", ruleset: "1942", scenario: "standard", seats: 5, mine: ["Germany"], robots: ["Russia", "United Kingdom", "United States"], ordersHours: 24 };
    expect((await api("POST", "/play/challenges", await tokenOf(creator.id), { ...body, bots: [{ side: "Germany", player: "Phased invitee" }] })).status).toBe(400);
    const created = await api("POST", "/play/challenges", await tokenOf(creator.id), { ...body, bots: [{ side: "Japan", player: `http://localhost:3000/player/${bot.id}` }] });
    expect(created).toMatchObject({ status: 200, body: { started: false } });
    const gameId = created.body.gameId as number;
    expect((await api("POST", `/play/${gameId}/sides/Japan/join`, await tokenOf(other.id))).status).toBe(403);
    expect(await api("POST", `/play/${gameId}/sides/Japan/join`, await tokenOf(bot.id))).toEqual({ status: 200, body: { started: true } });
    const seat = (await callerFor(handle, creator).game.lobby()).mine.find((g) => g.id === gameId)!.seats.find((s) => s.nation === "Japan");
    expect(seat).toMatchObject({ player: "Phased invitee", bot: true });
  });
});
