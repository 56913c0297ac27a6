// Everything one robot turn shares: the situation, the plan under construction, threats, reach and
// landings. Built once per call of robotOrders; none of it outlives the call (only distances on the
// board itself are kept, see distances.ts).
import type { GameState, Nation } from "../engine";
import { landingsOf, type Landings } from "./air";
import type { Guard } from "./defence";
import { Plan } from "./plan";
import { reachOf, type Reach } from "./reach";
import { situationOf, type Situation } from "./situation";
import { threatsOf, type Threats } from "./threat";

export interface RobotTurn {
  sit: Situation;
  plan: Plan;
  threats: Threats;
  reach: Reach;
  landings: Landings;
  /** Garrisons the defence holds back, filled by planDefence. */
  guards: Guard[];
}

export function robotTurn(state: GameState, nation: Nation, seed: string): RobotTurn {
  const sit = situationOf(state, nation, seed);
  const threats = threatsOf(sit);
  return { sit, plan: new Plan(sit), threats, reach: reachOf(sit), landings: landingsOf(sit, threats), guards: [] };
}
