// The turn review on the map (issue 19): the story's sentences grouped into R3's steps, each with the
// territories it names (from the report's data), and what the map shows at each step.
import { describe, expect, it } from "vitest";
import { turnStory } from "../../app/game/[id]/turn/story";
import type { StoryLine, StorySection } from "../../app/game/[id]/turn/story-words";
import { STEP_IDS, linesAbout, reviewSteps, type ReviewStep } from "../../app/game/[id]/turn/review-steps";
import { startOwners, stepMap } from "../../app/game/[id]/turn/review-map-state";
import { DEFAULT_BOARD, DEFAULT_SETUP, NATIONS, createState, resolveTurn, type GameState, type Nation, type Order } from "../../server/rulesets/1942/engine";
import { robotOrders } from "../../server/rulesets/1942/robots/robot";

/** The browser test's turn 2 (as in story.test.ts): AA losses, a head-on, a battle in Karelia, a purchase. */
function karelia() {
  const air = new Set(["Germany", "West Europe", "Ukraine S.S.R.", "Finland Norway"]);
  const units = DEFAULT_SETUP.units.map((u) => (u.nation === "Germany" && (u.type === "fighter" || u.type === "bomber") && air.has(u.at) ? { ...u, at: "East Europe" } : u));
  const state = createState(DEFAULT_BOARD, { ...DEFAULT_SETUP, units });
  const orders: Partial<Record<Nation, Order[]>> = {
    Germany: [
      { id: "g1", units: { infantry: 3, armour: 1, fighter: 5, bomber: 1 }, from: "East Europe", path: ["Karelia S.S.R."] },
      { id: "g2", type: "infantry", count: 2, destination: "Germany" },
    ],
    Russia: [{ id: "r1", units: { infantry: 1 }, from: "Karelia S.S.R.", path: ["East Europe"] }],
  };
  const { report } = resolveTurn({ state, orders, seed: "story-test", lowLuck: true });
  return { report, orders };
}

/** Robots play a few turns from the start (several seeds, low luck on and off). */
function robotTurns(seed: string, lowLuck: boolean, turns: number) {
  let state: GameState = createState(DEFAULT_BOARD, DEFAULT_SETUP);
  const out = [];
  for (let turn = 1; turn <= turns; turn++) {
    const orders: Partial<Record<Nation, Order[]>> = {};
    for (const nation of NATIONS) orders[nation] = robotOrders(state, nation, `${seed}-${turn}`);
    const { state: next, report } = resolveTurn({ state, orders, seed: `${seed}-dice-${turn}`, lowLuck });
    out.push({ label: `${seed} turn ${turn}`, report, orders, lowLuck });
    state = next;
  }
  return out;
}

function storyLines(sections: StorySection[]): StoryLine[] {
  return sections.flatMap((s) => [...s.lines, ...(s.battles ?? []).flatMap((b) => [...b.summary, ...b.rounds.flatMap((r) => r.lines), b.outcome])]);
}

const TERRITORIES = new Set(DEFAULT_BOARD.territories.map((t) => t.id));
const step = (steps: ReviewStep[], id: string) => steps.find((s) => s.id === id)!;

describe("the turn review's steps", () => {
  it("walks the turn in R3's order, empty steps left out", () => {
    const { report, orders } = karelia();
    expect(reviewSteps(report, orders, { lowLuck: true }).map((s) => s.id)).toEqual(["aa", "land-moves", "land-battles", "post-combat", "place-new", "income"]);
  });

  it("puts each sentence where it happened, with the places the report names", () => {
    const { report, orders } = karelia();
    const steps = reviewSteps(report, orders, { lowLuck: true });
    const aa = step(steps, "aa").lines;
    expect(aa).toHaveLength(1);
    expect(aa[0]!.text).toContain("AA guns in Karelia S.S.R. fired at Germany's 6 aircraft of order g1");
    expect(aa[0]!.places).toEqual(["Karelia S.S.R."]);
    const moves = step(steps, "land-moves").lines;
    const r1 = moves.find((l) => l.id === "order-russia-r1")!;
    expect(r1.places).toEqual(["Karelia S.S.R.", "East Europe"]);
    const headOn = moves.find((l) => l.id?.startsWith("conflict-") && l.text.includes("head-on"))!;
    expect(headOn.places.sort()).toEqual(["East Europe", "Karelia S.S.R."]);
    expect(moves.find((l) => l.id === "order-united-kingdom-none")!.places).toEqual([]);
    // The purchase is told with the new units, where they appeared.
    const placeNew = step(steps, "place-new").lines;
    expect(placeNew.find((l) => l.id === "order-germany-g2")!.places).toEqual(["Germany"]);
    // The battle: every sentence about Karelia, the rounds numbered, the outcome last.
    const battle = step(steps, "land-battles").lines;
    expect(battle[0]!.text).toMatch(/^Battle in Karelia S\.S\.R\./);
    expect(battle.every((l) => l.places.includes("Karelia S.S.R.") || l.id?.startsWith("capture-"))).toBe(true);
    expect(battle.filter((l) => l.round === 1).length).toBeGreaterThan(0);
    expect(battle.find((l) => l.id === "battle-karelia-s-s-r--outcome")).toBeDefined();
    expect(linesAbout(step(steps, "land-moves"), "East Europe").map((l) => l.id)).toEqual(["order-russia-r1", "order-germany-g1", headOn.id]);
    // Income: each nation's sentence lights up its capital.
    const income = step(steps, "income").lines;
    expect(income.find((l) => l.id === "income-germany")!.places).toEqual(["Germany"]);
    expect(income.find((l) => l.id === "income-russia")!.places).toEqual(["Russia"]);
  });

  it("tells every sentence of the story exactly once, and names only the board's territories, over robot games", () => {
    const turns = [...robotTurns("steps-a", false, 4), ...robotTurns("steps-b", true, 4)];
    let battles = 0;
    let captures = 0;
    for (const t of turns) {
      const steps = reviewSteps(t.report, t.orders, { lowLuck: t.lowLuck });
      const story = storyLines(turnStory(t.report, t.orders, { lowLuck: t.lowLuck })).map((l) => l.text);
      const told = steps.flatMap((s) => s.lines.map((l) => l.text));
      expect([...told].sort(), t.label).toEqual([...story].sort());
      expect(steps.map((s) => STEP_IDS.indexOf(s.id)), t.label).toEqual([...steps.map((s) => STEP_IDS.indexOf(s.id))].sort((a, b) => a - b));
      for (const s of steps) for (const l of s.lines) for (const p of l.places) expect(TERRITORIES.has(p), `${t.label}: ${p}`).toBe(true);
      // Each battle's sentences are all in its pass's battle step; each capture in the step that made it.
      for (const b of t.report.battles) {
        battles++;
        const where = steps.filter((s) => s.lines.some((l) => l.battle === b.territory)).map((s) => s.id);
        expect(where.filter((id) => id !== "bombardment"), t.label).toEqual([b.pass === "sea" ? "sea-battles" : "land-battles"]);
      }
      t.report.captures.forEach((c, i) => {
        captures++;
        const s = steps.find((x) => x.lines.some((l) => l.id === `capture-${i}`))!;
        expect(s.id, t.label).toBe(c.when === "battle" ? "land-battles" : "land-moves");
        expect(s.lines.find((l) => l.id === `capture-${i}`)!.places).toEqual([c.territory]);
      });
    }
    expect(battles).toBeGreaterThan(0);
    expect(captures).toBeGreaterThan(0);
  });
});

describe("the map at each step of the review", () => {
  it("shows the flights AA fired at, then the moves with their stop points and the head-on's values", () => {
    const { report, orders } = karelia();
    const aa = stepMap(report, orders, "aa");
    expect(aa.arrows.map((a) => [a.id, a.kind])).toEqual([["germany-g1", "pending"]]);
    expect(aa.marks.map((m) => [m.kind, m.at, m.text])).toEqual([["aa", ["Karelia S.S.R."], "AA ✖ 1 fighter"]]);
    const moves = stepMap(report, orders, "land-moves");
    expect(moves.arrows.map((a) => [a.id, a.kind, a.path])).toEqual([["germany-g1", "completed", ["Karelia S.S.R."]]]);
    // Russia's infantry lost the head-on: its arrow stops at the border it could not cross.
    expect(moves.turnedBack).toEqual([{ id: "russia-r1", from: "Karelia S.S.R.", to: "East Europe", kind: "stopped" }]);
    // Its bar is its stop point: no mark over it.
    expect(moves.marks.some((m) => m.kind === "stop")).toBe(false);
    const headOn = report.conflicts.find((c) => c.kind === "head-on")!;
    const axis = headOn.forces!.find((f) => f.team === "Axis")!.value;
    expect(moves.marks.find((m) => m.kind === "head-on")).toMatchObject({ at: headOn.edge, text: `⇄ head-on: Axis ${axis} · Allies 3` });
    expect(moves.marks.some((m) => m.kind === "battle")).toBe(false);
  });

  it("marks a bounce with both equal values, and both orders turned back where they stood (R5.2b)", () => {
    const state = createState(DEFAULT_BOARD, DEFAULT_SETUP);
    const orders: Partial<Record<Nation, Order[]>> = {
      Germany: [{ id: "g1", units: { infantry: 1 }, from: "East Europe", path: ["Karelia S.S.R."] }],
      Russia: [{ id: "r1", units: { infantry: 1 }, from: "Karelia S.S.R.", path: ["East Europe"] }],
    };
    const { report } = resolveTurn({ state, orders, seed: "bounce", lowLuck: true });
    const c = report.conflicts.find((x) => x.kind === "head-on")!;
    expect(c.result).toBe("bounced");
    const moves = stepMap(report, orders, "land-moves");
    expect(moves.marks.find((m) => m.kind === "head-on")).toMatchObject({ at: c.edge, text: "↩ bounced: Axis 3 · Allies 3" });
    expect(moves.arrows).toEqual([]);
    expect(moves.turnedBack.map((a) => [a.id, a.kind, a.from, a.to])).toEqual([
      ["russia-r1", "bounced", "Karelia S.S.R.", "East Europe"],
      ["germany-g1", "bounced", "East Europe", "Karelia S.S.R."],
    ]);
    expect(moves.marks.filter((m) => m.kind === "stop")).toEqual([]);
    const line = reviewSteps(report, orders).find((s) => s.id === "land-moves")!.lines.find((l) => l.id === "conflict-0")!;
    expect(line.text).toContain("equal values: both forces bounced");
    expect([...line.places].sort()).toEqual(["East Europe", "Karelia S.S.R."]);
  });

  it("marks the battle with its winner from its step on, and recolours a capture in the step that made it", () => {
    const { report, orders } = karelia();
    const battle = report.battles[0]!;
    const at = stepMap(report, orders, "land-battles");
    expect(at.marks.find((m) => m.kind === "battle")).toMatchObject({ at: ["Karelia S.S.R."], text: `⚔ ${battle.winner} won` });
    expect(stepMap(report, orders, "income").marks.some((m) => m.kind === "battle")).toBe(true);
    const captured = report.captures.find((c) => c.territory === "Karelia S.S.R.");
    expect(stepMap(report, orders, "land-moves").owners["Karelia S.S.R."]).toBe("Russia");
    expect(at.owners["Karelia S.S.R."]).toBe(captured ? captured.to : "Russia");
    if (captured) expect(at.marks.find((m) => m.kind === "capture")).toMatchObject({ at: ["Karelia S.S.R."], text: `⚑ captured by ${captured.to}` });
    expect(stepMap(report, orders, "income").owners).toEqual(report.owners);
  });

  it("undoes the turn's captures for the owners before it", () => {
    for (const t of robotTurns("owners", true, 3)) {
      const before = startOwners(t.report);
      for (const c of t.report.captures) expect(before[c.territory]).not.toBe(undefined);
      expect(stepMap(t.report, t.orders, "income").owners).toEqual(t.report.owners);
    }
  });

  it("shows new units where they appeared and each nation's income at its capital", () => {
    const { report, orders } = karelia();
    expect(stepMap(report, orders, "place-new").marks.filter((m) => m.kind === "placement").map((m) => [m.at, m.text])).toEqual([[["Germany"], "+2 infantry"]]);
    const income = stepMap(report, orders, "income").marks.filter((m) => m.kind === "income");
    expect(income.map((m) => m.at[0])).toEqual(["Russia", "Germany", "United Kingdom", "Japan", "East US"]);
    expect(income.find((m) => m.colour === "Germany")!.text).toBe(`+${report.income.Germany} → ${report.treasury.Germany}`);
  });
});
