// A battle waiting for a decision as every player may see it (R6.3): where it is, its rounds so far,
// the round under way and its units. What a side decides stays out until the sub-phase is over.
import type { BattleState } from "./battle";

export type ShownBattle = Pick<BattleState, "territory" | "pass" | "rounds" | "current" | "bombardment" | "destroyedAtOnce" | "units">;

export function shownBattle(b: BattleState): ShownBattle {
  return {
    territory: b.territory,
    pass: b.pass,
    rounds: b.rounds,
    current: b.current,
    bombardment: b.bombardment,
    destroyedAtOnce: b.destroyedAtOnce,
    // Marks left here come from sub-phases both sides finished: they are public (hit, removed at the end of the round).
    units: b.units,
  };
}
