// When a deadline falls (R3.1): rolling — a number of hours after the phase opens — or daily, at a
// fixed time of day in a named time zone (the first such moment at least an hour away, so a phase
// opened at 17:59 for an 18:00 deadline still gets a day). Time zones through Intl: no library.

import type { DailyTime } from "../../db/schema";

export type { DailyTime };

/** The least time a daily deadline leaves after the phase opens. */
export const DAILY_MIN_MS = 3600_000;

export function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** The zone's offset from UTC at an instant, in ms (positive east of Greenwich). */
function offsetMs(instant: number, zone: string): number {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-US", { timeZone: zone, hourCycle: "h23", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", second: "2-digit" })
      .formatToParts(new Date(instant))
      .filter((p) => p.type !== "literal")
      .map((p) => [p.type, Number(p.value)]),
  ) as Record<"year" | "month" | "day" | "hour" | "minute" | "second", number>;
  const asUtc = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** The zone's calendar date at an instant. */
function localDate(instant: number, zone: string): { y: number; m: number; d: number } {
  const local = new Date(instant + offsetMs(instant, zone));
  return { y: local.getUTCFullYear(), m: local.getUTCMonth(), d: local.getUTCDate() };
}

/**
 * The instant a wall-clock time happens in a zone. Around a DST change a skipped time (02:30 on the
 * spring-forward night) moves forward with the clocks; a repeated one takes its first occurrence.
 */
function instantOf(y: number, m: number, d: number, hh: number, mm: number, zone: string): number {
  const wall = Date.UTC(y, m, d, hh, mm);
  const before = offsetMs(wall - 12 * 3600_000, zone);
  const after = offsetMs(wall + 12 * 3600_000, zone);
  const valid = [wall - before, wall - after].filter((t) => offsetMs(t, zone) === wall - t);
  // Skipped by the clocks: the time the clocks show an hour later (the old offset carried on).
  return valid.length > 0 ? Math.min(...valid) : wall - before;
}

/** The first moment at `daily.time` in `daily.zone` at least DAILY_MIN_MS after `now`. */
export function nextDailyDeadline(now: Date, daily: DailyTime): Date {
  const [hh, mm] = daily.time.split(":").map(Number) as [number, number];
  const earliest = now.getTime() + DAILY_MIN_MS;
  const today = localDate(now.getTime(), daily.zone);
  for (let add = 0; add < 3; add++) {
    const at = instantOf(today.y, today.m, today.d + add, hh, mm, daily.zone);
    if (at >= earliest) return new Date(at);
  }
  throw new Error(`no ${daily.time} in ${daily.zone} within three days of ${now.toISOString()}`);
}

/** A phase's deadline: daily when the game sets a time of day, else `hours` after now. */
export function deadlineFrom(now: Date, hours: number, daily?: DailyTime): Date {
  return daily ? nextDailyDeadline(now, daily) : new Date(now.getTime() + hours * 3600_000);
}
