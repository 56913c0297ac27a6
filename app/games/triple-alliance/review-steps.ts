// The review's steps (TA2.3): the table before the turn, after movement, after shooting, after
// hand-to-hand, and as it ends. Each step is the "before" units carried forward by the report's
// lines: positions from the moves and charges (facings and formations as the turn left them), hits
// added as the dice dealt them, withdrawals, and units lost.
import type { Pt } from "@/server/rulesets/triple-alliance/geometry";
import { T } from "@/server/rulesets/triple-alliance/tables";
import type { Report, ReportLine, State, Unit } from "@/server/rulesets/triple-alliance/types";
import { PIP, stepOf, type Step } from "./report-text";

export interface Arrow {
  from: Pt;
  to: Pt;
  kind: "move" | "charge" | "shot" | "melee" | "withdraw";
  label?: string;
}
export interface ReviewStep {
  id: "before" | Step | "after";
  title: string;
  units: Unit[];
  /** Units destroyed by this step, drawn as outlines where they fell. */
  gone: Unit[];
  arrows: Arrow[];
  lines: ReportLine[];
}

const P = (x: unknown): Pt | null => (x && typeof x === "object" && "x" in x && "y" in x ? { x: Number((x as Pt).x), y: Number((x as Pt).y) } : null);

export function reviewSteps(before: State, after: State, report: Report): ReviewStep[] {
  const afterById = new Map(after.units.map((u) => [u.id, u]));
  const lines = report.lines;
  const of = (step: Step) => lines.filter((l) => stepOf(l) === step);
  const withdrew = new Set(lines.filter((l) => l.kind === "withdraw").map((l) => String(l.unit)));
  const moveTo = new Map<string, Pt>();
  for (const l of of("movement")) {
    const to = P(l.to);
    if (to && typeof l.unit === "string") moveTo.set(l.unit, to);
  }
  // After movement: where the report says each unit went; facing and formation as the turn left them.
  const moved = before.units.map((u): Unit => {
    const a = afterById.get(u.id);
    const pos = moveTo.get(u.id) ?? (a && !withdrew.has(u.id) ? a.pos : u.pos);
    const formation = of("movement").some((l) => l.kind === "formation" && l.unit === u.id) ? (a?.formation ?? u.formation) : u.formation;
    return { ...u, pos, facing: a && !withdrew.has(u.id) ? a.facing : u.facing, formation };
  });
  const addHits = (units: Unit[], ls: ReportLine[], key: string) => {
    const extra = new Map<string, number>();
    for (const l of ls) {
      const id = String(l[key]);
      const h = l.kind === "guns-overrun" ? T.hitsToEliminate : Number(l.hits ?? 0);
      extra.set(id, (extra.get(id) ?? 0) + h);
    }
    return units.map((u) => ({ ...u, hits: Math.min(T.hitsToEliminate, u.hits + (extra.get(u.id) ?? 0)) }));
  };
  const split = (units: Unit[]) => ({ units: units.filter((u) => u.hits < T.hitsToEliminate), gone: units.filter((u) => u.hits >= T.hitsToEliminate) });
  const shot = split(addHits(moved, of("shooting").filter((l) => l.kind === "shot"), "target"));
  const fought = split(addHits(shot.units, of("melee").filter((l) => l.kind === "melee" || l.kind === "guns-overrun"), "defender"));
  const byId = (units: Unit[], id: unknown) => units.find((u) => u.id === id);
  const arrows = {
    movement: of("movement").flatMap((l): Arrow[] => {
      const u = byId(before.units, l.unit);
      const to = P(l.to);
      if (!u || !to) return [];
      return [{ from: u.pos, to, kind: l.kind.startsWith("charge") ? "charge" : "move" }];
    }),
    shooting: of("shooting").flatMap((l): Arrow[] => {
      const a = byId(moved, l.unit);
      const t = byId(moved, l.target);
      return a && t && l.kind === "shot" ? [{ from: a.pos, to: t.pos, kind: "shot", label: `${PIP[Number(l.roll)] ?? ""} ${String(l.roll)}→${String(l.hits)}` }] : [];
    }),
    melee: of("melee").flatMap((l): Arrow[] => {
      if (l.kind === "withdraw") return [{ from: P(l.at)!, to: P(l.to)!, kind: "withdraw" }];
      const a = byId(shot.units, l.attacker);
      const d = byId(shot.units, l.defender);
      return a && d && (l.kind === "melee" || l.kind === "guns-overrun") ? [{ from: a.pos, to: d.pos, kind: "melee", label: l.kind === "melee" ? `${PIP[Number(l.roll)] ?? ""} ${String(l.roll)}→${String(l.hits)}` : "overrun" }] : [];
    }),
  };
  const allGone = [...shot.gone, ...fought.gone];
  return [
    { id: "before", title: "Before", units: before.units, gone: [], arrows: [], lines: of("command") },
    { id: "movement", title: "Movement", units: moved, gone: [], arrows: arrows.movement, lines: of("movement") },
    { id: "shooting", title: "Shooting", units: shot.units, gone: shot.gone, arrows: arrows.shooting, lines: [...of("shooting"), ...lines.filter((l) => l.kind === "eliminated" && shot.gone.some((u) => u.id === l.unit))] },
    { id: "melee", title: "Hand-to-hand", units: fought.units, gone: allGone, arrows: arrows.melee, lines: [...of("melee"), ...lines.filter((l) => l.kind === "eliminated" && fought.gone.some((u) => u.id === l.unit))] },
    { id: "after", title: "After", units: after.units, gone: allGone, arrows: [], lines: of("end").filter((l) => l.kind === "end") },
  ];
}
