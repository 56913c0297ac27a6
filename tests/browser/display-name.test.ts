// Display names in the browser: a player chooses one on /settings (a bad one is refused with a message);
// another player sees it in the lobby and never the first player's e-mail address.
import { randomBytes } from "node:crypto";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { LONG, SKIP, shoot, shootNarrow, signIn, twoPlayerSession } from "./support";
import { createdGame } from "./challenge";

describe.skipIf(SKIP)("display names in the browser", () => {
  let base = "";
  let a: Page;
  let b: Page;
  const run = randomBytes(3).toString("hex");
  const localA = `priya.private.${run}`;
  const session = twoPlayerSession("lockstep-names", { a: "Europe/London", b: "Asia/Tokyo" });
  beforeAll(() => {
    ({ base, a, b } = session);
  });

  it("signs two players up", async () => {
    await Promise.all([signIn(a, base, `${localA}@example.com`), signIn(b, base, `quinn-${run}@example.com`)]); // each in its own browser context
  }, 180_000);

  it("a player sees the generated name, is refused a bad one with the reason, and saves a good one", async () => {
    await a.goto(`${base}/settings`);
    const generated = (await a.getByTestId("display-name-now").textContent())!;
    expect(generated).toMatch(/^[A-Z][a-z]+ [A-Z][a-z]+ \d{3}$/);
    await a.getByTestId("display-name").fill("me@example.com");
    await a.getByTestId("display-name-save").click();
    await expect.poll(() => a.getByTestId("display-name-error").textContent()).toContain("may not contain @");
    await a.getByTestId("display-name").fill("Desert Fox");
    await a.getByTestId("display-name-save").click();
    await expect.poll(() => a.getByTestId("display-name-saved").textContent()).toContain("Desert Fox");
    await expect.poll(() => a.getByTestId("display-name-now").textContent()).toBe("Desert Fox");
    await a.setViewportSize({ width: 1440, height: 900 });
    await shoot(a, "lockstep-display-name-1440");
    await shootNarrow(a, "lockstep-display-name-390");
  }, 120_000);

  it("the other player sees that name in the lobby, never the address", async () => {
    await a.goto(`${base}/lobby`);
    const name = `Names ${run}`;
    await a.getByLabel("Name").fill(name);
    await a.getByTestId("seat-Germany-me").check();
    await a.getByTestId("seat-Japan-open").check();
    for (const n of ["Russia", "United Kingdom", "United States"]) await a.getByTestId(`seat-${n}-robot`).check();
    await a.getByTestId("create-challenge").click();
    await createdGame(a, base, { backToLobby: true });
    await a.getByTestId("my-games").getByText(name).waitFor({ timeout: LONG });
    await b.goto(`${base}/lobby`);
    const open = b.getByTestId("open-challenges").locator("li[data-testid^=open-game-]").filter({ hasText: name });
    await open.waitFor({ timeout: LONG });
    expect(await open.textContent()).toContain("Desert Fox");
    const html = await b.content();
    expect(html).not.toContain(localA);
  }, 120_000);
});
