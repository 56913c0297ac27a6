// The turn review on the map (issue 19): the story's sentences (story.ts) grouped into the steps of the
// turn in the adjudication order of R3 — AA fire, sea moves, sea battles, land moves, raids,
// bombardment, land battles, post-combat, place-new, income and victory — each sentence with the
// territories it is about, taken from the report's data (never from the words). Pure.
import type { TurnReport } from "../../../../server/rulesets/1942/engine/turn";
import { NATIONS, type Nation } from "../../../../server/rulesets/1942/engine/types";
import { DEFAULT_BOARD } from "../../../../server/rulesets/1942/engine/board/default-board";
import type { OrderLike } from "../../../components/format";
import { aaSection, capturesSection, conflictLine, incomeSection, ordersSection, postCombatSection, placementsSection, raidsSection, victorySection } from "./story";
import { battleStory } from "./story-battles";
import type { StoryLine } from "./story-words";

export const STEP_IDS = ["aa", "sea-moves", "sea-battles", "land-moves", "raids", "bombardment", "land-battles", "post-combat", "place-new", "income"] as const;
export type StepId = (typeof STEP_IDS)[number];

const STEP_INFO: Record<StepId, { title: string; rules: string[] }> = {
  aa: { title: "AA fire", rules: ["R5.1"] },
  "sea-moves": { title: "Sea moves", rules: ["R5.2"] },
  "sea-battles": { title: "Sea battles", rules: ["R6"] },
  "land-moves": { title: "Land moves", rules: ["R5.2", "R5.3"] },
  raids: { title: "Industrial raids", rules: ["R5.4"] },
  bombardment: { title: "Bombardment", rules: ["R5.5"] },
  "land-battles": { title: "Land battles", rules: ["R6"] },
  "post-combat": { title: "Post-combat", rules: ["R7"] },
  "place-new": { title: "New units", rules: ["R8.3"] },
  income: { title: "Income and victory", rules: ["R8.4", "R8.6"] },
};

/** A sentence of the story and the territories it names, for the map to light up. */
export interface PlacedLine extends StoryLine {
  places: string[];
  /** A battle's sentences: the battle's territory and, for its rounds, the round. */
  battle?: string;
  round?: number;
}

export interface ReviewStep {
  id: StepId;
  title: string;
  rules: string[];
  lines: PlacedLine[];
}

type Report = TurnReport;

const placed = (l: StoryLine, places: readonly (string | undefined)[], extra: Partial<PlacedLine> = {}): PlacedLine => ({
  ...l,
  places: [...new Set(places.filter((p): p is string => !!p))],
  ...extra,
});

/** Sentences built in a fixed order from lists of the report, joined with the places of the same lists. */
function zip(lines: readonly StoryLine[], places: readonly (readonly (string | undefined)[])[], what: string): PlacedLine[] {
  // A broken invariant, not bad input: story.ts and this file must walk the report's lists alike.
  if (lines.length !== places.length) throw new Error(`review-steps: ${lines.length} sentences of ${what} but ${places.length} lists of places`);
  return lines.map((l, i) => placed(l, places[i]!));
}

const CAPITAL = new Map<Nation, string>(DEFAULT_BOARD.territories.filter((t) => t.capitalOf).map((t) => [t.capitalOf!, t.id]));
export const capitalOf = (n: Nation): string | undefined => CAPITAL.get(n);

/** The pass an order moved in (R5.2: air orders by their final destination); purchases move in none. */
export function passOf(report: Report, nation: Nation, order: OrderLike): "sea" | "land" | null {
  if (order.type !== undefined && order.destination !== undefined) return null;
  return report.orders.find((o) => o.nation === nation && o.id === order.id)?.pass ?? "land";
}

/** The step a capture happened in: by moving in (or blitz) in the land moves, else in its battle (R5.2d). */
export function captureStep(report: Report, c: Report["captures"][number]): StepId {
  if (c.when !== "battle") return "land-moves";
  return report.battles.find((b) => b.territory === c.territory)?.pass === "sea" ? "sea-battles" : "land-battles";
}

function battleLines(report: Report, battle: Report["battles"][number], lowLuck: boolean): { bombardment: PlacedLine[]; battle: PlacedLine[] } {
  const story = battleStory(report, battle, lowLuck);
  const at = [battle.territory];
  // battleStory's summary: the sides, then (R5.5) the bombardment and its choices, then what died at once.
  const bombards = battle.bombardment.fire || battle.bombardment.hits > 0 ? 1 + (battle.bombardment.choices?.length ?? 0) : 0;
  const summary = story.summary.map((l) => placed(l, at, { battle: battle.territory }));
  return {
    bombardment: summary.slice(1, 1 + bombards),
    battle: [
      summary[0]!,
      ...summary.slice(1 + bombards),
      ...story.rounds.flatMap((r) => r.lines.map((l) => placed(l, at, { battle: battle.territory, round: r.round }))),
      placed({ ...story.outcome, id: `${story.id}-outcome` }, at, { battle: battle.territory }),
    ],
  };
}

/**
 * The steps of a resolved turn in R3's order, empty ones left out. Every sentence of the story
 * (turnStory) is in exactly one step: each order's sentence in the moves of its pass (purchases with
 * the new units), each capture in the step that made it.
 */
export function reviewSteps(report: Report, orders: Partial<Record<Nation, OrderLike[]>>, options: { lowLuck?: boolean } = {}): ReviewStep[] {
  const lowLuck = options.lowLuck ?? report.battles.some((b) => b.rounds.some((r) => r.fire.some((f) => f.lowLuck)));
  const by: Record<StepId, PlacedLine[]> = Object.fromEntries(STEP_IDS.map((id) => [id, []])) as unknown as Record<StepId, PlacedLine[]>;

  by.aa.push(...zip(aaSection(report).lines, report.aa.map((a) => [a.territory]), "AA fire"));

  // Every nation's orders, in the R1.1 nation order as ordersSection tells them: a nation with none held.
  const told = ordersSection(report, orders).lines;
  const about: { step: StepId; places: (string | undefined)[] }[] = NATIONS.flatMap((nation) => {
    const list = orders[nation] ?? [];
    if (list.length === 0) return [{ step: "land-moves" as const, places: [] }];
    return list.map((o) => {
      const pass = passOf(report, nation, o);
      if (pass === null) return { step: "place-new" as const, places: [o.destination] };
      return { step: pass === "sea" ? ("sea-moves" as const) : ("land-moves" as const), places: [o.from, ...(o.path ?? []), o.unload] };
    });
  });
  zip(told, about.map((a) => a.places), "orders").forEach((l, i) => by[about[i]!.step].push(l));
  report.conflicts.forEach((c, i) => {
    const step = c.pass === "sea" ? "sea-moves" : "land-moves";
    by[step].push(placed(conflictLine(report, c, i), c.kind === "head-on" && c.edge ? [...c.edge] : [c.territory]));
  });

  by.raids.push(...zip(raidsSection(report).lines, report.raids.map((r) => [r.territory]), "raids"));

  for (const b of report.battles) {
    const lines = battleLines(report, b, lowLuck);
    by.bombardment.push(...lines.bombardment);
    by[b.pass === "sea" ? "sea-battles" : "land-battles"].push(...lines.battle);
  }

  // Captures and the capitals' credits (R5.2d, R8.2) in the step that made them.
  const captures = zip(capturesSection(report).lines, [...report.captures.map((c) => [c.territory]), ...report.transfers.map((t) => [t.capital])], "captures");
  report.captures.forEach((c, i) => by[captureStep(report, c)].push(captures[i]!));
  report.transfers.forEach((t, i) => {
    const c = report.captures.find((x) => x.territory === t.capital);
    by[c ? captureStep(report, c) : "land-battles"].push(captures[report.captures.length + i]!);
  });

  const post = [
    ...(report.landings ?? []).map((l) => [l.from, l.to ?? undefined]),
    ...(report.landingsRefused ?? []).map((r) => [r.order.from, r.order.to]),
    ...(report.aaMoves ?? []).map((m) => [m.from, m.to]),
    ...(report.aaMovesRefused ?? []).map((r) => [r.order.from, r.order.to]),
  ];
  by["post-combat"].push(...zip(postCombatSection(report).lines, post, "post-combat"));

  by["place-new"].push(...zip(placementsSection(report).lines, (report.placements ?? []).map((p) => [p.at]), "new units"));

  const income = [...(report.commerceRaiding ?? []).map((r) => r.zones.map((z) => z.zone)), ...(report.income ? NATIONS.map((n) => [capitalOf(n)]) : [])];
  by.income.push(...zip(incomeSection(report).lines, income, "income"));
  by.income.push(...victorySection(report).lines.map((l) => placed(l, [])));

  return STEP_IDS.filter((id) => by[id].length > 0).map((id) => ({ id, ...STEP_INFO[id], lines: by[id] }));
}

/** The step's sentences about one territory. */
export function linesAbout(step: ReviewStep, territory: string): PlacedLine[] {
  return step.lines.filter((l) => l.places.includes(territory));
}
