// A classic game against robots that hold, made through game.create (the viewer plays Germany, every other
// nation is a robot, so the game starts at once and no battle waits for a decision), and clicks on
// Germany's map as a player makes them.
import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";
import { createClassic1942 } from "./page-trpc";
import { LONG } from "./support";

export async function newRobotGame(page: Page, base: string, name: string): Promise<number> {
  // A classic game (game.create): these scenarios test the classic page; the lobby's form makes games
  // played a phase at a time (lobby-1942.test.ts).
  const gameId = await createClassic1942(page, base, { name, nations: ["Germany"], robots: ["Russia", "United Kingdom", "Japan", "United States"], robotsHold: true });
  await page.getByTestId("turn-number").filter({ hasText: "Turn 1" }).waitFor({ timeout: LONG });
  return gameId;
}

/** Where a territory's name is written, on the screen: a point inside the territory (map-data's label point). */
export async function labelPoint(page: Page, territorySlug: string): Promise<{ x: number; y: number }> {
  return page.getByTestId("map-germany").getByTestId(`map-label-${territorySlug}`).locator("text").first().evaluate((el) => {
    const text = el as SVGTextElement;
    const svg = text.ownerSVGElement!;
    const p = svg.createSVGPoint();
    p.x = Number(text.getAttribute("x"));
    p.y = Number(text.getAttribute("y"));
    const s = p.matrixTransform(svg.getScreenCTM()!);
    return { x: s.x, y: s.y - 2 }; // just above the baseline, still inside
  });
}

export async function inMap(page: Page, p: { x: number; y: number }): Promise<boolean> {
  const box = (await page.getByTestId("map-germany").locator("svg").boundingBox())!;
  return p.x > box.x + 2 && p.y > box.y + 2 && p.x < box.x + box.width - 2 && p.y < box.y + box.height - 2;
}

/** Zoom the map in around a territory with the mouse wheel, as a player would before clicking in crowded Europe. */
export async function zoomAt(page: Page, territorySlug: string, wheels: number): Promise<void> {
  const map = page.getByTestId("map-germany");
  // Pan and zoom attach once the map's shapes are drawn (d3-zoom loads then).
  await map.locator('svg[data-zoom="ready"]').waitFor();
  await map.getByTestId("map-zoom-reset").click();
  // The wheel only reaches the map where it is on the screen.
  await map.locator("svg").scrollIntoViewIfNeeded();
  const p = await labelPoint(page, territorySlug);
  await page.mouse.move(p.x, p.y);
  const before = await map.locator("svg").getAttribute("data-viewbox");
  // A phone shows the world four times smaller: zoom in further there.
  const phone = (page.viewportSize()?.width ?? 1280) < 600;
  for (let i = 0; i < wheels + (phone ? 8 : 0); i++) {
    await page.mouse.wheel(0, -120);
    await page.waitForTimeout(50);
  }
  await expect.poll(() => map.locator("svg").getAttribute("data-viewbox")).not.toBe(before);
}

/**
 * Click an outlined territory (a destination or an unload target) as a player would: where it shows,
 * near where its name is written and not under a unit badge (badges take the clicks on them); when
 * its name is off the zoomed map, first zoom in around it.
 */
export async function clickTerritory(page: Page, kind: "target" | "unload", territorySlug: string): Promise<void> {
  const map = page.getByTestId("map-germany");
  if (!(await inMap(page, await labelPoint(page, territorySlug)))) await zoomAt(page, territorySlug, 3);
  const target = map.getByTestId(`map-${kind}-${territorySlug}`);
  const clicked = await clickWhereVisible(page, target, await labelPoint(page, territorySlug)).then(
    () => true,
    () => false,
  );
  if (clicked) return;
  // Covered where the view stands (a deep zoom elsewhere): zoom in around its name and click there.
  await zoomAt(page, territorySlug, 3);
  await clickWhereVisible(page, target, await labelPoint(page, territorySlug));
}

/**
 * Click a shape of the map where it shows (nearest to `near`, if given): badges lie over outlines and
 * arrows, and a player clicks the part that is not covered. The mouse clicks there, in the window.
 */
export async function clickWhereVisible(page: Page, shape: Locator, near?: { x: number; y: number }): Promise<void> {
  const spot = await visibleSpot(shape, near);
  await page.mouse.click(spot.x, spot.y);
}

/** The point of a shape of the map nearest to `near` (else its middle) that is not covered, in the window. */
export async function visibleSpot(shape: Locator, near?: { x: number; y: number }): Promise<{ x: number; y: number }> {
  const spot = await shape.evaluate((el, near) => {
    const r = el.getBoundingClientRect();
    const svg = (el as SVGElement).ownerSVGElement!.getBoundingClientRect();
    const to = near ?? { x: r.left + r.width / 2, y: r.top + r.height / 2 };
    let best: { x: number; y: number; d: number } | null = null;
    const step = Math.max(1.5, Math.min(r.width, r.height) / 24);
    for (let x = Math.max(r.left, svg.left) + 1; x < Math.min(r.right, svg.right); x += step)
      for (let y = Math.max(r.top, svg.top) + 1; y < Math.min(r.bottom, svg.bottom); y += step) {
        const hit = document.elementFromPoint(x, y);
        if (!hit || !(hit === el || el.contains(hit))) continue;
        const d = Math.hypot(x - to.x, y - to.y);
        if (!best || d < best.d) best = { x, y, d };
      }
    return best ? { x: best.x, y: best.y } : null;
  }, near ?? null);
  if (!spot) throw new Error(`no part of ${await shape.getAttribute("data-testid")} can be clicked`);
  return spot;
}

/**
 * Germany's badge of one type in a territory, split out first if the zoom shows the territory as one
 * collapsed stack (a click on it zooms in until its badges split).
 */
export async function groupBadge(page: Page, type: string, territorySlug: string): Promise<Locator> {
  const map = page.getByTestId("map-germany");
  const badge = map.getByTestId(`map-stack-germany-${type}-${territorySlug}`);
  // The icons' layer loads just after the page: wait for the territory's icons, split or collapsed.
  await map.getByTestId(`map-stacks-${territorySlug}`).waitFor({ state: "attached" });
  // A group off the screen (the map zoomed in elsewhere, as a player would have it): back to the
  // whole map, where its collapsed stack is clicked to zoom in on it.
  const stacks = await map.getByTestId(`map-stacks-${territorySlug}`).boundingBox();
  if (!stacks || !(await inMap(page, { x: stacks.x + stacks.width / 2, y: stacks.y + stacks.height / 2 }))) await map.getByTestId("map-zoom-reset").click();
  for (let i = 0; i < 3 && (await badge.count()) === 0; i++) await map.getByTestId(`map-stack-germany-all-${territorySlug}`).click();
  await badge.waitFor();
  return badge;
}

/**
 * A low-luck game against robots that hold, with a day for decisions (no default steps in), where
 * Germany (the viewer, ordering with the list view) attacks `target` with `moves` and locks: `moves`
 * pairs a territory with the units that leave it.
 */
export async function attackByList(page: Page, base: string, name: string, target: string, moves: [string, Record<string, number>][]): Promise<void> {
  // Every seat is taken: the game starts at once and its page opens (a classic game, game.create).
  await createClassic1942(page, base, { name, nations: ["Germany"], robots: ["Russia", "United Kingdom", "Japan", "United States"], decisionHours: 24, lowLuck: true, robotsHold: true });
  await page.getByTestId("turn-number").filter({ hasText: "Turn 1" }).waitFor({ timeout: LONG });
  const editor = page.getByTestId("orders-germany");
  for (const [from, units] of moves) {
    await editor.getByTestId("move-from-germany").fill(from);
    for (const [type, n] of Object.entries(units)) await editor.getByTestId(`move-count-germany-${type}`).fill(String(n));
    await editor.getByTestId("move-path-germany").fill(target);
    await editor.getByTestId("add-move-germany").click();
  }
  await editor.getByTestId("save-germany").click();
  await expect.poll(() => editor.getByTestId("saved-germany").textContent()).toContain(`${moves.at(-1)![0]} → ${target}`);
  await page.getByTestId("lock-germany").click();
}
