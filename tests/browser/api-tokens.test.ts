// API tokens in the browser (issue 23): a player makes a token on /settings, sees it once, a program
// plays with it through /api/v1 of the running app, and once revoked it opens nothing.
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { SKIP, onePageSession, shoot, shootNarrow, signIn, whenHydrated } from "./support";

describe.skipIf(SKIP)("API tokens in the browser", () => {
  const session = onePageSession("lockstep-api-tokens", { width: 1440, height: 900 });
  const run = randomBytes(3).toString("hex");

  it("makes a token shown once, which opens the API until it is revoked", async () => {
    const { page, app } = session;
    await signIn(page, app.base, `tokens-${run}@example.com`);
    await page.goto(`${app.base}/settings`);
    // Typed before the form runs, the name and scope would be reset by React's state.
    await whenHydrated(page.getByTestId("token-create"));
    await page.getByTestId("token-name").fill("my bot");
    await page.getByTestId("token-scope-play").check();
    await page.getByTestId("token-create").click();
    const token = (await page.getByTestId("token-secret").textContent())!.trim();
    expect(token).toMatch(/^lst_[\w-]{10}_[\w-]{43}$/);
    await expect.poll(() => page.getByTestId("token-row").count()).toBe(1);
    expect(await page.getByTestId("token-list").textContent()).not.toContain(token);
    await page.getByTestId("token-row").scrollIntoViewIfNeeded();
    await shoot(page, "lockstep-api-tokens-1440");
    await shootNarrow(page, "lockstep-api-tokens-390");

    const games = await fetch(`${app.base}/api/v1/games`, { headers: { authorization: `Bearer ${token}` } });
    expect(games.status).toBe(200);
    const doc = await fetch(`${app.base}/api/v1/openapi.json`);
    expect((await doc.json()).openapi).toBe("3.1.0");

    // Shown once: a reload lists the token without its secret.
    await page.reload();
    await expect.poll(() => page.getByTestId("token-row").count()).toBe(1);
    expect(await page.content()).not.toContain(token);

    await page.getByTestId("token-revoke").click();
    await expect.poll(() => page.getByTestId("token-row").textContent()).toContain("revoked");
    const refused = await fetch(`${app.base}/api/v1/games`, { headers: { authorization: `Bearer ${token}` } });
    expect(refused.status).toBe(401);
    expect(app.log()).not.toContain(token);
  }, 240_000);
});
