// Bot accounts in the browser (issue 23): the owner marks the account as a bot on /settings; another
// player sees "bot" beside its name in the lobby, on the game's seats and on its profile; the
// challenge form reserves a seat for a bot account named there.
import { randomBytes } from "node:crypto";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { LONG, SKIP, shoot, shootNarrow, signIn, twoPlayerSession, openTab } from "./support";
import { createdGame } from "./challenge";
import { createClassic1942 } from "./page-trpc";

describe.skipIf(SKIP)("bot accounts in the browser", () => {
  let base = "";
  let a: Page;
  let b: Page;
  const run = randomBytes(3).toString("hex");
  const session = twoPlayerSession("lockstep-bots", { a: "Europe/London", b: "Asia/Tokyo" });
  beforeAll(() => {
    ({ base, a, b } = session);
  });

  it("signs two players up", async () => {
    await Promise.all([signIn(a, base, `botowner-${run}@example.com`), signIn(b, base, `human-${run}@example.com`)]); // each in its own browser context
  }, 180_000);

  it("the owner marks the account as a bot on /settings", async () => {
    await a.goto(`${base}/settings`);
    // The form fills itself once the settings load: type only after that, or the load would clear it.
    await expect.poll(() => a.getByTestId("display-name-now").textContent()).toMatch(/\S/);
    await a.getByTestId("display-name").fill(`Steel Bot ${run}`);
    await a.getByTestId("display-name-save").click();
    await expect.poll(() => a.getByTestId("display-name-now").textContent()).toBe(`Steel Bot ${run}`);
    const box = a.getByTestId("bot-account");
    expect(await box.isChecked()).toBe(false);
    await box.check();
    await expect.poll(() => box.isChecked()).toBe(true);
    await a.reload();
    await expect.poll(() => a.getByTestId("bot-account").isChecked()).toBe(true);
    await a.setViewportSize({ width: 1440, height: 900 });
    await a.locator("#bot-heading").scrollIntoViewIfNeeded();
    await shoot(a, "lockstep-bot-settings-1440");
    await shootNarrow(a, "lockstep-bot-settings-390");
  }, 120_000);

  it("another player sees the bot mark in the lobby, on the seats and on the profile", async () => {
    await a.goto(`${base}/lobby`);
    const name = `Bots ${run}`;
    // A classic game (game.create): the seats are then checked on the classic page's Nations tab; the
    // lobby's form makes games played a phase at a time (its invitation is the next step).
    const gameId = await createClassic1942(a, base, { name, nations: ["Germany"], robots: ["Russia", "United Kingdom", "United States"] });

    await b.goto(`${base}/lobby`);
    const open = b.getByTestId(`open-game-${gameId}`);
    await open.waitFor({ timeout: LONG });
    expect(await open.textContent()).toContain(`Steel Bot ${run}`);
    expect(await open.getByTestId("bot-mark").count()).toBe(1);
    await b.setViewportSize({ width: 1440, height: 900 });
    await open.scrollIntoViewIfNeeded();
    await shoot(b, "lockstep-bot-lobby-1440");
    await shootNarrow(b, "lockstep-bot-lobby-390");

    // The last seat starts the game and the lobby takes its player there. Going there before the join
    // is answered would open a game not yet started, whose start then puts the panel back on Orders.
    await b.getByTestId(`join-${gameId}-Japan`).click();
    await b.waitForURL(new RegExp(`/game/${gameId}$`), { timeout: LONG });
    await b.getByTestId("turn-number").waitFor({ timeout: LONG });
    // The seats are listed on the Nations tab.
    await openTab(b, "tab-nations");
    // The panel's tabs (app/game/[id]/panel-tabs.tsx) as WAI-ARIA tabs: each names a panel that is in
    // the page, and the arrow keys move to the next tab and show its panel.
    for (const tab of await b.getByRole("tab").all()) {
      const panel = await tab.getAttribute("aria-controls");
      expect(await b.locator(`[id="${panel}"][role="tabpanel"]`).count(), `${await tab.textContent()} names its panel`).toBe(1);
    }
    await b.getByTestId("tab-nations").focus();
    await b.keyboard.press("ArrowRight");
    await expect.poll(() => b.getByTestId("tab-board").getAttribute("aria-selected")).toBe("true");
    expect(await b.evaluate(() => document.activeElement?.getAttribute("data-testid"))).toBe("tab-board");
    const boardPanel = await b.getByTestId("tab-board").getAttribute("aria-controls");
    await expect.poll(() => b.locator(`[id="${boardPanel}"]`).isVisible()).toBe(true);
    await b.keyboard.press("ArrowLeft");
    await expect.poll(() => b.getByTestId("tab-nations").getAttribute("aria-selected")).toBe("true");
    const germany = b.getByTestId("seat-row-germany");
    await germany.waitFor({ timeout: LONG });
    expect(await germany.getByTestId("bot-mark").count()).toBe(1);
    expect(await b.getByTestId("seat-row-japan").getByTestId("bot-mark").count()).toBe(0);

    await germany.getByRole("link", { name: new RegExp(`Steel Bot ${run}`) }).click();
    await b.getByTestId("profile-name").waitFor({ timeout: LONG });
    expect(await b.getByTestId("profile-name").getByTestId("bot-mark").count()).toBe(1);
    await shoot(b, "lockstep-bot-profile-1440");
    await shootNarrow(b, "lockstep-bot-profile-390");
  }, 180_000);

  it("the challenge form invites the bot into an open seat, which the lobby shows reserved for it", async () => {
    await b.goto(`${base}/lobby`);
    await b.getByLabel("Name").fill(`Invite ${run}`);
    await b.getByTestId("seat-United Kingdom-me").check();
    for (const n of ["Russia", "Japan", "United States"]) await b.getByTestId(`seat-${n}-robot`).check();
    // Germany stays open: the seat the bot is invited into. An unknown name is refused, naming it.
    await b.getByTestId("bot-nation").selectOption("Germany");
    await b.getByTestId("bot-player").fill(`Nobody ${run}`);
    await b.getByTestId("create-challenge").click();
    await expect.poll(() => b.getByTestId("create-error").textContent(), { timeout: LONG }).toContain(`No account is called "Nobody ${run}"`);
    await b.getByTestId("bot-player").fill(`Steel Bot ${run}`);
    await b.setViewportSize({ width: 1440, height: 900 });
    await b.getByTestId("bot-player").scrollIntoViewIfNeeded();
    await shoot(b, "lockstep-bot-invite-1440");
    await shootNarrow(b, "lockstep-bot-invite-390");
    await b.getByTestId("create-challenge").click();
    const gameId = await createdGame(b, base);

    await a.goto(`${base}/lobby`);
    const reserved = a.getByTestId(`reserved-${gameId}-Germany`);
    await reserved.waitFor({ timeout: LONG });
    expect(await reserved.textContent()).toContain(`reserved for Steel Bot ${run}`);
    expect(await reserved.getByTestId("bot-mark").count()).toBe(1);
    expect(await a.getByTestId(`join-${gameId}-Germany`).count()).toBe(0);
  }, 120_000);
});
