// Quiet hours in the user's time zone, including hours that span midnight.
import { describe, expect, it } from "vitest";
import { isTimeZone, localMinutes, quietUntil } from "../../server/services/quiet-hours";

const at = (iso: string) => new Date(iso);

describe("quiet hours", () => {
  it("reads the local time of the user's time zone", () => {
    expect(localMinutes(at("2026-01-15T12:30:00Z"), "UTC")).toBe(12 * 60 + 30);
    expect(localMinutes(at("2026-01-15T12:30:00Z"), "Asia/Tokyo")).toBe(21 * 60 + 30);
    expect(localMinutes(at("2026-07-15T12:30:00Z"), "Europe/Berlin")).toBe(14 * 60 + 30); // summer time
  });

  it("waits until the end of hours that span midnight, in local time", () => {
    const q = { quietStart: 22 * 60, quietEnd: 7 * 60, timeZone: "Europe/Berlin" };
    // 23:15 in Berlin (winter, UTC+1): quiet until 07:00 Berlin = 06:00 UTC.
    expect(quietUntil(q, at("2026-01-15T22:15:20Z"))?.toISOString()).toBe("2026-01-16T06:00:00.000Z");
    // 03:00 Berlin.
    expect(quietUntil(q, at("2026-01-16T02:00:00Z"))?.toISOString()).toBe("2026-01-16T06:00:00.000Z");
    // 07:00 Berlin sharp: over.
    expect(quietUntil(q, at("2026-01-16T06:00:00Z"))).toBeNull();
    // 12:00 Berlin: not quiet.
    expect(quietUntil(q, at("2026-01-16T11:00:00Z"))).toBeNull();
  });

  it("handles hours within one day, and none", () => {
    const q = { quietStart: 13 * 60, quietEnd: 14 * 60, timeZone: "UTC" };
    expect(quietUntil(q, at("2026-01-15T13:59:00Z"))?.toISOString()).toBe("2026-01-15T14:00:00.000Z");
    expect(quietUntil(q, at("2026-01-15T12:59:00Z"))).toBeNull();
    expect(quietUntil({ quietStart: null, quietEnd: null, timeZone: "UTC" }, at("2026-01-15T13:30:00Z"))).toBeNull();
  });

  it("knows real time zones only", () => {
    expect(isTimeZone("America/New_York")).toBe(true);
    expect(isTimeZone("Mars/Olympus")).toBe(false);
  });
});
