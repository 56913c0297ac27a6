"use client";
// A moment in the viewer's own time zone. The server does not know that zone, so the text is filled in
// after hydration (UTC until then).
import { useEffect, useState } from "react";

// dateStyle/timeStyle cannot be combined with timeZoneName, so the fields are spelled out.
const FIELDS: Intl.DateTimeFormatOptions = {
  weekday: "short",
  day: "numeric",
  month: "short",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  timeZoneName: "short",
};
const utc = new Intl.DateTimeFormat("en-GB", { ...FIELDS, timeZone: "UTC" });

export function formatLocal(iso: string, timeZone?: string): string {
  return new Intl.DateTimeFormat(undefined, { ...FIELDS, ...(timeZone ? { timeZone } : {}) }).format(new Date(iso));
}

/** "(Europe/Paris)" after a formatted time, unless the time already names that zone ("… UTC", not "UTC (UTC)"). */
export function zoneSuffix(formatted: string, zone: string): string {
  return formatted.endsWith(zone) ? "" : ` (${zone})`;
}

export function viewerZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

export function LocalTime({ iso }: { iso: string }) {
  const [text, setText] = useState<string | null>(null);
  useEffect(() => setText(formatLocal(iso)), [iso]);
  return (
    <time dateTime={iso} title={iso}>
      {text ?? utc.format(new Date(iso))}
    </time>
  );
}
