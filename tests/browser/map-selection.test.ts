// Selecting and ordering on the map, and buying to the last credit (issue 19), in one game against
// robots that hold (the viewer plays Germany):
// - a click on a unit badge or on an order-list chip ("4 infantry") selects the whole stack of that
//   type; fewer is one step away (the stepper's −), and "all units here" takes every free unit there;
// - a transport that loads and ends its move in a sea zone next to land asks for the landing at once
//   (R4.7): the selection stays, the coasts it may unload into are outlined;
// - once every credit is spent, the purchase table says "no money left" in a neutral note: no place
//   reads "(refused)", since no factory refused anything (R4.10).
import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { SKIP, onePageSession, settled, shoot, shootNarrow, signIn } from "./support";
import { clickTerritory, clickWhereVisible, groupBadge, newRobotGame, zoomAt } from "./robot-game";

describe.skipIf(SKIP)("selecting stacks, landing from a transport, the last credit", () => {
  const session = onePageSession("lockstep-map-selection", { width: 1440, height: 900 });
  const run = randomBytes(3).toString("hex");
  const heading = () => session.page.getByTestId("map-panel-germany").getByTestId("map-selection-germany").locator("h3").textContent();

  it("a click on a badge or a chip selects the whole stack; the stepper takes one fewer; all units here", async () => {
    const page = session.page;
    await signIn(page, session.app.base, `sela-${run}@example.com`);
    await newRobotGame(page, session.app.base, `Stacks ${run}`);
    const panel = page.getByTestId("map-panel-germany");
    await zoomAt(page, "east-europe", 6);
    // East Europe: 3 infantry, 1 armour, 1 fighter.
    await (await groupBadge(page, "infantry", "east-europe")).click();
    await expect.poll(heading).toBe("3 infantry in East Europe");
    await panel.getByTestId("map-fewer-germany-infantry").click();
    await expect.poll(heading).toBe("2 infantry in East Europe");
    await panel.getByTestId("map-more-germany-infantry").click();
    await expect.poll(heading).toBe("3 infantry in East Europe");
    await panel.getByTestId("map-all-here-germany").click();
    await expect.poll(heading).toBe("3 infantry, 1 armour, 1 fighter in East Europe");
    await panel.getByTestId("map-done-germany").click();
    // The list of groups beside the map: its chip "4 infantry" selects all four.
    const groups = panel.getByTestId("map-groups-germany");
    if (!(await groups.isVisible())) await panel.locator("details", { has: groups }).locator("summary").click();
    const chip = panel.getByTestId("list-group-germany-infantry-germany");
    expect(await chip.textContent()).toBe("4 infantry");
    await chip.click();
    await expect.poll(heading).toBe("4 infantry in Germany");
    await panel.getByTestId("map-done-germany").click();
  }, 300_000);

  it("a loaded transport ending next to land asks for the landing at once (R4.7)", async () => {
    const page = session.page;
    const panel = page.getByTestId("map-panel-germany");
    const map = page.getByTestId("map-germany");
    await zoomAt(page, "central-mediteranean-sea-zone", 6);
    await (await groupBadge(page, "transport", "central-mediteranean-sea-zone")).click();
    await expect.poll(heading).toBe("1 transport in Central Mediteranean Sea Zone");
    await panel.getByTestId("map-load-germany-infantry-south-europe").click();
    await clickTerritory(page, "target", "black-sea-zone");
    await expect.poll(() => panel.getByTestId("map-order-m1").textContent()).toContain("Central Mediteranean Sea Zone → Black Sea Zone");
    // Still selected: the coasts of the Black Sea are outlined for the landing, and the panel asks.
    await expect.poll(() => panel.getByTestId("map-selection-germany").count()).toBe(1);
    await map.getByTestId("map-unload-caucasus").waitFor();
    expect(await panel.getByTestId("map-selection-germany").textContent()).toContain("Where does the cargo land?");
    await shoot(page, "lockstep-map-selection-landing-1440");
    await shootNarrow(page, "lockstep-map-selection-landing-390");
    // The map fits itself to the desktop's width again before the click aims at it.
    await settled(() => map.locator("svg").first().getAttribute("data-viewbox"));
    // Where its outline shows, near its middle (its name sits by the Black Sea's shore).
    await clickWhereVisible(page, map.getByTestId("map-unload-caucasus"));
    await expect.poll(() => panel.getByTestId("map-order-m1").textContent()).toContain("unload into Caucasus");
    await expect.poll(() => panel.getByTestId("map-selection-germany").count()).toBe(0);
  }, 240_000);

  it("once all the money is spent, the table says no money left, and no place is refused (R4.10)", async () => {
    const page = session.page;
    const panel = page.getByTestId("map-panel-germany");
    await panel.getByTestId("map-purchases-germany").locator("summary").click();
    await expect.poll(() => panel.getByTestId("map-money-left-germany").textContent()).toBe("32");
    // 4 armour (20) and 4 infantry (12): all 32 credits, well within Germany's factory room.
    for (const [type, n] of [["armour", 4], ["infantry", 4]] as const)
      for (let k = 1; k <= n; k++) {
        await panel.getByTestId(`map-buy-germany-${type}`).click();
        await expect.poll(() => panel.getByTestId(`map-bought-germany-${type}`).textContent()).toBe(String(k));
      }
    await expect.poll(() => panel.getByTestId("map-money-left-germany").textContent()).toBe("0");
    await expect.poll(() => panel.getByTestId("map-no-money-germany").textContent()).toBe("No money left: all 32 credits are spent.");
    for (const type of ["infantry", "armour"]) {
      expect(await panel.getByTestId(`map-buy-germany-${type}`).isDisabled()).toBe(true);
      expect(await panel.getByTestId(`map-buy-germany-${type}`).getAttribute("aria-describedby")).toBe("map-no-money-germany");
      expect(await panel.getByTestId(`map-refused-germany-${type}`).count()).toBe(0);
      expect(await panel.getByTestId(`map-place-germany-${type}`).locator("option").allTextContents()).toEqual(["Germany", "South Europe"]);
    }
    // A unit fewer frees the money again.
    await panel.getByTestId("map-unbuy-germany-infantry").click();
    await expect.poll(() => panel.getByTestId("map-buy-germany-infantry").isDisabled()).toBe(false);
    expect(await panel.getByTestId("map-no-money-germany").textContent()).toBe("3 credits left: units that cost more cannot be bought.");
    await panel.getByTestId("map-buy-germany-infantry").click();
    await expect.poll(() => panel.getByTestId("map-money-left-germany").textContent()).toBe("0");
    await panel.getByTestId("map-purchase-table-germany").scrollIntoViewIfNeeded();
    await shoot(page, "lockstep-map-selection-money-1440");
    await shootNarrow(page, "lockstep-map-selection-money-390");
  }, 240_000);
});
