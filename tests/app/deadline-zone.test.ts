// The phased frame's deadline in the game's own zone (app/games/deadline-zone.ts): a game with daily
// deadlines (R3.1) writes its orders' deadline in the orders' zone and a phase of decisions' in the
// decisions' zone; a game without them, in the viewer's zone alone.
import { describe, expect, it } from "vitest";
import { deadlineZone } from "../../app/games/deadline-zone";

describe("the frame's deadline zone", () => {
  const daily = { ordersAt: { time: "18:00", zone: "Europe/Berlin" }, decisionsAt: { time: "09:00", zone: "America/Chicago" } };

  it("is the orders' zone in an orders phase and the decisions' in a phase of decisions", () => {
    expect(deadlineZone(daily, false)).toBe("Europe/Berlin");
    expect(deadlineZone(daily, true)).toBe("America/Chicago");
  });

  it("is none without daily deadlines, or for the kind of phase that has none", () => {
    expect(deadlineZone({}, false)).toBeUndefined();
    expect(deadlineZone({ ordersAt: daily.ordersAt }, true)).toBeUndefined();
    expect(deadlineZone({ decisionsAt: daily.decisionsAt }, false)).toBeUndefined();
  });
});
