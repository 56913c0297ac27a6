// Webhooks in the browser (issue 23): a player adds a webhook on /settings, sees its signing secret
// once, sends a test and sees how the delivery went (the running app checks real DNS, so an address
// this machine cannot reach is shown retrying with the reason), and deletes it.
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { join } from "node:path";
import { SCREENSHOTS, SKIP, onePageSession, shoot, shootNarrow, signIn } from "./support";

describe.skipIf(SKIP)("webhooks in the browser", () => {
  // This machine's load makes a reload take seconds: polls wait up to 30 s.
  const session = onePageSession("lockstep-webhooks", { width: 1440, height: 900 });
  const run = randomBytes(3).toString("hex");

  it("adds a webhook whose secret is shown once, sends a test, and deletes it", async () => {
    const { page, app } = session;
    await signIn(page, app.base, `hooks-${run}@example.com`);
    await page.goto(`${app.base}/settings`);
    // A private address is refused with the reason, and nothing is added.
    await page.getByTestId("webhook-url").fill("https://127.0.0.1/hook");
    await page.getByTestId("webhook-create").click();
    await expect.poll(() => page.getByTestId("webhooks").getByRole("alert").textContent(), { timeout: 30_000 }).toContain("not an IP address");
    expect(await page.getByTestId("webhook-row").count()).toBe(0);

    await page.getByTestId("webhook-url").fill(`https://hooks-${run}.example.com/lockstep`);
    await page.getByTestId("webhook-event-game-over").check();
    await page.getByTestId("webhook-format").selectOption("discord");
    await page.getByTestId("webhook-create").click();
    const secret = (await page.getByTestId("webhook-secret").textContent())!.trim();
    expect(secret).toMatch(/^whsec_[\w-]{43}$/);
    await expect.poll(() => page.getByTestId("webhook-row").count(), { timeout: 30_000 }).toBe(1);
    expect(await page.getByTestId("webhook-list").textContent()).not.toContain(secret);

    await page.getByTestId("webhook-test").click();
    // The worker tries at once; this machine has no route to the name, so the first attempt fails and is retried later.
    await expect.poll(() => page.getByTestId("webhook-last").textContent(), { timeout: 60_000 }).toMatch(/test: attempt 1 failed .*; retrying at/);
    await page.getByTestId("webhooks").scrollIntoViewIfNeeded();
    await shoot(page, "lockstep-webhooks-1440");
    await shootNarrow(page, "lockstep-webhooks-390");
    // The panel alone, at both widths: the whole settings page is long.
    await page.getByTestId("webhooks").screenshot({ path: join(SCREENSHOTS, "lockstep-webhooks-panel-1440.png") });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByTestId("webhooks").screenshot({ path: join(SCREENSHOTS, "lockstep-webhooks-panel-390.png") });
    await page.setViewportSize({ width: 1440, height: 900 });

    // Shown once: a reload lists the webhook without its secret.
    await page.reload();
    await expect.poll(() => page.getByTestId("webhook-row").count(), { timeout: 30_000 }).toBe(1);
    expect(await page.content()).not.toContain(secret);

    await page.getByTestId("webhook-delete").click();
    await expect.poll(() => page.getByTestId("webhook-row").count(), { timeout: 30_000 }).toBe(0);
    expect(app.log()).not.toContain(secret);
  }, 240_000);
});
