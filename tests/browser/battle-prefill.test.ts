// The casualty picker starts from the player's standing preference (issue 12), at 1440×900: A plays
// Germany against robots that hold and attacks Caucasus (5 Russian infantry, no AA gun) from Ukraine
// S.S.R. with two armour and a fighter (low luck: Russia's 10 are a sure hit and a roll). The R6.9
// default loses armour before the fighter; with "Keep my armour" the picker re-fills with the fighter lost instead — the picks
// "Resolve with my preferences" would make (the services test proves the two equal). Accepting them is
// the prominent button until the player changes a count; then "Confirm these losses" is.
import type { Locator, Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { randomBytes } from "node:crypto";
import { LONG, SKIP, onePageSession, shoot, signIn } from "./support";
import { attackByList } from "./robot-game";

const CAUCASUS = "caucasus";
const prominent = async (button: Locator) => !(await button.getAttribute("class"))!.split(" ").includes("button-secondary");

describe.skipIf(SKIP)("the casualty picker pre-filled by the preference", () => {
  let base = "";
  let a: Page;
  const run = randomBytes(3).toString("hex");
  const session = onePageSession("lockstep-prefill", { width: 1440, height: 900 }, { listView: true });
  beforeAll(() => {
    ({ page: a, app: { base } } = session);
  });

  it("A attacks Caucasus with two armour and a fighter; the battle asks for Germany's casualties", async () => {
    await signIn(a, base, `prefill-${run}@example.com`);
    await attackByList(a, base, `Prefill ${run}`, "Caucasus", [["Ukraine S.S.R.", { armour: 2, fighter: 1 }]]);
    await a.getByTestId(`decision-${CAUCASUS}-1-general-axis`).waitFor({ timeout: LONG });
  }, 240_000);

  it("the default first, then 'Keep my armour' re-fills the picks with the fighter lost; changing them makes Confirm prominent", async () => {
    const form = a.getByTestId(`decision-${CAUCASUS}-1-general-axis`);
    const id = `decision-${CAUCASUS}-1-general-axis`;
    const prefill = form.getByTestId(`${id}-prefill`);
    const accept = form.getByTestId(`${id}-accept-default`);
    const confirm = form.getByTestId(`${id}-confirm`);
    // The R6.9 default: the cheapest first, so armour before the fighter.
    expect(await prefill.textContent()).toMatch(/^Pre-filled with the default \(R6\.9\): lose [12] armour\.$/);
    expect(await form.getByTestId("pick-germany-fighter").inputValue()).toBe("0");
    expect(await accept.textContent()).toBe("Accept default");

    const order = a.getByTestId(`prefs-${CAUCASUS}-order`);
    await order.selectOption("keep-armour");
    await expect.poll(() => prefill.textContent(), { timeout: 15_000 }).toMatch(/^Pre-filled with your preference \(keep my armour\): lose (1 armour, )?1 fighter\.$/);
    expect(await form.getByTestId("pick-germany-fighter").inputValue()).toBe("1");
    expect(await accept.textContent()).toBe("Accept my preference");
    expect(await form.getByTestId(`${id}-summary`).textContent()).toContain("(your preference)");
    expect(await prominent(accept)).toBe(true);
    expect(await prominent(confirm)).toBe(false);
    await shoot(a, "lockstep-prefill-preference-1440");

    // The player moves the fighter's hit onto an armour: their own picks, so Confirm is the prominent button.
    const armour = form.getByTestId("pick-germany-armour");
    const armourHits = Number(await armour.inputValue());
    await form.getByTestId(`${id}-counts`).click(); // the steppers, the tap board's fallback
    await form.getByRole("button", { name: /One hit less on fighter/ }).click();
    await form.getByRole("button", { name: /One hit more on armour/ }).click();
    expect(await armour.inputValue()).toBe(String(armourHits + 1));
    expect(await prominent(confirm)).toBe(true);
    expect(await prominent(accept)).toBe(false);
    await shoot(a, "lockstep-prefill-changed-1440");
    // Back to the preference's picks: Accept is prominent again.
    await form.getByTestId(`${id}-reset`).click();
    expect(await form.getByTestId("pick-germany-fighter").inputValue()).toBe("1");
    expect(await prominent(accept)).toBe(true);
    // Accepting sends the picks: the form goes (the robot has chosen too, so the round is fought).
    await accept.click();
    await form.waitFor({ state: "detached", timeout: LONG });
  }, 180_000);
});
