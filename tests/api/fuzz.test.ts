// Property-based fuzzing of every procedure's input (fast-check): anonymous, signed-in and player
// callers send well-formed, nearly well-formed and hostile inputs (ids beyond the columns, NUL, lone
// surrogates, control characters, wrong types, huge numbers). However wrong the input, the answer is
// a typed 4xx — never INTERNAL_SERVER_ERROR — and afterwards every stored row still means what the
// schema says (five seats a game, at most five active games a player, clean text, valid push keys).
import { EventEmitter } from "node:events";
import fc from "fast-check";
import { TRPCError } from "@trpc/server";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { DbHandle } from "../../db/client";
import { games, notificationSettings, orders, phases, pushSubscriptions, seats, webhooks } from "../../db/schema";
import { textProblem } from "../../server/api/input";
import { appRouter, createCaller } from "../../server/api/root";
import { DEFAULT_BOARD, NATIONS, UNIT_TYPES } from "../../server/rulesets/1942/engine";
import { MAX_ACTIVE_GAMES } from "../../server/services/games";
import { MAX_PUSH_SUBSCRIPTIONS } from "../../server/services/push";
import { pushEndpointProblem } from "../../server/services/push-endpoint";
import { webhookUrlProblem } from "../../server/services/webhooks/address";
import { MAX_WEBHOOKS, WEBHOOK_EVENTS } from "../../server/services/webhooks/webhooks";
import { MAX_SANDBOXES } from "../../server/services/sandbox/sandbox";
import { testDb } from "../support/db";
import { makeUser, twoPlayerGame } from "../support/world";
import type { SessionUser } from "../../server/api/trpc";
import { createToken } from "../../server/services/api-tokens";

// The HTTP routes of the read paths that take a body (the public API's POST of a question, the page's
// POSTed play.ask) read the test database, and the tRPC route its user from the test.
const httpUser: { user: SessionUser | null } = { user: null };
vi.mock("../../server/runtime", () => ({ getRuntime: async () => ({ handle, bus: new EventEmitter() }) }));
vi.mock("../../server/api/context", () => ({ createContext: async () => ({ db: handle.db, bus: new EventEmitter(), user: httpUser.user }) }));
const { handleApiRequest } = await import("../../server/api/public/handler");
const { handleTrpcRequest } = await import("../../app/trpc/http");

/** Inputs per run, spread over every procedure (CI runs this on PGlite and on Postgres). */
const TOTAL_RUNS = Number(process.env.FUZZ_RUNS ?? 10_000);
const SEED = Number(process.env.FUZZ_SEED ?? 20261123);

let handle: DbHandle;
let gameId: number;
/** Carol's open game (Germany taken, the rest free): a place to join. */
let openGameId: number;
/** Games of other rulesets: one being played by the player and the other player, one open. */
let playGameId: number;
let openPlayGameId: number;
/** A 1942 game played a phase at a time, the player's Germany: play.ask reaches its rules' questions. */
let phased1942GameId: number;
/** A real user's id: a profile to read. */
let aliceId: string;
type Caller = ReturnType<typeof createCaller>;
let roles: { name: string; caller: Caller }[];
/** The roles over HTTP: the user the tRPC route sees, the public API token (none: anonymous). */
let httpRoles: { name: string; user: SessionUser | null; token: string | null }[];

beforeAll(async () => {
  handle = await testDb();
  const game = await twoPlayerGame(handle);
  gameId = game.gameId;
  aliceId = game.alice.id;
  const carol = await makeUser(handle, "carol-fuzz@example.com");
  openGameId = (await createCaller({ db: handle.db, bus: new EventEmitter(), user: carol }).game.create({ name: "Open to all", nations: ["Germany"], robots: [], lowLuck: false, ordersHours: 24, decisionHours: 24 })).gameId;
  // Games of other rulesets: one the player and the other player play, one open to join.
  const asAlice = createCaller({ db: handle.db, bus: new EventEmitter(), user: game.alice });
  playGameId = (await asAlice.play.create({ name: "Race", ruleset: "interplanetary", scenario: "training", seats: 2, mine: ["red"], ordersHours: 24 })).gameId;
  await createCaller({ db: handle.db, bus: new EventEmitter(), user: game.bob }).play.join({ gameId: playGameId, side: "blue" });
  openPlayGameId = (await createCaller({ db: handle.db, bus: new EventEmitter(), user: carol }).play.create({ name: "Encuentro", ruleset: "triple-alliance", scenario: "encuentro", seats: 2, mine: ["paraguay"], ordersHours: 24 })).gameId;
  phased1942GameId = (await asAlice.play.create({ name: "Phased", ruleset: "1942", scenario: "standard", seats: 5, mine: ["Germany"], robots: ["Russia", "Japan", "United Kingdom", "United States"], ordersHours: 24 })).gameId;
  // A bot account the fuzzed challenges may invite by name (issue 23).
  const dave = await makeUser(handle, "dave-fuzzbot@example.com");
  const asDave = createCaller({ db: handle.db, bus: new EventEmitter(), user: dave });
  await asDave.settings.setName({ name: "Fuzzbot" });
  await asDave.settings.setBot({ bot: true });
  const bus = new EventEmitter().setMaxListeners(0);
  roles = [
    { name: "anonymous", caller: createCaller({ db: handle.db, bus, user: null }) },
    { name: "signed in", caller: createCaller({ db: handle.db, bus, user: carol }) },
    { name: "player", caller: createCaller({ db: handle.db, bus, user: game.alice }) },
    { name: "other player", caller: createCaller({ db: handle.db, bus, user: game.bob }) },
  ];
  const tokenOf = async (user: SessionUser) => (await createToken(handle.db, user.id, { name: "fuzz", scopes: ["read"], days: 1 })).token;
  httpRoles = [
    { name: "anonymous", user: null, token: null },
    { name: "signed in", user: carol, token: await tokenOf(carol) },
    { name: "player", user: game.alice, token: await tokenOf(game.alice) },
    { name: "other player", user: game.bob, token: await tokenOf(game.bob) },
  ];
});
afterAll(async () => {
  await handle.close();
});

// ---- pieces of input: mostly plausible, often hostile -----------------------------------------

const hostileText = fc.constantFrom("\u202Egnp.exe", "a\u200Bb", "e\u0301", "\u{E0041}", "\u2028", "\u0000", "a\u0000b", "\ud800", "x\udc00", "\udbff\udfff", "\u001b[2J", "\u007f", "\u0085", "\r\n", "'; drop table games; --", "%s%n", "🎲", "é", " ", "");
const anyText = fc.oneof(
  { weight: 3, arbitrary: fc.string({ maxLength: 30 }) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 12 }) },
  { weight: 2, arbitrary: hostileText },
  { weight: 1, arbitrary: fc.string({ minLength: 60, maxLength: 300 }) },
);
const territoryNames = DEFAULT_BOARD.territories.map((t) => t.id);
const territory = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...territoryNames) }, { weight: 1, arbitrary: anyText });
const hostileNumber = fc.constantFrom(0, -1, 1.5, 2 ** 31 - 1, 2 ** 31, 2 ** 32, 2 ** 53 - 1, 2 ** 53, -(2 ** 31), Number.MAX_VALUE, Number.NaN, Number.POSITIVE_INFINITY, -0);
const smallInt = fc.oneof({ weight: 4, arbitrary: fc.integer({ min: 0, max: 12 }) }, { weight: 1, arbitrary: hostileNumber });
const id = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(0, 1).map((i) => (i ? openGameId : gameId)) },
  { weight: 2, arbitrary: fc.integer({ min: 1, max: 50 }) },
  { weight: 2, arbitrary: hostileNumber },
  { weight: 1, arbitrary: fc.string({ maxLength: 4 }) },
);
const nation = fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...NATIONS) }, { weight: 1, arbitrary: anyText });
const nations = fc.array(nation, { maxLength: 6 });
const unitType = fc.oneof({ weight: 6, arbitrary: fc.constantFrom(...UNIT_TYPES) }, { weight: 1, arbitrary: anyText });
const unitCounts = fc.dictionary(unitType, smallInt, { maxKeys: 3 });
const orderId = fc.oneof({ weight: 3, arbitrary: fc.constantFrom("m1", "m2", "p1") }, { weight: 1, arbitrary: anyText });
const moveOrder = fc.record(
  {
    id: orderId,
    units: unitCounts,
    from: territory,
    path: fc.array(territory, { maxLength: 4 }),
    stealth: fc.boolean(),
    load: fc.record({ from: territory, units: unitCounts, atStep: smallInt }),
    unload: territory,
    bombard: territory,
    raid: fc.boolean(),
  },
  { requiredKeys: ["id", "units", "from", "path"] },
);
const purchaseOrder = fc.record({ id: orderId, type: unitType, count: smallInt, destination: territory, from: territory }, { requiredKeys: ["id", "type", "count", "destination"] });
const order = fc.oneof(moveOrder, purchaseOrder, fc.jsonValue({ maxDepth: 2 }));
const orderList = fc.oneof(
  // Germany's real moves and purchases, so the engine's validation runs and some drafts are stored.
  fc.array(
    fc.oneof(
      fc.record({ id: fc.constantFrom("m1", "m2", "m3"), units: fc.constantFrom({ infantry: 1 }, { armour: 1 }, { infantry: 2 }), from: fc.constant("Germany"), path: fc.constantFrom(["East Europe"], ["Western Europe"], ["Southern Europe"], ["East Europe", "Ukraine S.S.R."]) }),
      fc.record({ id: fc.constantFrom("p1", "p2"), type: fc.constantFrom("infantry", "armour", "fighter"), count: fc.integer({ min: 1, max: 3 }), destination: fc.constant("Germany") }),
    ),
    { maxLength: 3 },
  ),
  fc.array(order, { maxLength: 6 }),
);
const gameNation = fc.record({ gameId: id, nation });
const minute = fc.oneof(fc.constant(null), fc.integer({ min: 0, max: 1439 }), hostileNumber);
const zone = fc.oneof(fc.constantFrom("UTC", "Europe/Berlin", "America/New_York", "Mars/Olympus"), anyText);
const b64 = (n: number) => fc.uint8Array({ minLength: n, maxLength: n }).map((b) => Buffer.from(b).toString("base64url"));
const realP256dh = b64(65).map((s) => `BA${s.slice(2)}`); // first byte 0x04: an uncompressed point
const pushKeys = fc.oneof(
  fc.record({ p256dh: realP256dh, auth: b64(16) }),
  fc.record({ p256dh: fc.oneof(realP256dh, b64(65), b64(16), anyText), auth: fc.oneof(b64(16), b64(32), anyText) }),
);
// Webhook receivers: public names, private and literal addresses, and anything.
const hookUrl = fc.oneof(
  { weight: 2, arbitrary: fc.string({ minLength: 1, maxLength: 20 }).map((s) => `https://hooks.example.com/${encodeURIComponent(s)}`) },
  fc.constantFrom("https://127.0.0.1/x", "https://[::1]/x", "https://localhost/x", "https://x.internal/x", "http://hooks.example.com/x", "https://u:p@hooks.example.com/x", "https://2130706433/"),
  fc.webUrl(),
  fc.string({ maxLength: 4 }).map((s) => `https://hooks.example.com/\t\n${s}`),
  anyText,
);
const endpoint = fc.oneof(
  { weight: 2, arbitrary: fc.string({ minLength: 1, maxLength: 20 }).map((s) => `https://updates.push.services.mozilla.com/wpush/v2/${encodeURIComponent(s)}`) },
  fc.string({ minLength: 1, maxLength: 20 }).map((s) => `https://fcm.googleapis.com/fcm/send/${encodeURIComponent(s)}`),
  fc.constantFrom("https://127.0.0.1:5432/x", "https://169.254.169.254/", "https://localhost/x", "https://[::1]/x", "http://fcm.googleapis.com/x", "https://u:p@fcm.googleapis.com/x", "https://fcm.googleapis.com:444/x"),
  fc.webUrl(),
  anyText,
);
const dailyTime = fc.record({ time: fc.oneof(fc.constantFrom("18:00", "00:00", "23:59", "24:00"), anyText), zone });
const plausibleChallenge = fc.record({
  name: fc.string({ minLength: 1, maxLength: 30 }),
  nations: fc.subarray([...NATIONS], { minLength: 1, maxLength: 2 }),
  robots: fc.constant([] as string[]),
  lowLuck: fc.boolean(),
  ordersHours: fc.integer({ min: 1, max: 48 }),
  decisionHours: fc.integer({ min: 1, max: 48 }),
});
const hostileChallenge = fc.record(
  {
    name: anyText,
    nations,
    robots: nations,
    lowLuck: fc.boolean(),
    ordersHours: fc.oneof(fc.double({ min: 0, max: 400, noNaN: true }), hostileNumber),
    decisionHours: fc.oneof(fc.double({ min: 0, max: 400, noNaN: true }), hostileNumber),
    robotsHold: fc.boolean(),
    robotTakeover: smallInt,
    ordersAt: dailyTime,
    decisionsAt: dailyTime,
    houseRules: fc.record({ victoryCities: fc.boolean(), minorVictoryTurn: smallInt, vcInfantry: fc.boolean(), commerceRaiding: fc.boolean() }, { requiredKeys: [] }),
    excusedMisses: smallInt,
    honourVacations: fc.boolean(),
    rated: fc.boolean(),
    minReliability: fc.oneof(fc.integer({ min: 0, max: 100 }), hostileNumber),
    minFinishedGames: smallInt,
    bots: fc.array(fc.record({ nation, player: fc.oneof(anyText, fc.constant("Fuzzbot")) }), { maxLength: 3 }),
  },
  { requiredKeys: ["name", "nations", "robots", "lowLuck", "ordersHours", "decisionHours"] },
);
const challenge = fc.oneof(plausibleChallenge, hostileChallenge);
const unitIds = fc.array(fc.oneof(fc.integer({ min: 1, max: 400 }), hostileNumber), { maxLength: 5 });
const decision = fc.oneof(
  fc.record({ kind: fc.constant("casualties"), units: unitIds }),
  fc.record({ kind: fc.constant("retreat"), submerge: unitIds, withdraw: unitIds }),
  fc.jsonValue({ maxDepth: 2 }),
);
const lastEventId = fc.option(anyText, { nil: undefined });
const playId = fc.oneof({ weight: 4, arbitrary: fc.constantFrom(0, 1).map((i) => (i ? openPlayGameId : playGameId)) }, { weight: 1, arbitrary: id });
const side = fc.oneof({ weight: 4, arbitrary: fc.constantFrom("red", "blue", "green", "paraguay", "brazil") }, { weight: 1, arbitrary: anyText });
const playSide = fc.record({ gameId: playId, side });
const rulesetChallenge = fc.record(
  {
    name: fc.oneof(fc.string({ minLength: 1, maxLength: 30 }), anyText),
    ruleset: fc.oneof(fc.constantFrom("interplanetary", "triple-alliance", "1942"), anyText),
    scenario: fc.oneof(fc.constantFrom("training", "planet-race", "hostile-takeover", "encuentro", "tuyuti", "standard"), anyText),
    seats: smallInt,
    mine: fc.array(side, { maxLength: 3 }),
    robots: fc.array(side, { maxLength: 3 }),
    ordersHours: fc.oneof(fc.integer({ min: 1, max: 48 }), hostileNumber),
    press: fc.constantFrom("full", "public", "none", "x"),
    // The platform's options, as game.create's (platform-options.ts).
    bots: fc.array(fc.record({ side, player: fc.oneof(anyText, fc.constant("Fuzzbot")) }), { maxLength: 2 }),
    ordersAt: dailyTime,
    decisionsAt: dailyTime,
    robotsHold: fc.boolean(),
    honourVacations: fc.boolean(),
    minReliability: fc.oneof(fc.integer({ min: 0, max: 100 }), hostileNumber),
    minFinishedGames: smallInt,
  },
  { requiredKeys: ["name", "ruleset", "scenario", "seats", "mine", "ordersHours"] },
);
/** Orders of another ruleset: any JSON, the shapes its rulesets read, hostile text in keys and strings. */
const batch = fc.oneof(
  fc.jsonValue({ maxDepth: 3 }),
  fc.record({ ships: fc.dictionary(fc.oneof(fc.constantFrom("red-1", "blue-1"), anyText), fc.record({ takeoff: fc.boolean(), burn: fc.oneof(smallInt, anyText) }, { requiredKeys: [] })) }),
  fc.record({ units: fc.dictionary(anyText, fc.record({ move: fc.record({ face: smallInt, distance: smallInt }) })), generals: fc.constant({}) }),
  fc.dictionary(hostileText, anyText),
);

/** Questions to 1942's rules (play.ask): near the shapes its queries read, or any JSON. */
const units = fc.dictionary(fc.oneof(fc.constantFrom("infantry", "armour", "fighter", "transport"), anyText), smallInt);
const question = fc.oneof(
  fc.record({ from: territory, units, via: fc.array(territory, { maxLength: 3 }), earlier: fc.array(fc.record({ id: anyText, units, from: territory, path: fc.array(territory, { maxLength: 3 }) }), { maxLength: 3 }) }, { requiredKeys: [] }),
  fc.record({ earlier: fc.oneof(fc.array(fc.record({ id: anyText, type: anyText, count: smallInt, destination: territory }), { maxLength: 3 }), fc.jsonValue({ maxDepth: 2 })) }),
  fc.jsonValue({ maxDepth: 3 }),
);

/** Every procedure with the inputs it is fuzzed with (a hostile anything is mixed into each). */
const INPUTS: Record<string, fc.Arbitrary<unknown>> = {
  "game.lobby": fc.constant(undefined),
  "game.lobbyLive": fc.option(fc.record({ lastEventId }), { nil: undefined }),
  "game.create": challenge,
  "game.join": fc.oneof(fc.record({ gameId: fc.constant(0).map(() => openGameId), nation: fc.constantFrom(...NATIONS) }), gameNation),
  "game.reclaim": gameNation,
  "game.pause": fc.record({ gameId: id }),
  "game.resume": fc.record({ gameId: id }),
  "game.get": fc.record({ gameId: id }),
  "game.verify": fc.record({ gameId: id }),
  "game.history": fc.record({ gameId: id }),
  "game.review": fc.record({ gameId: id, turn: smallInt }),
  "game.events": fc.record({ gameId: id, lastEventId }),
  "orders.save": fc.record({ gameId: id, nation, orders: orderList }),
  "orders.lock": gameNation,
  "orders.unlock": gameNation,
  "orders.destinations": fc.record({
    gameId: id,
    nation,
    group: fc.record({ from: territory, units: unitCounts, stealth: fc.boolean(), via: fc.array(territory, { maxLength: 3 }), load: fc.record({ from: territory, units: unitCounts, atStep: smallInt }) }, { requiredKeys: ["from", "units"] }),
    earlier: orderList,
  }),
  "orders.placements": fc.record({ gameId: id, nation, earlier: orderList }),
  "battle.decide": fc.record({ gameId: id, nation, battle: territory, round: smallInt, step: fc.constantFrom("bombardment", "submarine", "general", "retreat", "x"), decision }),
  "battle.preference": fc.record({ gameId: id }),
  "battle.setPreference": fc.record({ gameId: id, casualties: fc.constantFrom("default", "keep-air", "keep-armour", "x") }),
  "battle.resolveWithPreferences": fc.record({ gameId: id, nation, battle: territory }),
  "postCombat.save": fc.record({
    gameId: id,
    nation,
    landings: fc.array(fc.record({ type: fc.constantFrom("fighter", "bomber", "tank"), count: smallInt, from: territory, to: territory }), { maxLength: 3 }),
    aaMoves: fc.array(fc.record({ from: territory, to: territory, count: smallInt }), { maxLength: 3 }),
  }),
  "postCombat.lock": gameNation,
  "postCombat.unlock": gameNation,
  "notifications.list": fc.constant(undefined),
  "notifications.unread": fc.constant(undefined),
  "notifications.markRead": fc.record({ ids: fc.oneof(fc.constant("all"), fc.array(fc.oneof(fc.integer({ min: 1, max: 100 }), hostileNumber), { maxLength: 4 })) }),
  "notifications.live": fc.option(fc.record({ lastEventId }), { nil: undefined }),
  "settings.get": fc.constant(undefined),
  "settings.save": fc.record({ email: fc.boolean(), push: fc.boolean(), quietStart: minute, quietEnd: minute, timeZone: zone }),
  "push.publicKey": fc.constant(undefined),
  "push.subscribe": fc.record({ endpoint, keys: pushKeys }),
  "push.unsubscribe": fc.record({ endpoint }),
  "settings.setName": fc.record({ name: fc.option(anyText, { nil: null }) }),
  "settings.setBot": fc.record({ bot: fc.oneof(fc.boolean(), anyText) }),
  "press.channels": fc.record({ gameId: id }),
  "press.messages": fc.record({ gameId: id, channelId: id, before: fc.option(id, { nil: undefined }) }),
  "press.unread": fc.constant(undefined),
  "press.reports": fc.record({ gameId: id }),
  "press.send": fc.record({ gameId: id, nation, channelId: id, text: anyText }),
  "press.open": fc.record({ gameId: id, nation, members: nations }),
  "press.markRead": fc.record({ gameId: id, channelId: id, upTo: id }),
  "press.mute": fc.record({ gameId: id, channelId: id, muted: fc.boolean() }),
  "press.report": fc.record({ gameId: id, messageId: id, reason: anyText }),
  "vacation.get": fc.constant(undefined),
  "vacation.start": fc.record({ days: fc.oneof(fc.double({ min: -1, max: 12, noNaN: true }), hostileNumber, anyText) }),
  "vacation.end": fc.constant(undefined),
  "player.profile": fc.record({ id: fc.oneof(anyText, fc.constant(0).map(() => aliceId), hostileNumber) }),
  "player.leaderboard": fc.option(fc.record({ ruleset: fc.oneof(fc.constant("1942"), anyText) }), { nil: undefined }),
  "token.create": fc.record({ name: anyText, scopes: fc.array(fc.oneof(fc.constantFrom("read", "play", "press"), anyText), { maxLength: 4 }), days: fc.oneof(smallInt, fc.integer({ min: 1, max: 400 })) }),
  "token.list": fc.constant(undefined),
  // Never waits: a wait only ends on an event or its time, and fuzzing must not sleep.
  "game.eventsAfter": fc.record({ gameId: id, after: fc.option(id, { nil: undefined }), wait: fc.oneof(fc.constant(0), hostileNumber.filter((n) => !(n > 0 && n <= 25)), anyText) }),
  "token.revoke": fc.record({ id }),
  "play.games": fc.constant(undefined),
  "play.kind": fc.record({ gameId: playId }),
  "play.create": rulesetChallenge,
  // The public API's POST /challenges: game.create's body, and a scenario (1942 has one), made a phased game.
  // (Its acceptance is tests/api/challenge-1942.test.ts's: here game.create fills each role's active games first.)
  "play.create1942": fc.oneof(challenge, challenge.map((c) => ({ ...(c as object), scenario: "standard" })), challenge.map((c) => ({ ...(c as object), seats: 5 }))),
  "play.join": playSide,
  "play.get": fc.record({ gameId: playId, side: fc.option(side, { nil: undefined }) }),
  "play.save": fc.record({ gameId: playId, side, orders: batch }),
  "play.lock": playSide,
  "play.unlock": playSide,
  "play.leave": playSide,
  "play.reclaim": playSide,
  "play.standing": fc.record({
    gameId: fc.oneof({ weight: 3, arbitrary: fc.constant(0).map(() => phased1942GameId) }, { weight: 1, arbitrary: playId }),
    side: fc.oneof({ weight: 3, arbitrary: fc.constantFrom("Germany", "Russia") }, { weight: 1, arbitrary: side }),
  }),
  "play.setStanding": fc.record({
    gameId: fc.oneof({ weight: 3, arbitrary: fc.constant(0).map(() => phased1942GameId) }, { weight: 1, arbitrary: playId }),
    side: fc.oneof({ weight: 3, arbitrary: fc.constantFrom("Germany", "Russia") }, { weight: 1, arbitrary: side }),
    value: fc.oneof(fc.record({ casualties: fc.oneof(fc.constantFrom("default", "keep-air", "keep-armour"), anyText) }), batch),
  }),
  "play.pause": fc.record({ gameId: playId }),
  "play.resume": fc.record({ gameId: playId }),
  "play.history": fc.record({ gameId: playId }),
  "play.review": fc.record({ gameId: playId, turn: smallInt, side: fc.option(side, { nil: undefined }) }),
  "play.turnReport": fc.record({ gameId: playId, turn: smallInt, side: fc.option(side, { nil: undefined }) }),
  "play.download": fc.record({ gameId: playId }),
  "play.verify": fc.record({ gameId: playId }),
  "play.ask": fc.record({
    gameId: fc.oneof({ weight: 3, arbitrary: fc.constant(0).map(() => phased1942GameId) }, { weight: 1, arbitrary: playId }),
    side: fc.oneof({ weight: 3, arbitrary: fc.constantFrom("Germany", "Russia") }, { weight: 1, arbitrary: side }),
    name: fc.oneof({ weight: 3, arbitrary: fc.constantFrom("destinations", "placements") }, { weight: 1, arbitrary: anyText }),
    question,
  }),
  "webhook.create": fc.record({
    url: hookUrl,
    events: fc.array(fc.oneof(fc.constantFrom(...WEBHOOK_EVENTS), anyText), { maxLength: 5 }),
    format: fc.option(fc.oneof(fc.constantFrom("json", "discord"), anyText), { nil: undefined }),
    gameId: fc.option(id, { nil: undefined }),
  }),
  "webhook.list": fc.constant(undefined),
  "webhook.test": fc.record({ webhookId: id }),
  "webhook.delete": fc.record({ webhookId: id }),
  "sandbox.open": fc.record({ gameId: id, turn: fc.option(smallInt, { nil: undefined }) }),
  "sandbox.list": fc.constant(undefined),
  "sandbox.delete": fc.record({ gameId: id }),
  "sandbox.undo": fc.record({ gameId: id, turn: smallInt }),
  "sandbox.resolve": fc.record({ gameId: id }),
  "sandbox.robotOrders": gameNation,
  "sandbox.share": fc.record({ gameId: id }),
  "sandbox.unshare": fc.record({ gameId: id }),
  "sandbox.shared": fc.record({ token: anyText }),
  // Last: leaving hands the player's nation to a robot, which changes what the others above can reach.
  "game.leave": gameNation,
};

/** Calls procedure `path` ("game.get") on the caller. */
function call(caller: Caller, path: string, input: unknown): Promise<unknown> {
  const [group, name] = path.split(".") as [string, string];
  const fn = (caller as unknown as Record<string, Record<string, (i: unknown) => Promise<unknown>>>)[group]![name]!;
  return fn(input);
}

describe("fuzzing every procedure's input", () => {
  it("covers every procedure of the router", () => {
    expect(Object.keys(INPUTS).sort()).toEqual(Object.keys(appRouter._def.procedures).sort());
  });

  it(`${TOTAL_RUNS} inputs: never an internal error, only typed 4xx refusals`, async () => {
    const paths = Object.keys(INPUTS);
    const runs = Math.ceil(TOTAL_RUNS / paths.length);
    const codes: Record<string, number> = {};
    const okBy: Record<string, number> = {};
    let calls = 0;
    const started = Date.now();
    for (const path of paths) {
      const input = fc.oneof({ weight: 8, arbitrary: INPUTS[path]! }, { weight: 1, arbitrary: fc.anything({ maxDepth: 2 }) });
      await fc.assert(
        fc.asyncProperty(fc.nat({ max: roles.length - 1 }), input, async (role, value) => {
          calls += 1;
          try {
            await call(roles[role]!.caller, path, value);
            codes.OK = (codes.OK ?? 0) + 1;
            okBy[path] = (okBy[path] ?? 0) + 1;
          } catch (error) {
            if (!(error instanceof TRPCError)) throw new Error(`${path} as ${roles[role]!.name} threw a non-tRPC error: ${String(error)}`);
            if (error.code === "INTERNAL_SERVER_ERROR") throw new Error(`${path} as ${roles[role]!.name}: ${error.message}`, { cause: error.cause });
            codes[error.code] = (codes[error.code] ?? 0) + 1;
          }
        }),
        { numRuns: runs, seed: SEED, endOnFailure: true },
      );
    }
    console.log(`fuzz: ${calls} calls in ${((Date.now() - started) / 1000).toFixed(1)} s`, codes, "accepted:", okBy);
    expect(calls).toBeGreaterThanOrEqual(TOTAL_RUNS);
    // The fuzz reaches past validation: some calls succeed and services refuse others.
    for (const path of ["game.create", "game.join", "game.get", "orders.save", "orders.lock", "orders.destinations", "orders.placements", "settings.save", "push.subscribe", "notifications.markRead", "webhook.create"])
      expect(okBy[path] ?? 0, `${path} accepted some input`).toBeGreaterThan(0);
    expect(codes.BAD_REQUEST).toBeGreaterThan(0);
    expect((codes.FORBIDDEN ?? 0) + (codes.CONFLICT ?? 0) + (codes.NOT_FOUND ?? 0)).toBeGreaterThan(0);
  }, 180_000); // ~15-30 s on this 2-core machine; the margin is for a loaded CI run

  // The read paths that take their input in a body (play.ask's long questions): the public API's
  // POST /play/{gameId}/sides/{side}/questions/{name} and the page's POSTed play.ask. Each role's
  // token stays under the API's rate limit (runs spread over four roles).
  it("the read paths with a body: any body is an answer or a typed 4xx, never a 500", async () => {
    const body = fc.oneof(
      { weight: 4, arbitrary: fc.record({ question }).map((b) => JSON.stringify(b)) },
      { weight: 1, arbitrary: fc.constant(JSON.stringify({ question: { earlier: [] } })) },
      { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v)) },
      { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
      { weight: 1, arbitrary: fc.constant(JSON.stringify({ question: { earlier: [], pad: "x".repeat(70 * 1024) } })) },
    );
    const statuses: Record<string, number> = {};
    await fc.assert(
      // Mostly the player asking for Germany, so the bodies reach the rules' own checks.
      fc.asyncProperty(fc.oneof({ weight: 3, arbitrary: fc.constant(2) }, { weight: 2, arbitrary: fc.nat({ max: 3 }) }), fc.oneof({ weight: 3, arbitrary: fc.constant("Germany") }, { weight: 1, arbitrary: fc.constantFrom("Russia", "red") }), fc.constantFrom("destinations", "placements", "odds"), body, fc.boolean(), async (role, side, name, text, trpc) => {
        const who = httpRoles[role]!;
        httpUser.user = who.user;
        const gameId = phased1942GameId;
        const res = trpc
          ? await handleTrpcRequest(
              new Request("http://localhost/api/trpc/play.ask", {
                method: "POST",
                headers: { "content-type": "application/json" },
                body: (() => {
                  try {
                    return JSON.stringify({ gameId, side, name, ...(JSON.parse(text) as object) });
                  } catch {
                    return text;
                  }
                })(),
              }),
            )
          : await handleApiRequest(
              new Request(`http://localhost/api/v1/play/${gameId}/sides/${side}/questions/${name}`, {
                method: "POST",
                headers: { "content-type": "application/json", ...(who.token ? { authorization: `Bearer ${who.token}` } : {}) },
                body: text,
              }),
            );
        const answer = await res.text();
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
        expect(res.status, `${trpc ? "tRPC" : "API"} as ${who.name}: ${answer.slice(0, 300)}`).toBeLessThan(500);
        expect([200, 400, 401, 403, 404]).toContain(res.status);
      }),
      { numRuns: 240, seed: SEED, endOnFailure: true },
    );
    console.log("read paths with a body:", statuses);
    expect(statuses[400] ?? 0).toBeGreaterThan(0);
    // Both answer the player's well-formed question (the checks above can pass).
    const player = httpRoles.find((r) => r.name === "player")!;
    httpUser.user = player.user;
    const asked = JSON.stringify({ question: { earlier: [] } });
    const viaApi = await handleApiRequest(new Request(`http://localhost/api/v1/play/${phased1942GameId}/sides/Germany/questions/placements`, { method: "POST", headers: { authorization: `Bearer ${player.token}` }, body: asked }));
    expect(viaApi.status, await viaApi.clone().text()).toBe(200);
    const viaTrpc = await handleTrpcRequest(new Request("http://localhost/api/trpc/play.ask", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ gameId: phased1942GameId, side: "Germany", name: "placements", question: { earlier: [] } }) }));
    expect(viaTrpc.status, await viaTrpc.clone().text()).toBe(200);
    httpUser.user = null;
  }, 120_000);

  // The public API's GET routes with path parameters: a turn's whole report (play.turnReport) reached
  // by any game id, turn and side in the URL, each role with its read token.
  it("a turn's report over /api/v1: any id, turn or side is an answer or a typed 4xx, never a 500", async () => {
    const segment = fc.oneof(
      { weight: 3, arbitrary: smallInt.map(String) },
      { weight: 1, arbitrary: hostileNumber.map(String) },
      { weight: 1, arbitrary: anyText.map(encodeURIComponent) },
    );
    const game = fc.oneof({ weight: 3, arbitrary: fc.constantFrom(String(phased1942GameId), String(playGameId), String(openPlayGameId)) }, { weight: 1, arbitrary: segment });
    const sideQuery = fc.option(fc.oneof(side, fc.constantFrom("Germany", "Russia")).map((s) => `?side=${encodeURIComponent(s)}`), { nil: "" });
    // Fresh tokens: the read paths with a body above used up much of each role's minute (120 calls).
    const roles = await Promise.all(httpRoles.map(async (r) => ({ ...r, token: r.user ? (await createToken(handle.db, r.user.id, { name: "fuzz-report", scopes: ["read"], days: 1 })).token : null })));
    const statuses: Record<string, number> = {};
    await fc.assert(
      // Turn 1 often: every game here is in it, so the well-formed asks reach the service.
      fc.asyncProperty(fc.nat({ max: 3 }), game, fc.oneof({ weight: 2, arbitrary: fc.constant("1") }, { weight: 3, arbitrary: segment }), sideQuery, async (role, gameId, turn, query) => {
        const who = roles[role]!;
        const res = await handleApiRequest(new Request(`http://localhost/api/v1/play/${gameId}/turns/${turn}/report${query}`, { headers: who.token ? { authorization: `Bearer ${who.token}` } : {} }));
        const answer = await res.text();
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
        expect([200, 400, 401, 403, 404], `as ${who.name}: ${answer.slice(0, 300)}`).toContain(res.status);
        if (res.status === 200) expect(JSON.parse(answer)).toMatchObject({ resolved: false, report: null });
      }),
      { numRuns: 200, seed: SEED, endOnFailure: true },
    );
    console.log("a turn's report over /api/v1:", statuses);
    expect(statuses[200] ?? 0).toBeGreaterThan(0);
    expect(statuses[400] ?? 0).toBeGreaterThan(0);
  }, 120_000);

  it("leaves every row meaning what the schema says", async () => {
    const db = handle.db;
    // Every 1942 game has exactly one seat per nation; a game of another ruleset one per seated side (2 to 6).
    const seatCounts = await db.select({ gameId: seats.gameId, n: sql<number>`count(distinct ${seats.nation})`, all: sql<number>`count(*)` }).from(seats).groupBy(seats.gameId);
    const gameRows = await db.select().from(games);
    expect(seatCounts).toHaveLength(gameRows.length);
    for (const s of seatCounts) {
      const classic = gameRows.find((g) => g.id === s.gameId)!.ruleset === "1942";
      expect(Number(s.n), `game ${s.gameId}`).toBe(Number(s.all));
      if (classic) expect(Number(s.all), `game ${s.gameId}`).toBe(5);
      else expect(Number(s.all) >= 2 && Number(s.all) <= 6, `game ${s.gameId}`).toBe(true);
    }
    // A seat reserved for an invited bot is held by that bot or by nobody.
    for (const s of await db.select().from(seats)) if (s.reservedFor && s.userId) expect(s.userId).toBe(s.reservedFor);
    for (const g of gameRows) {
      expect(textProblem(g.name), g.name).toBeNull();
      expect(g.name.trim()).toBe(g.name);
      expect(g.name.normalize("NFC")).toBe(g.name);
      expect(g.name.length).toBeGreaterThan(0);
      expect(g.options.ordersHours).toBeGreaterThanOrEqual(0.05);
    }
    // Nobody is in more than the most active games (a sandbox is a private copy, not a game played).
    const active = await db
      .select({ userId: seats.userId, n: sql<number>`count(distinct ${seats.gameId})` })
      .from(seats)
      .innerJoin(games, eq(games.id, seats.gameId))
      .where(and(inArray(games.status, ["open", "active"]), eq(games.sandbox, false), sql`${seats.userId} is not null`))
      .groupBy(seats.userId);
    for (const a of active) expect(Number(a.n)).toBeLessThanOrEqual(MAX_ACTIVE_GAMES);
    // Nobody keeps more than the most sandboxes.
    const kept = await db.select({ userId: games.createdBy, n: sql<number>`count(*)` }).from(games).where(eq(games.sandbox, true)).groupBy(games.createdBy);
    for (const k of kept) expect(Number(k.n)).toBeLessThanOrEqual(MAX_SANDBOXES);
    // One phase per turn; saved orders have unique, clean ids.
    const dup = await db.select({ n: sql<number>`count(*)` }).from(phases).groupBy(phases.gameId, phases.turn).having(sql`count(*) > 1`);
    expect(dup).toEqual([]);
    const saved = await db.select().from(orders);
    const seen = new Set<string>();
    for (const o of saved) {
      const key = `${o.phaseId}:${o.nation}:${o.order.id}`;
      expect(seen.has(key), key).toBe(false);
      seen.add(key);
      expect(textProblem(JSON.stringify(o.order))).toBeNull();
    }
    // Settings: minutes of a day and clean zones.
    for (const s of await db.select().from(notificationSettings)) {
      for (const m of [s.quietStart, s.quietEnd]) if (m !== null) expect(m >= 0 && m <= 1439, String(m)).toBe(true);
      expect(textProblem(s.timeZone)).toBeNull();
    }
    // Push: only real push services' endpoints with real keys, and at most the cap per user.
    const subs = await db.select().from(pushSubscriptions);
    const perUser = new Map<string, number>();
    for (const p of subs) {
      expect(pushEndpointProblem(p.endpoint), p.endpoint).toBeNull();
      expect(Buffer.from(p.p256dh, "base64url")).toHaveLength(65);
      expect(Buffer.from(p.auth, "base64url")).toHaveLength(16);
      perUser.set(p.userId, (perUser.get(p.userId) ?? 0) + 1);
    }
    for (const n of perUser.values()) expect(n).toBeLessThanOrEqual(MAX_PUSH_SUBSCRIPTIONS);
    // Webhooks: only public https names, stored in their canonical form, and at most the cap per user.
    const hooks = await db.select().from(webhooks);
    const hooksOf = new Map<string, number>();
    for (const h of hooks) {
      expect(webhookUrlProblem(h.url), h.url).toBeNull();
      expect(new URL(h.url).href).toBe(h.url);
      expect(h.events.length).toBeGreaterThan(0);
      hooksOf.set(h.userId, (hooksOf.get(h.userId) ?? 0) + 1);
    }
    for (const n of hooksOf.values()) expect(n).toBeLessThanOrEqual(MAX_WEBHOOKS);
  });
});
