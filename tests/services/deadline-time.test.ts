// Daily deadlines (R3.1): a fixed time of day in a named zone, at least an hour after the phase opens,
// right across daylight-saving changes.
import { describe, expect, it } from "vitest";
import { DAILY_MIN_MS, deadlineFrom, isTimeZone, nextDailyDeadline } from "../../server/services/deadline-time";

const at = (iso: string, time: string, zone: string) => nextDailyDeadline(new Date(iso), { time, zone }).toISOString();

describe("daily deadlines", () => {
  it("fall at the time of day in the game's zone, the same day when an hour or more is left", () => {
    expect(at("2026-11-22T12:00:00Z", "18:00", "Europe/Berlin")).toBe("2026-11-22T17:00:00.000Z");
    expect(at("2026-11-22T12:00:00Z", "09:00", "Asia/Tokyo")).toBe("2026-11-23T00:00:00.000Z");
    expect(at("2026-11-22T12:00:00Z", "23:30", "America/Los_Angeles")).toBe("2026-11-23T07:30:00.000Z");
    expect(at("2026-11-22T12:00:00Z", "00:00", "Asia/Kolkata")).toBe("2026-11-22T18:30:00.000Z");
  });

  it("move to the next day when less than an hour is left", () => {
    expect(at("2026-11-22T16:30:00Z", "18:00", "Europe/Berlin")).toBe("2026-11-23T17:00:00.000Z");
    expect(at("2026-11-22T16:00:00Z", "18:00", "Europe/Berlin")).toBe("2026-11-22T17:00:00.000Z");
    const now = new Date("2026-06-01T10:00:00Z");
    for (const zone of ["UTC", "Europe/London", "Pacific/Auckland", "America/St_Johns"])
      for (const time of ["00:00", "10:59", "11:00", "23:59"]) {
        const d = nextDailyDeadline(now, { time, zone }).getTime() - now.getTime();
        expect(d, `${time} ${zone}`).toBeGreaterThanOrEqual(DAILY_MIN_MS);
        expect(d, `${time} ${zone}`).toBeLessThanOrEqual(DAILY_MIN_MS + 24 * 3600_000);
      }
  });

  it("keep the wall-clock time across daylight-saving changes", () => {
    // Europe/Berlin: CET (+1) in winter, CEST (+2) in summer.
    expect(at("2026-03-27T12:00:00Z", "18:00", "Europe/Berlin")).toBe("2026-03-27T17:00:00.000Z");
    expect(at("2026-03-29T12:00:00Z", "18:00", "Europe/Berlin")).toBe("2026-03-29T16:00:00.000Z");
    // 02:30 does not exist on 29 March: it falls when the clocks show 03:30.
    expect(at("2026-03-28T12:00:00Z", "02:30", "Europe/Berlin")).toBe("2026-03-29T01:30:00.000Z");
    // 02:30 happens twice on 25 October: the first time counts.
    expect(at("2026-10-24T12:00:00Z", "02:30", "Europe/Berlin")).toBe("2026-10-25T00:30:00.000Z");
  });

  it("roll hours after the phase opens when no time of day is set", () => {
    expect(deadlineFrom(new Date("2026-11-22T12:00:00Z"), 36).toISOString()).toBe("2026-11-24T00:00:00.000Z");
    expect(deadlineFrom(new Date("2026-11-22T12:00:00Z"), 36, { time: "18:00", zone: "UTC" }).toISOString()).toBe("2026-11-22T18:00:00.000Z");
  });

  it("know IANA zones", () => {
    expect(isTimeZone("Europe/Berlin")).toBe(true);
    expect(isTimeZone("Mars/Olympus")).toBe(false);
  });
});
