// The platform's options of a challenge, one shape for both ways of making one: game.create (a classic
// 1942 game) and play.create (any ruleset, played a phase at a time). None is a rule of any game: each
// is honoured by the shared services (deadline-time.ts, deadlines.ts, vacations.ts, excuses.ts,
// games.ts joinGame, bots.ts, ruleset-games/open-phase.ts), whatever the ruleset.
import { z } from "zod";
import type { GameOptions } from "../../db/schema";
import { isTimeZone } from "../services/deadline-time";
import { text } from "./input";

/** A fixed time of day in an IANA time zone (R3.1 daily deadlines). */
export const dailyTime = z.strictObject({
  time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, "A time of day as HH:MM, e.g. 18:00"),
  zone: text(1, 64).refine(isTimeZone, "An IANA time zone, e.g. Europe/Berlin"),
});

/** A seat reserved for a bot account (issue 23), by the bot's player id, profile link or display name. */
export const botPlayer = text(1, 80);

/** A phase of decisions inside a turn, in hours: from 18 s (blitz games and tests) to two weeks. */
export const decisionHours = z.number().min(0.005).max(24 * 14);

export const platformOptions = z.object({
  /** A phase's orders deadline, in hours: from 36 s (blitz games and tests) to two weeks. */
  ordersHours: z.number().min(0.01).max(24 * 14),
  /** Practice: robots hold (order nothing) instead of playing (R3.2). */
  robotsHold: z.boolean().default(false),
  /** A robot takes over a seat after this many missed orders deadlines in a row (0: never). */
  robotTakeover: z.number().int().min(0).max(10).default(0),
  /** Orders and decision deadlines at a fixed time of day instead of a number of hours (R3.1). */
  ordersAt: dailyTime.optional(),
  decisionsAt: dailyTime.optional(),
  /** Press (issue 14): full, public only, or none; names hidden until the end in anonymous games. */
  press: z.enum(["full", "public", "none"]).default("full"),
  anonymous: z.boolean().default(false),
  /** Missed orders deadlines per player the game excuses by moving the deadline (docs/players.md). */
  excusedMisses: z.number().int().min(0).max(4).default(1),
  /** Deadlines wait for players on vacation. */
  honourVacations: z.boolean().default(false),
  /** Rated (docs/players.md): no robots, no practice, one team per account; the result moves ratings. */
  rated: z.boolean().default(false),
  /** Requirements to join: a reliability figure (0–100) and a number of finished games. */
  minReliability: z.number().int().min(0).max(100).default(0),
  minFinishedGames: z.number().int().min(0).max(1000).default(0),
});

export type PlatformOptionsInput = z.output<typeof platformOptions>;

/** The stored options of a challenge (GameOptions) from its platform options; `rules` are the ruleset's own. */
export function gameOptionsOf(input: PlatformOptionsInput, more: { decisionHours: number; robots: boolean; rules?: Record<string, unknown> }): GameOptions {
  return {
    ...(more.rules ? { rules: more.rules } : {}),
    ordersHours: input.ordersHours,
    decisionHours: more.decisionHours,
    robots: more.robots,
    robotsHold: input.robotsHold,
    robotTakeover: input.robotTakeover,
    press: input.press,
    excusedMisses: input.excusedMisses,
    ...(input.honourVacations ? { honourVacations: true } : {}),
    ...(input.rated ? { rated: true } : {}),
    ...(input.minReliability > 0 || input.minFinishedGames > 0 ? { requirements: { minReliability: input.minReliability, minFinishedGames: input.minFinishedGames } } : {}),
    ...(input.anonymous ? { anonymous: true } : {}),
    ...(input.ordersAt ? { ordersAt: input.ordersAt } : {}),
    ...(input.decisionsAt ? { decisionsAt: input.decisionsAt } : {}),
  };
}
