// The platform's options of a game in words (server/api/platform-options.ts: none is a rule of any
// game), one writer for the lobby's options line (app/lobby/lobby-game.ts) and the Sides tab of a game
// played a phase at a time (options-line.ts): the deadlines' hours, press, daily deadlines, practice
// robots, robot takeover, then the options about players. A default goes unsaid, except press, which
// is always named (full, public only or none).
import type { PressMode } from "../../db/schema";
import type { PlatformOptionsShown } from "../../server/services/platform-shown";
import { durationText } from "../components/battle-format";

export type { PlatformOptionsShown, PressMode };

/** The orders' hours, and the decisions' when the game has phases of decisions. */
export function deadlinesText(ordersHours: number, decisionHours: number, decides: boolean): string[] {
  return [`orders ${durationText(ordersHours)}`, ...(decides ? [`decisions ${durationText(decisionHours)}`] : [])];
}

export function pressText(o: Pick<PlatformOptionsShown, "press" | "anonymous">): string {
  const mode = o.press ?? "full";
  return [mode === "full" ? "full press" : mode === "public" ? "public press only" : "no press", o.anonymous ? "anonymous" : ""].filter(Boolean).join(", ");
}

/** The options about players (issue 22): rated, excused misses, vacations, what joining takes. */
export function playerOptionsText(o: Pick<PlatformOptionsShown, "rated" | "excusedMisses" | "honourVacations" | "requirements">): string[] {
  const want = o.requirements ?? {};
  return [
    o.rated ? "rated" : "",
    // The default (one excused miss) goes unsaid.
    (o.excusedMisses ?? 1) === 1 ? "" : o.excusedMisses === 0 ? "no excused misses" : `${o.excusedMisses} excused misses`,
    o.honourVacations ? "vacations honoured" : "",
    want.minReliability ? `reliability ${want.minReliability}+` : "",
    want.minFinishedGames ? `${want.minFinishedGames}+ finished games` : "",
  ].filter(Boolean);
}

/** Press, the daily deadlines and the robots: the platform's options but the hours and those about players. */
export function platformOptionsText(o: PlatformOptionsShown): string[] {
  return [
    pressText(o),
    o.ordersAt ? `orders due daily at ${o.ordersAt.time} ${o.ordersAt.zone}` : "",
    o.decisionsAt ? `decisions due daily at ${o.decisionsAt.time} ${o.decisionsAt.zone}` : "",
    o.robotsHold ? "practice robots" : "",
    o.robotTakeover ? `robot takes over after ${o.robotTakeover} missed` : "",
  ].filter(Boolean);
}
