// Quiet hours: email and push wait until they end (in-app notifications never wait). Start and end
// are minutes after local midnight in the user's time zone; a start after the end spans midnight.

export interface QuietHours {
  quietStart: number | null;
  quietEnd: number | null;
  timeZone: string;
}

/** Minutes after local midnight at `now` in `timeZone`. */
export function localMinutes(now: Date, timeZone: string): number {
  const parts = new Intl.DateTimeFormat("en-GB", { timeZone, hour: "2-digit", minute: "2-digit", hourCycle: "h23" }).formatToParts(now);
  const hour = Number(parts.find((p) => p.type === "hour")?.value ?? 0);
  const minute = Number(parts.find((p) => p.type === "minute")?.value ?? 0);
  return hour * 60 + minute;
}

/** When quiet hours are on at `now`, the moment they end; otherwise null. */
export function quietUntil(q: QuietHours, now: Date): Date | null {
  if (q.quietStart === null || q.quietEnd === null || q.quietStart === q.quietEnd) return null;
  const m = localMinutes(now, q.timeZone);
  const inside = q.quietStart < q.quietEnd ? m >= q.quietStart && m < q.quietEnd : m >= q.quietStart || m < q.quietEnd;
  if (!inside) return null;
  const wait = (q.quietEnd - m + 1440) % 1440;
  // Whole minutes: the end is the start of the quiet-end minute (seconds of `now` dropped).
  const end = new Date(now.getTime() + wait * 60_000);
  end.setUTCSeconds(0, 0);
  return end;
}

/** A valid IANA time zone name (Intl knows it). */
export function isTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}
