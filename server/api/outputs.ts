// Output shapes of the procedures the public API serves (issue 23), in zod: the OpenAPI document's
// answer schemas (api/public/openapi.ts). The small exact ones are also the procedures' `.output()`,
// so tRPC checks every answer against them; the large ones (a game's view, a turn's report) name
// their main fields and leave the rest open (loose objects), documentation rather than a second copy
// of the engine's types, and no cost on the site's hottest reads.
import { z } from "zod";
import { NATIONS, UNIT_TYPES } from "../rulesets/1942/engine";

const nation = z.enum(NATIONS);
const int = z.number().int();

export const gameCreatedOutput = z.object({ gameId: int, started: z.boolean() });
export const joinedOutput = z.object({ started: z.boolean() });
export const eventsOutput = z.object({
  events: z.array(z.looseObject({ id: int.describe("The event's public id: pass it as `after`"), gameId: int, kind: z.string(), turn: int.optional() })),
});
export const destinationsOutput = z.object({
  destinations: z.array(z.object({ territory: z.string(), path: z.array(z.string()) })),
  unloads: z.array(z.string()).describe("R4.7: land territories a transport order may unload into at the end of `via`"),
});
export const lockOutput = z.object({ locked: z.array(nation), resolving: z.boolean().optional() });
export const decidedOutput = z.object({ recorded: z.literal(true) });

const validation = z.looseObject({ ok: z.boolean() });
export const saveOrdersOutput = z.union([z.object({ ok: z.literal(true), saved: int }), z.object({ ok: z.literal(false), results: z.array(validation) })]);

const seat = z.looseObject({
  nation,
  player: z.string().nullable(),
  robot: z.boolean(),
  mine: z.boolean(),
  playerId: z.string().optional(),
  bot: z.boolean().optional().describe("The seat's player is a bot account"),
  reservedFor: z.string().optional().describe("An open seat reserved for this invited bot"),
});
const lobbyGame = z.looseObject({ id: int, name: z.string(), status: z.enum(["open", "active", "finished"]), options: z.looseObject({}), seats: z.array(seat) });
export const lobbyOutput = z.looseObject({ open: z.array(lobbyGame), mine: z.array(lobbyGame), watch: z.array(lobbyGame), me: z.looseObject({ userId: z.string() }) });

const request = z.looseObject({ kind: z.enum(["casualties", "retreat"]), battle: z.string(), round: int, chooser: nation, mine: z.boolean() });
export const gameViewOutput = z.looseObject({
  game: z.looseObject({ id: int, name: z.string(), status: z.enum(["open", "active", "finished"]) }),
  seats: z.array(seat),
  phase: z
    .looseObject({
      id: int,
      turn: int,
      status: z.enum(["open", "resolving", "battles", "post-combat", "resolved"]),
      deadline: z.string(),
      locked: z.array(nation),
      pending: z.looseObject({ requests: z.array(request), decided: z.array(z.looseObject({})) }).nullable(),
    })
    .nullable(),
  postCombat: z.looseObject({ waitingFor: z.array(nation), mine: z.record(z.string(), z.looseObject({ locked: z.boolean() })) }).nullable(),
  board: z.looseObject({ units: z.array(z.looseObject({ nation, type: z.string(), at: z.string(), count: int })), owners: z.record(z.string(), nation) }).nullable(),
  result: z.looseObject({ winner: z.string(), turn: int, reason: z.string() }).nullable(),
  myNations: z.array(nation),
  myOrders: z.record(z.string(), z.array(z.looseObject({ id: z.string() }))),
});
export const historyOutput = z.looseObject({ name: z.string(), phases: z.array(z.looseObject({ id: int, turn: int, status: z.string(), seedHash: z.string() })) });
export const reviewOutput = z.looseObject({ gameId: int, turn: int, resolved: z.boolean(), status: z.string() });
const placement = z.object({ destination: z.string(), from: z.string().optional().describe("A ship's factory territory"), cost: int });
const byUnitType = <T extends z.ZodType>(item: T) => z.record(z.enum(UNIT_TYPES), z.array(item));
export const placementsOutput = z.object({
  treasury: int,
  left: int.describe("The treasury less the draft's purchases"),
  placements: byUnitType(placement).describe("R4.10: legal places for one more unit of each type"),
  unaffordable: byUnitType(placement).describe("R4.10: places that would take one more unit if the money left paid for it"),
  refused: byUnitType(placement.extend({ refusal: z.string() })).describe("R4.10: factories that refuse one more land or air unit whatever the money, and why"),
  factories: z.array(
    z.object({ territory: z.string(), value: int, rule: z.enum(["R4.10", "R9.2"]), measure: z.enum(["units", "credits"]), limit: z.number(), left: z.number() }).describe("A factory's room left this turn"),
  ),
});
export const postCombatSaveOutput = z.looseObject({});
// Senders and writers are sides: the five nations in a 1942 game, the ruleset's side ids in another.
const message = z.looseObject({ id: int, channelId: int, sender: z.string(), text: z.string(), sentAt: z.string(), mine: z.boolean() });
export const channelsOutput = z.looseObject({ mode: z.enum(["full", "public", "none"]), writers: z.array(z.string()), channels: z.array(z.looseObject({ id: int })) });
export const messagesOutput = z.looseObject({ messages: z.array(message) });
export const sentOutput = message;
export const openedOutput = z.object({ channelId: int, existed: z.boolean() });

// Games of the other rulesets (play.*): the platform's frame is exact, the ruleset's own view, orders
// and report are that ruleset's JSON (docs/rules/<ruleset>.md), left open here.
const rulesetJson = z.unknown().describe("The ruleset's own JSON (docs/rules/<ruleset>.md)");
const playPhase = z.object({ status: z.enum(["open", "resolving", "finished"]), deadline: z.string().nullable(), sides: z.array(z.string()), locked: z.array(z.string()) });
export const playGamesOutput = z.array(
  z.object({
    id: z.string(),
    name: z.string(),
    scenarios: z.array(z.looseObject({ id: z.string(), name: z.string(), sides: z.array(z.string()) })),
    options: z
      .array(z.object({ id: z.string(), name: z.string(), kind: z.enum(["flag", "count"]).optional() }))
      .describe("What a challenge may set in `rules`: on or off (flag), a whole number of at least 1 (count), or, without a kind, the game's own value"),
  }),
);
export const playViewOutput = z.looseObject({
  game: z.looseObject({ id: int, name: z.string(), ruleset: z.string(), scenario: z.string(), status: z.enum(["open", "active", "finished"]) }),
  seats: z.array(z.looseObject({ side: z.string(), player: z.string().nullable(), robot: z.boolean(), mine: z.boolean() })),
  side: z.string().nullable(),
  mySides: z.array(z.string()),
  turn: int,
  phase: playPhase.nullable(),
  view: rulesetJson,
  saved: rulesetJson,
  standing: rulesetJson.describe("Your side's standing settings (the ruleset's: 1942 {casualties}), null when none are kept; never another side's"),
  result: z.looseObject({ over: z.boolean() }).nullable(),
});
export const playActionOutput = z.union([z.object({ ok: z.literal(true) }), z.object({ ok: z.literal(false), rule: z.string().optional(), message: z.string() })]);
export const playLockOutput = z.object({ locked: z.array(z.string()), resolving: z.boolean().optional() });
const playTurn = z.looseObject({ turn: int, status: z.string(), seedHash: z.string(), seed: z.string().nullable(), orders: z.record(z.string(), rulesetJson).nullable(), report: rulesetJson });
export const playHistoryOutput = z.looseObject({ name: z.string(), ruleset: z.string(), turns: z.array(playTurn) });
export const playReviewOutput = z.looseObject({
  gameId: int,
  turn: int,
  status: z.string(),
  resolved: z.boolean(),
  side: z.string().nullable(),
  rules: z.record(z.string(), rulesetJson),
  before: rulesetJson,
  after: rulesetJson,
  report: rulesetJson,
  luck: z.array(rulesetJson).nullable(),
});
export const playDownloadOutput = z.looseObject({ format: z.literal("lockstep-game"), ruleset: z.string(), version: z.string(), turns: z.array(z.looseObject({ turn: int, seed: z.string().nullable() })) });
export const verifyOutput = z.looseObject({ gameId: int, ok: z.boolean(), phases: z.array(z.looseObject({ turn: int, ok: z.boolean() })) });
const delivery = z.looseObject({ id: int, event: z.string(), status: z.string(), attempts: int, responseStatus: int.nullable(), reason: z.string().nullable() });
const webhook = z.looseObject({ id: int, url: z.string(), events: z.array(z.string()), format: z.enum(["json", "discord"]), gameId: int.nullable() });
export const webhookListOutput = z.array(webhook.extend({ lastDelivery: delivery.nullable(), deadLetters: z.array(delivery) }));
export const webhookCreatedOutput = webhook.extend({ secret: z.string().describe("The signing secret, shown this once") });
export const webhookTestOutput = z.object({ id: int, queued: z.literal(true) });
export const webhookDeletedOutput = z.object({ id: int, deleted: z.literal(true) });

/** The answer schema of each procedure the API serves and does not declare through `.output()`. */
export const DOCUMENTED_OUTPUTS: Record<string, z.ZodType> = {
  "game.lobby": lobbyOutput,
  "game.get": gameViewOutput,
  "game.history": historyOutput,
  "game.review": reviewOutput,
  "orders.save": saveOrdersOutput,
  "postCombat.save": postCombatSaveOutput,
  "press.channels": channelsOutput,
  "press.messages": messagesOutput,
  "press.send": sentOutput,
  "press.open": openedOutput,
  "play.games": playGamesOutput,
  "play.create": gameCreatedOutput,
  "play.get": playViewOutput,
  "play.join": joinedOutput,
  "play.save": playActionOutput,
  "play.lock": playLockOutput,
  "play.unlock": playLockOutput,
  // The ruleset's own answer (Ruleset.queries): its shape is the game's, as a view's is.
  "play.ask": z.unknown().describe("The ruleset's answer to the question (1942: destinations and unloads, or placements and the money left)"),
  "play.leave": z.object({ left: z.literal(true) }),
  "play.reclaim": z.object({ reclaimed: z.literal(true) }),
  "play.standing": z.object({ value: z.unknown().describe("Your side's standing settings as the ruleset checked them (1942: {casualties}), or null") }),
  "play.setStanding": z.object({ value: z.unknown().describe("The settings kept") }),
  "play.history": playHistoryOutput,
  "play.review": playReviewOutput,
  "play.turnReport": z.object({ turn: int, resolved: z.boolean(), report: rulesetJson.nullable().describe("The ruleset's report of the whole turn as the viewer may see it (reportView); null until every phase of the turn resolved") }),
  "play.download": playDownloadOutput,
  "play.verify": verifyOutput,
  "webhook.list": webhookListOutput,
  "webhook.create": webhookCreatedOutput,
  "webhook.test": webhookTestOutput,
  "webhook.delete": webhookDeletedOutput,
};
