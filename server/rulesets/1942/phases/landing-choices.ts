// The post-combat phase of a 1942 turn (R7): each nation with air units to land or AA guns that may
// move gives its landings and AA moves, checked by the engine functions that apply them (R7.1, R7.2),
// as services/post-combat.ts checks them; the phase resolves with every nation's choices (a nation that
// gave none takes the default landing, R7.4, R3.1), then the turn ends (R8).
import { finishTurn, landAircraft, moveAaGuns, type AaMove, type LandingOrder, type Nation, type TurnReport, type GameState } from "../engine";
import type { Validation } from "../../ruleset";
import { replayCombat, type PostCombatStage } from "./turn-so-far";

export interface LandingOrders {
  landings: LandingOrder[];
  aaMoves: AaMove[];
}

const refuse = (rule: string, message: string): Validation => ({ ok: false, rule, message });
const isCount = (v: unknown) => Number.isInteger(v) && (v as number) > 0;
const isLanding = (l: Partial<LandingOrder> | null) => !!l && typeof l.type === "string" && typeof l.from === "string" && typeof l.to === "string" && isCount(l.count);
const isAaMove = (m: Partial<AaMove> | null) => !!m && typeof m.from === "string" && typeof m.to === "string" && isCount(m.count);

/** The nations with something to choose (services/post-combat.ts choosers). */
export function postCombatSides(stage: PostCombatStage, nations: readonly Nation[]): Nation[] {
  const acting = new Set([...stage.choices.air.map((a) => a.nation), ...stage.choices.aaGuns.map((g) => g.nation)]);
  return nations.filter((n) => acting.has(n));
}

/** The combat the stage closed, replayed with every decision (all its dice rolled already). */
function combatOf(stage: PostCombatStage) {
  return replayCombat(stage, stage.decisions, { ...stage.streams }, stage.step, "", false);
}

export function validateLandingOrders(stage: PostCombatStage, side: string, orders: unknown): Validation {
  const batch = orders as Partial<LandingOrders> | null;
  if (!batch || !Array.isArray(batch.landings) || !Array.isArray(batch.aaMoves)) return refuse("R7", "Post-combat orders are { landings: [...], aaMoves: [...] }");
  if (!postCombatSides(stage, [side as Nation]).length) return refuse("R7", `${side} has nothing to land or move after this combat (R7)`);
  if (!batch.landings.every(isLanding)) return refuse("R7.1", "A landing names a type, a count, where from and where to (R7.1)");
  if (!batch.aaMoves.every(isAaMove)) return refuse("R7.2", "An AA move names a count, where from and where to (R7.2)");
  const combat = combatOf(stage);
  const landed = landAircraft(stage.start, combat.state, combat.aftermath, { [side]: batch.landings });
  if (landed.refused.length > 0) return refuse("R7.1", landed.refused[0]!.reason);
  const moved = moveAaGuns(stage.start, landed.state, { [side]: batch.aaMoves });
  if (moved.refused.length > 0) return refuse("R7.2", moved.refused[0]!.reason);
  return { ok: true };
}

/** The turn's end with the nations' choices (as services/post-combat.ts savedPostCombat reads them: by nation, empty lists left out). */
export function resolvePostCombat(stage: PostCombatStage, batches: Record<string, LandingOrders>, seed: string): { state: GameState; report: TurnReport } {
  const acting = new Set<string>(postCombatSides(stage, Object.keys(batches) as Nation[]));
  const landings: Partial<Record<Nation, LandingOrder[]>> = {};
  const aaMoves: Partial<Record<Nation, AaMove[]>> = {};
  for (const [side, batch] of Object.entries(batches).sort(([a], [b]) => (a < b ? -1 : 1))) {
    if (!acting.has(side)) continue;
    if (batch.landings.length > 0) landings[side as Nation] = batch.landings;
    if (batch.aaMoves.length > 0) aaMoves[side as Nation] = batch.aaMoves;
  }
  return finishTurn(stage.start, combatOf(stage), { landings, aaMoves }, seed);
}
