// The replay of a resolved turn (issue 6) as a list of frames, built from the stored report: moves
// step by step (sea pass first, then the land pass, R5.2), where orders stopped, bounced or were shot
// down, the battles where they happened, then the captures. Pure; the map draws one frame at a time.
import type { OrderStatus } from "../../../../server/engine/report";
import type { Nation, UnitCounts } from "../../../../server/engine/types";

export interface ReplayOrder {
  id: string;
  nation: Nation;
  units: UnitCounts;
  from: string;
  path: string[];
}

export interface ReplayOutcome {
  id: string;
  nation: Nation;
  status: OrderStatus;
  endedAt: string;
  pass?: "sea" | "land";
  reason?: string;
}

export interface ReplayInput {
  orders: Partial<Record<Nation, { id: string; units?: UnitCounts; from?: string; path?: string[] }[]>>;
  outcomes: ReplayOutcome[];
  battles: { territory: string; winner?: string }[];
  startOwners: Record<string, Nation>;
  endOwners: Record<string, Nation>;
}

export interface Token {
  key: string;
  id: string;
  nation: Nation;
  units: UnitCounts;
  from: string;
  /** Where the group stands in this frame. */
  at: string;
  /** The path walked so far (for the arrow). */
  walked: string[];
  /** Set once the order's fate shows: stopped, bounced, destroyed or invalid. */
  mark?: Exclude<OrderStatus, "completed">;
  status: OrderStatus;
}

export interface Frame {
  label: string;
  tokens: Token[];
  battles: string[];
  owners: Record<string, Nation>;
}

interface Plan {
  order: ReplayOrder;
  outcome: ReplayOutcome;
  /** Territories from `from` onward, and how many steps the group really took. */
  seq: string[];
  reached: number;
  pass: "sea" | "land";
}

function planOf(order: ReplayOrder, outcome: ReplayOutcome): Plan {
  const seq = [order.from, ...order.path];
  let reached = order.path.length;
  if (outcome.status === "invalid" || outcome.status === "bounced") reached = outcome.status === "invalid" ? 0 : Math.max(0, seq.lastIndexOf(outcome.endedAt));
  else if (outcome.status !== "completed") reached = Math.max(0, seq.lastIndexOf(outcome.endedAt));
  return { order, outcome, seq, reached, pass: outcome.pass ?? "land" };
}

/** Where a plan's group stands after `k` steps of its own pass, and whether its fate shows yet. */
function tokenAt(p: Plan, k: number): Token {
  const steps = Math.min(k, p.reached);
  // A group that stopped short shows its mark at the step it could not take; invalid orders from the start.
  const fateShows = p.outcome.status === "invalid" || (p.outcome.status !== "completed" && k > p.reached) || (p.outcome.status === "destroyed" && k >= p.reached);
  return {
    key: `${p.order.nation}|${p.order.id}`,
    id: p.order.id,
    nation: p.order.nation,
    units: p.order.units,
    from: p.order.from,
    at: p.seq[steps]!,
    walked: p.seq.slice(1, steps + 1),
    status: p.outcome.status,
    ...(fateShows && p.outcome.status !== "completed" ? { mark: p.outcome.status } : {}),
  };
}

export function replayFrames(input: ReplayInput): Frame[] {
  const plans: Plan[] = [];
  for (const outcome of input.outcomes) {
    const o = input.orders[outcome.nation]?.find((x) => x.id === outcome.id);
    if (!o || !o.units || o.from === undefined) continue; // purchases do not move
    plans.push(planOf({ id: o.id, nation: outcome.nation, units: o.units, from: o.from, path: o.path ?? [] }, outcome));
  }
  const sea = plans.filter((p) => p.pass === "sea");
  const land = plans.filter((p) => p.pass === "land");
  const longest = (ps: Plan[]) => ps.reduce((m, p) => Math.max(m, p.order.path.length), 0);
  const frame = (label: string, seaK: number, landK: number, battles: string[] = [], owners = input.startOwners): Frame => ({
    label,
    tokens: [...sea.map((p) => tokenAt(p, seaK)), ...land.map((p) => tokenAt(p, landK))],
    battles,
    owners,
  });
  const frames: Frame[] = [frame("Start of the turn", 0, 0)];
  const seaSteps = longest(sea);
  const landSteps = longest(land);
  for (let k = 1; k <= seaSteps; k++) frames.push(frame(`Step ${k} of the sea pass`, k, 0));
  for (let k = 1; k <= landSteps; k++) frames.push(frame(`Step ${k} of the land pass`, seaSteps, k));
  const battles = [...new Set(input.battles.map((b) => b.territory))];
  if (battles.length > 0) frames.push(frame(`Battles in ${battles.join(", ")}`, seaSteps, landSteps, battles));
  frames.push(frame("Captures: the owners after the turn", seaSteps, landSteps, [], input.endOwners));
  return frames;
}
