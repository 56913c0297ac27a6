// Notifications in a real browser: the settings page saves channels and quiet hours in the user's
// time zone; the bell's unread count rises live when a game starts (no reload); the running app's
// worker mails the event (file transport); push in a browser without a push service fails politely.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { LONG, SKIP, countNavigations, shoot, signIn as signInAt, twoPlayerSession } from "./support";
import { createdGame } from "./challenge";

describe.skipIf(SKIP)("notifications in the browser", () => {
  let base = "";
  let a: Page;
  let b: Page;
  let gameId = 0;
  const run_ = randomBytes(3).toString("hex");
  const emailA = `nadia-${run_}@example.com`;
  const emailB = `omar-${run_}@example.com`;
  const session = twoPlayerSession("lockstep-notify", { a: "Europe/Berlin", b: "America/New_York" });
  beforeAll(() => {
    ({ base, a, b } = session);
  });

  it("signs two players up", async () => {
    await Promise.all([signInAt(a, base, emailA), signInAt(b, base, emailB)]); // each in its own browser context
  }, 180_000);

  it("the settings page proposes the browser's time zone and saves quiet hours", async () => {
    await a.getByRole("link", { name: "Settings" }).click();
    await a.waitForURL(/\/settings$/);
    await expect.poll(() => a.getByTestId("time-zone").inputValue()).toBe("Europe/Berlin");
    await a.getByTestId("quiet-start").fill("22:30");
    await a.getByTestId("quiet-end").fill("07:00");
    await a.getByTestId("settings-push").uncheck();
    await a.getByTestId("settings-save").click();
    await a.getByTestId("settings-saved").waitFor();
    await a.reload();
    await expect.poll(() => a.getByTestId("quiet-start").inputValue()).toBe("22:30");
    expect(await a.getByTestId("quiet-end").inputValue()).toBe("07:00");
    expect(await a.getByTestId("time-zone").inputValue()).toBe("Europe/Berlin");
    expect(await a.getByTestId("settings-push").isChecked()).toBe(false);
    await shoot(a, "lockstep-settings-1280");
    // Quiet hours off again, so the mail below is not delayed whatever the time of day.
    await a.getByTestId("quiet-start").fill("");
    await a.getByTestId("quiet-end").fill("");
    await a.getByTestId("settings-save").click();
    await a.getByTestId("settings-saved").waitFor();
  }, 120_000);

  it("an unknown time zone is refused with a message, not stored", async () => {
    await a.getByTestId("time-zone").fill("Mars/Olympus");
    await a.getByTestId("settings-save").click();
    // (By test id: Next's route announcer is an empty role="alert" too.)
    await expect.poll(() => a.getByTestId("settings-error").textContent()).toContain("Unknown time zone");
    await a.reload();
    await expect.poll(() => a.getByTestId("time-zone").inputValue()).toBe("Europe/Berlin");
  }, 60_000);

  it("serves the service worker; without a push service, turning push on says why it failed", async () => {
    const sw = await a.request.get(`${base}/sw.js`);
    expect(sw.status()).toBe(200);
    expect(await sw.text()).toContain("notificationclick");
    await a.context().grantPermissions(["notifications"], { origin: base });
    const on = a.getByTestId("push-on").or(a.getByTestId("push-unsupported"));
    await on.waitFor();
    if (await a.getByTestId("push-on").isVisible()) {
      await a.getByTestId("push-on").click();
      // Headless Chromium here has no push service to reach: the error is shown and nothing is stored.
      await a.getByTestId("push-toggle").getByRole("alert").waitFor({ timeout: LONG });
      await expect.poll(() => a.getByTestId("push-toggle").textContent()).toContain("does not receive push");
    }
  }, 120_000);

  it("the bell counts a new notification live, and the worker mails it", async () => {
    await a.goto(`${base}/lobby`);
    await a.getByLabel("Name").fill("Bell war");
    await a.getByTestId("seat-Germany-me").check();
    for (const n of ["Russia", "United Kingdom", "United States"]) await a.getByTestId(`seat-${n}-robot`).check();
    await a.getByTestId("robots-hold").check();
    await a.getByTestId("create-challenge").click();
    gameId = await createdGame(a, base, { backToLobby: true });
    await a.goto(`${base}/notifications`);
    await expect.poll(() => a.getByTestId("notification-count").count()).toBe(0);
    const navigations = countNavigations(a);

    await b.goto(`${base}/lobby`);
    await b.getByTestId(`join-${gameId}-Japan`).click();
    // A 1942 challenge from the lobby is played a phase at a time: its page is the platform's frame.
    await b.waitForURL(new RegExp(`/game/${gameId}/play$`), { timeout: LONG });

    // A's open page hears of it at once (well before the 30 s poll), without a reload.
    await expect.poll(() => a.getByTestId("notification-count").textContent(), { timeout: 15_000 }).toBe("1");
    await expect.poll(() => a.getByTestId("notifications").textContent()).toContain("Bell war has started");
    expect(navigations()).toBe(0);

    // The app's worker sent the email (file transport in tests) with a link straight to the game.
    const dir = session.app!.mailDir;
    const mailsTo = (to: string) =>
      existsSync(dir)
        ? readdirSync(dir)
            .map((f) => JSON.parse(readFileSync(join(dir, f), "utf8")) as { to: { address: string }[]; subject: string; text: string })
            .filter((m) => m.to[0]!.address === to && m.subject.includes("Bell war has started"))
        : [];
    await expect.poll(() => mailsTo(emailA).length, { timeout: 20_000 }).toBe(1);
    expect(mailsTo(emailA)[0]!.text).toContain(`/game/${gameId}`);
  }, 180_000);
});
