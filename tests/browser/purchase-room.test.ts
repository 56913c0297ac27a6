// The phone's bottom sheet (a swipe, Escape, a tap) and the purchase panel in it (issue 12): each factory's room left (R4.10: its territory's value,
// infantry counting half), and a factory that is full refuses the next unit (its + disabled) with the
// engine's reason and rule id, all within 390 px.
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { SKIP, onePageSession, shoot, signIn } from "./support";
import { newRobotGame } from "./robot-game";

describe.skipIf(SKIP)("factory room in the purchase panel", () => {
  const session = onePageSession("lockstep-purchase-room", { width: 390, height: 844 });
  const run = randomBytes(3).toString("hex");

  it("390×844: shows the room left, fills South Europe with armour, then refuses a seventh citing R4.10", async () => {
    const page = session.page;
    await signIn(page, session.app.base, `paz-${run}@example.com`);
    await newRobotGame(page, session.app.base, `Room ${run}`);
    // The bottom sheet: a disclosure of the panel, opened by a swipe up on its grip, closed by Escape
    // from inside it (the focus back on its button), and by a tap.
    const sheet = page.getByTestId("sheet-toggle");
    const screen = page.getByTestId("game-screen");
    expect(await sheet.getAttribute("aria-controls")).toBe("game-panel");
    expect(await sheet.getAttribute("aria-expanded")).toBe("false");
    const grip = (await sheet.boundingBox())!;
    await page.mouse.move(grip.x + grip.width / 2, grip.y + grip.height / 2);
    await page.mouse.down();
    await page.mouse.move(grip.x + grip.width / 2, grip.y - 120, { steps: 5 });
    await page.mouse.up();
    await expect.poll(() => screen.getAttribute("data-sheet")).toBe("open");
    expect(await sheet.getAttribute("aria-expanded")).toBe("true");
    await page.getByTestId("tab-orders").focus();
    await page.keyboard.press("Escape");
    await expect.poll(() => screen.getAttribute("data-sheet")).toBe("closed");
    expect(await sheet.evaluate((b) => b === document.activeElement)).toBe(true);
    await sheet.click();
    await expect.poll(() => screen.getAttribute("data-sheet")).toBe("open");

    const panel = page.getByTestId("map-panel-germany");
    await panel.getByTestId("map-purchases-germany").locator("summary").click();
    const room = panel.getByTestId("map-factory-room-germany");
    await expect.poll(() => room.textContent()).toBe("Factory room left (R4.10, infantry count ½): Germany 10 of 10 · South Europe 6 of 6");

    // Armour at South Europe (value 6): six fit.
    await panel.getByTestId("map-place-germany-armour").selectOption({ label: "South Europe" });
    const plus = panel.getByTestId("map-buy-germany-armour");
    for (let n = 1; n <= 6; n++) {
      await plus.click();
      await expect.poll(() => panel.getByTestId("map-bought-germany-armour").textContent()).toBe(String(n));
    }
    await expect.poll(() => panel.getByTestId("map-factory-room-germany-south-europe").textContent()).toBe(" · South Europe 0 of 6");
    // The seventh: refused, + disabled, the reason with its rule beside it.
    await expect.poll(() => plus.isDisabled()).toBe(true);
    expect(await panel.getByTestId("map-refused-germany-armour").textContent()).toBe(
      "The factory in South Europe (value 6) cannot take 1 armour more: land and air units count 1 each, infantry half (R4.10)",
    );
    expect(await plus.getAttribute("aria-describedby")).toBe("map-refused-germany-armour");
    // Infantry are refused there too (no half unit is left), while a unit less frees the room again.
    await panel.getByTestId("map-place-germany-infantry").selectOption({ label: "South Europe (refused)" });
    expect(await panel.getByTestId("map-buy-germany-infantry").isDisabled()).toBe(true);
    await panel.getByTestId("map-unbuy-germany-armour").click();
    await expect.poll(() => panel.getByTestId("map-factory-room-germany-south-europe").textContent()).toBe(" · South Europe 1 of 6");
    await expect.poll(() => plus.isDisabled()).toBe(false);

    // All of it within the phone's width.
    const table = panel.getByTestId("map-purchase-table-germany");
    await table.scrollIntoViewIfNeeded();
    const box = (await table.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shoot(page, "lockstep-purchase-room-390");
  }, 300_000);
});
