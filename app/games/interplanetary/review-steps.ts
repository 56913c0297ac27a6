// The turn's review in steps, in the order the judge resolved it (IP2.3): orders given (takeoffs,
// landings, launches), movement (with crashes, orbits, docking), ordnance and hazards (mines,
// missiles, asteroids, busters, with their dice), guns (with their dice), then resupply and the end
// of the turn. Hits, disablings and destructions belong to the step whose rolls caused them.
import type { Report, ReportLine } from "../../../server/rulesets/interplanetary/types";

export type StepId = "orders" | "movement" | "ordnance" | "guns" | "end";

export interface ReviewStep {
  id: StepId;
  title: string;
  lines: ReportLine[];
}

const TITLES: Record<StepId, string> = { orders: "Orders", movement: "Movement", ordnance: "Ordnance and hazards", guns: "Guns", end: "Resupply and end of turn" };
const STEP_OF: Record<string, StepId> = {
  "no-orders": "orders", "invalid-orders": "orders", takeoff: "orders", land: "orders", launch: "orders",
  move: "movement", gravity: "movement", crash: "movement", "left-map": "movement", orbit: "movement", dock: "movement", "ordnance-move": "movement", "ordnance-gone": "movement",
  "ordnance-attack": "ordnance", attack: "ordnance", buster: "ordnance",
  gun: "guns", "no-shot": "guns",
};
/** Results of rolls: they follow the step that rolled them. */
const RESULTS = new Set(["hit", "disabled", "disabled-ignored", "destroyed"]);

export function reviewSteps(report: Report): ReviewStep[] {
  const steps: ReviewStep[] = [];
  let current: StepId = "orders";
  for (const line of report.lines) {
    const id: StepId = RESULTS.has(line.kind) ? current : (STEP_OF[line.kind] ?? "end");
    current = id;
    const last = steps[steps.length - 1];
    if (last && last.id === id) last.lines.push(line);
    else steps.push({ id, title: TITLES[id], lines: [line] });
  }
  return steps;
}

const FACES = ["⚀", "⚁", "⚂", "⚃", "⚄", "⚅"];
/** A die face for a roll shown in the review. */
export const dieFace = (roll: unknown): string | null => (typeof roll === "number" && roll >= 1 && roll <= 6 ? FACES[roll - 1]! : null);
