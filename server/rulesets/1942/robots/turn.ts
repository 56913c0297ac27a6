// Everything one robot turn shares: the situation, the plan under construction, threats, reach and
// landings. Built once per call of robotOrders; none of it outlives the call (only distances on the
// board itself are kept, see distances.ts).
import type { GameState, Nation, Unit } from "../engine";
import { landingsOf, type Landings } from "./air";
import { Plan } from "./plan";
import { reachOf, type Reach } from "./reach";
import { situationOf, type Situation } from "./situation";
import { threatsOf, type Threats } from "./threat";

/** A territory the defence held a garrison in, against which threat, with what margin. */
export interface Guard {
  territory: string;
  threat: readonly Unit[];
  margin: number;
}

export interface RobotTurn {
  sit: Situation;
  plan: Plan;
  threats: Threats;
  reach: Reach;
  landings: Landings;
  /** Garrisons the defence holds back, filled by planDefence. */
  guards: Guard[];
  /** Targets (land) and zones (sea) this turn leaves alone: its whole-turn review found them doubtful (review.ts). */
  skip: ReadonlySet<string>;
  /** Targets and zones sent everything in reach rather than just enough (review.ts). */
  reinforce: ReadonlySet<string>;
  /** Ids of the orders of team strikes (strike.ts): priced there with the team's joint force, not reviewed. */
  strikeOrders: Set<string>;
  /** Allies' turns replayed up to their attacks (strike.ts), kept unplanned-on for the review's replans. */
  replays: Map<Nation, RobotTurn>;
}

export function robotTurn(state: GameState, nation: Nation, seed: string): RobotTurn {
  const sit = situationOf(state, nation, seed);
  const threats = threatsOf(sit);
  return { sit, plan: new Plan(sit), threats, reach: reachOf(sit), landings: landingsOf(sit, threats), guards: [], skip: new Set(), reinforce: new Set(), strikeOrders: new Set(), replays: new Map() };
}
