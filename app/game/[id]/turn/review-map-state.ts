// What the map shows at one step of the turn review (issue 19): the owners as they stand after that
// step (captures recoloured in the step that made them, R5.2d), every order's arrow from the moves of
// its pass on (succeeded, stopped short at its stop point, bounced), and the step's marks: AA fire on
// the flights it hit, head-ons with both values, battles with their winner, captures, raids,
// bombardment, new units and income. Pure: the overlay draws it.
import type { TurnReport } from "../../../../server/rulesets/1942/engine/turn";
import { NATIONS, TEAMS, type Nation } from "../../../../server/rulesets/1942/engine/types";
import { countsText, type OrderLike } from "../../../components/format";
import type { Arrow } from "../map/map-layers";
import { STEP_IDS, capitalOf, captureStep, passOf, type StepId } from "./review-steps";

type Report = TurnReport;

export type MarkKind = "aa" | "stop" | "head-on" | "battle" | "capture" | "raid" | "bombardment" | "placement" | "income";

export interface Mark {
  key: string;
  kind: MarkKind;
  /** One territory, or the two ends of a crossing (a head-on is marked halfway). */
  at: string[];
  text: string;
  /** A longer description for the tooltip and screen readers. */
  title: string;
  /** The nation or team whose colour the mark takes. */
  colour?: Nation | "Axis" | "Allies";
}

/** An order turned back at its first crossing (a lost head-on, a bounce): drawn to the border and barred there. */
export interface TurnedBack {
  id: string;
  from: string;
  to: string;
  kind: "bounced" | "stopped";
}

export interface StepMap {
  owners: Record<string, Nation>;
  arrows: Arrow[];
  turnedBack: TurnedBack[];
  marks: Mark[];
}

const rank = (id: StepId) => STEP_IDS.indexOf(id);
const slug = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, "-");

/** The owners before the turn: the report's owners with every capture undone, last first. */
export function startOwners(report: Report): Record<string, Nation> {
  const owners = { ...report.owners };
  for (const c of [...report.captures].reverse()) owners[c.territory] = c.from;
  return owners;
}

/** Where an order's units went: the walked part of its path (to where it ended), or its first crossing, barred, when it never left. */
function orderArrow(report: Report, nation: Nation, o: OrderLike): Arrow | TurnedBack | null {
  if (o.from === undefined || !o.path || o.path.length === 0) return null;
  const r = report.orders.find((x) => x.nation === nation && x.id === o.id);
  if (!r || r.status === "invalid") return null;
  const id = `${slug(nation)}-${o.id}`;
  const seq = [o.from, ...o.path];
  const reached = r.status === "completed" ? o.path.length : Math.max(0, seq.lastIndexOf(r.endedAt));
  const walked = o.path.slice(0, reached);
  if (walked.length === 0 && r.status !== "destroyed") return { id, from: o.from, to: o.path[0]!, kind: r.status === "bounced" ? "bounced" : "stopped" };
  const kind: Arrow["kind"] = r.status === "completed" ? "completed" : r.status === "stopped" ? "stopped" : r.status === "destroyed" ? "destroyed" : "bounced";
  return { id, from: o.from, path: walked.length > 0 ? walked : o.path.slice(0, 1), kind, ...(r.status === "completed" && o.unload ? { unload: o.unload } : {}) };
}

// Plain glyphs only: an emoji (a raised hand, a burst) is a blank box where no emoji font is installed.
const STOP_WORD = { stopped: "stopped here", bounced: "↩ bounced", destroyed: "✖ shot down" } as const;

export function stepMap(report: Report, orders: Partial<Record<Nation, OrderLike[]>>, step: StepId): StepMap {
  const now = rank(step);
  const owners = startOwners(report);
  for (const c of report.captures) if (rank(captureStep(report, c)) <= now) owners[c.territory] = c.to;

  const arrows: Arrow[] = [];
  const turnedBack: TurnedBack[] = [];
  const marks: Mark[] = [];
  const moving = NATIONS.flatMap((nation) => (orders[nation] ?? []).map((o) => ({ nation, o, pass: passOf(report, nation, o) })));

  if (step === "aa") {
    // R5.1: the flights the guns fired at, and what fell.
    report.aa.forEach((a, i) => {
      const o = orders[a.nation]?.find((x) => x.id === a.order);
      if (o?.from !== undefined && o.path?.length) arrows.push({ id: `${slug(a.nation)}-${o.id}`, from: o.from, path: o.path, kind: "pending" });
      const lost = countsText(a.lost);
      marks.push({ key: `aa-${i}`, kind: "aa", at: [a.territory], text: a.hits > 0 ? `AA ✖ ${lost}` : "AA: no hit", title: `AA guns in ${a.territory} fired at ${a.nation}'s ${a.shots} aircraft: ${a.hits > 0 ? `shot down ${lost}` : "no hit"}`, colour: a.nation });
    });
  } else {
    for (const { nation, o, pass } of moving) {
      if (pass === null || rank(pass === "sea" ? "sea-moves" : "land-moves") > now) continue;
      const arrow = orderArrow(report, nation, o);
      if (arrow && "to" in arrow) turnedBack.push(arrow);
      else if (arrow) arrows.push(arrow);
    }
  }

  if (step === "sea-moves" || step === "land-moves") {
    const pass = step === "sea-moves" ? "sea" : "land";
    for (const { nation, o } of moving.filter((m) => m.pass === pass)) {
      const r = report.orders.find((x) => x.nation === nation && x.id === o.id);
      if (!r || r.status === "completed" || r.status === "invalid") continue;
      // Turned back at its first border: the bar across its arrow is its stop point.
      if (r.status !== "destroyed" && r.endedAt === o.from) continue;
      marks.push({ key: `stop-${slug(nation)}-${o.id}`, kind: "stop", at: [r.endedAt], text: STOP_WORD[r.status], title: `${nation}'s order ${o.id} ${r.status} in ${r.endedAt}${r.reason ? `: ${r.reason}` : ""}`, colour: nation });
    }
    report.conflicts.forEach((c, i) => {
      if (c.pass !== pass || c.kind !== "head-on" || !c.edge) return;
      const values = TEAMS.map((t) => `${t} ${c.forces?.find((f) => f.team === t)?.value ?? 0}`).join(" · ");
      const text = `${c.result === "bounced" ? "↩ bounced" : "⇄ head-on"}: ${values}`;
      marks.push({ key: `head-on-${i}`, kind: "head-on", at: [...c.edge], text, title: `Head-on between ${c.edge[0]} and ${c.edge[1]} (R5.2b): ${values}` });
    });
  }

  // Battles from their step on, with their winner (R6.10).
  report.battles.forEach((b) => {
    if (rank(b.pass === "sea" ? "sea-battles" : "land-battles") > now) return;
    const winner = b.winner === undefined ? "not fought" : b.winner === "none" ? "no winner" : `${b.winner} won`;
    marks.push({ key: `battle-${slug(b.territory)}`, kind: "battle", at: [b.territory], text: `⚔ ${winner}`, title: `Battle in ${b.territory}: ${winner} after ${b.rounds.length} round${b.rounds.length === 1 ? "" : "s"}`, ...(b.winner === "Axis" || b.winner === "Allies" ? { colour: b.winner } : {}) });
  });

  report.captures.forEach((c) => {
    if (captureStep(report, c) !== step) return;
    const verb = c.liberated ? "liberated" : "captured";
    marks.push({ key: `capture-${slug(c.territory)}`, kind: "capture", at: [c.territory], text: `⚑ ${verb} by ${c.to}`, title: `${c.to} ${verb} ${c.territory} from ${c.from}`, colour: c.to });
  });

  if (step === "raids")
    report.raids.forEach((r, i) => marks.push({ key: `raid-${i}`, kind: "raid", at: [r.territory], text: `raid −${r.damage}`, title: `Raid on the factory in ${r.territory}: ${r.nation} lost ${r.damage} credits`, colour: r.nation }));
  if (step === "bombardment")
    report.battles.forEach((b) => {
      if (!b.bombardment.fire && b.bombardment.hits === 0) return;
      marks.push({ key: `bombardment-${slug(b.territory)}`, kind: "bombardment", at: [b.territory], text: `bombarded: ${b.bombardment.hits} hit${b.bombardment.hits === 1 ? "" : "s"}`, title: `Bombardment of ${b.territory}: ${b.bombardment.hits} hits` });
    });
  if (step === "post-combat")
    (report.landings ?? []).forEach((l, i) => {
      if (!l.scuttled && l.to !== null && l.to !== l.from) arrows.push({ id: `landing-${i}`, from: l.from, path: [l.to], kind: "completed" });
    });
  if (step === "place-new")
    (report.placements ?? []).forEach((p, i) => {
      if (p.placed) marks.push({ key: `placement-${i}`, kind: "placement", at: [p.at], text: `+${countsText({ [p.type]: p.count })}`, title: `${p.nation}'s new ${countsText({ [p.type]: p.count })} in ${p.at}`, colour: p.nation });
    });
  if (step === "income" && report.income)
    for (const n of NATIONS) {
      const at = capitalOf(n);
      if (at) marks.push({ key: `income-${slug(n)}`, kind: "income", at: [at], text: `+${report.income[n] ?? 0} → ${report.treasury[n]}`, title: `${n} collected ${report.income[n] ?? 0} credits: treasury now ${report.treasury[n]}`, colour: n });
    }
  return { owners, arrows, turnedBack, marks };
}
