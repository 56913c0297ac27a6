// One side of a battle for the exact odds: its unit classes, its casualty choice (R6.9 or the
// player's order, R6.6), and every state it can reach. A state is the count of each class in the
// battle plus the units that left it (withdrawn air, submerged submarines, R6.7). Under a fixed
// casualty policy a side reaches few states (a land side: one per number of losses), so the battle
// is a Markov chain over pairs of side states.
import { nationIndex } from "../teams";
import type { Nation, UnitCounts, UnitType } from "../types";
import { UNIT_STATS, isAir, isCombatUnit, isLandUnit, isShip, tableIndex } from "../units";

/** A side's forces: units per nation. */
export type Forces = Partial<Record<Nation, UnitCounts>>;

/** How a side chooses (R6.2: its lead nation's choices, one policy for the whole side). */
export interface SideChoices {
  /** Types to lose last, in this order (the last one listed is lost last); other types first, by R6.9. */
  keepLast?: UnitType[];
  /** Keep at least this many land units as long as anything else can be lost (so the territory is taken). */
  keepLand?: number;
  /** Withdraw every air unit at the end of this round (R6.7). */
  withdrawAirAfter?: number;
  /**
   * Withdraw every air unit at the end of a round when the side's chance of winning (the attacker on
   * land: of taking the territory) by fighting on to the end with no withdrawal is below this.
   */
  withdrawAirBelow?: number;
  /** Submerge every submarine at the end of this round or any later one in which it is allowed (R6.7). */
  submergeAfter?: number;
}

/** A unit class: one nation's units of one type (battleships: unharmed or damaged). */
export interface UnitClass {
  nation: Nation;
  type: UnitType;
  damaged: boolean;
  /** Firing value in this battle (R6.1): attack for the side that moved in, else defense. */
  value: number;
  /** Hits it can still take. */
  room: number;
}

export type Eligible = "all" | "ships" | "air";

export class Side {
  readonly classes: UnitClass[] = [];
  /** States: counts per class in the battle, then counts per class out of it (withdrawn, submerged). */
  readonly states: Int32Array[] = [];
  private readonly index = new Map<string, number>();
  private readonly rank: number[];
  /** For each unharmed battleship class, its damaged class. */
  private readonly damagedOf = new Map<number, number>();

  constructor(
    forces: Forces,
    readonly attacking: boolean,
    readonly choices: SideChoices = {},
  ) {
    const nations = (Object.keys(forces) as Nation[]).sort((a, b) => nationIndex(a) - nationIndex(b));
    for (const nation of nations) {
      for (const [type, count] of Object.entries(forces[nation] ?? {}) as [UnitType, number][]) {
        if (!isCombatUnit(type) || !count) continue;
        const stats = UNIT_STATS[type];
        const value = attacking ? stats.attack : stats.defense;
        this.classes.push({ nation, type, damaged: false, value, room: stats.hits });
        if (stats.hits === 2) {
          this.damagedOf.set(this.classes.length - 1, this.classes.length);
          this.classes.push({ nation, type, damaged: true, value, room: 1 });
        }
      }
    }
    const keep = choices.keepLast ?? [];
    this.rank = this.classes.map((c) => keep.indexOf(c.type) + 1);
  }

  get size(): number {
    return this.classes.length;
  }

  /** The state of these forces, `damaged` of each nation's battleships (counted in `forces`) already hit once (R6.4). */
  initial(forces: Forces, damaged: Partial<Record<Nation, number>> = {}): Int32Array {
    const s = new Int32Array(this.size * 2);
    this.classes.forEach((c, i) => {
      const all = forces[c.nation]?.[c.type] ?? 0;
      const hit = c.type === "battleship" ? Math.min(all, damaged[c.nation] ?? 0) : 0;
      s[i] = c.damaged ? hit : all - (this.damagedOf.has(i) ? hit : 0);
    });
    return s;
  }

  /** The id of a state, adding it if new. */
  id(state: Int32Array): number {
    const key = state.join(",");
    let id = this.index.get(key);
    if (id === undefined) {
      id = this.states.length;
      this.index.set(key, id);
      this.states.push(state);
    }
    return id;
  }

  private eligible(c: UnitClass, which: Eligible): boolean {
    if (which === "ships") return isShip(c.type); // R6.3: submarine hits take ships only (R6.6: never air)
    if (which === "air") return isAir(c.type);
    return true;
  }

  /**
   * Take `hits` hits (R6.6), the choice by R6.9 or this side's order: damage an unharmed battleship
   * first, then the lowest in the order; the chosen units leave the state (R6.3 marks them to be
   * removed at the end of the round; in the chain that is the same state).
   */
  takeHits(state: Int32Array, hits: number, which: Eligible, useChoices = true): Int32Array {
    const s = state.slice();
    const n = this.size;
    let landIn = 0;
    if (useChoices && this.choices.keepLand) for (let i = 0; i < n; i++) if (isLandUnit(this.classes[i]!.type)) landIn += s[i]!;
    for (let h = 0; h < hits; h++) {
      let best = -1;
      for (let i = 0; i < n; i++) {
        const c = this.classes[i]!;
        if (s[i] === 0 || !this.eligible(c, which)) continue;
        if (this.damagedOf.has(i)) {
          best = i; // R6.9: an unharmed battleship takes a hit as damage first
          break;
        }
        if (best < 0 || this.before(i, best, landIn, useChoices)) best = i;
      }
      if (best < 0) break;
      s[best]!--;
      const damaged = this.damagedOf.get(best);
      if (damaged !== undefined) s[damaged]!++;
      else if (isLandUnit(this.classes[best]!.type)) landIn--;
    }
    return s;
  }

  /** Is class i lost before class j? */
  private before(i: number, j: number, landIn: number, useChoices: boolean): boolean {
    const a = this.classes[i]!;
    const b = this.classes[j]!;
    if (useChoices) {
      const keep = this.choices.keepLand ?? 0;
      const ka = keep > 0 && isLandUnit(a.type) && landIn <= keep ? 1 : 0;
      const kb = keep > 0 && isLandUnit(b.type) && landIn <= keep ? 1 : 0;
      if (ka !== kb) return ka < kb;
      if (this.rank[i] !== this.rank[j]) return this.rank[i]! < this.rank[j]!;
    }
    // R6.9: cheapest by own cost, then lower firing value, then R2 table order, then the nation latest in R1.1.
    return (
      UNIT_STATS[a.type].cost - UNIT_STATS[b.type].cost ||
      a.value - b.value ||
      tableIndex(a.type) - tableIndex(b.type) ||
      nationIndex(b.nation) - nationIndex(a.nation)
    ) < 0;
  }

  /** The state after one unharmed `type` of `nation` is lost outside R6.9 (AA fire at one order's aircraft, R5.1). */
  lose(id: number, nation: Nation, type: UnitType): number {
    const c = this.classes.findIndex((x) => x.nation === nation && x.type === type && !x.damaged);
    const s = this.states[id]!.slice();
    if (c < 0 || s[c]! === 0) throw new Error(`a flight's ${type} of ${nation} is not among the attacker's units (R5.1)`);
    s[c]!--;
    return this.id(s);
  }

  /** Move every unit of the matching classes out of the battle (R6.7). */
  leave(state: Int32Array, match: (type: UnitType) => boolean): Int32Array {
    const s = state.slice();
    const n = this.size;
    for (let i = 0; i < n; i++) {
      if (s[i]! > 0 && match(this.classes[i]!.type)) {
        s[n + i]! += s[i]!;
        s[i] = 0;
      }
    }
    return s;
  }

  private readonly oneHit: Record<Eligible, number[]> = { all: [], ships: [], air: [] };

  /** The state after one more hit on state `id` (itself when nothing eligible is left), memoized. */
  hit(id: number, which: Eligible): number {
    const memo = this.oneHit[which];
    let next = memo[id];
    if (next === undefined) {
      next = this.id(this.takeHits(this.states[id]!, 1, which, which !== "air"));
      memo[id] = next;
    }
    return next;
  }

  /** Hits the units of the matching classes can still absorb. */
  room(state: Int32Array, which: Eligible): number {
    let r = 0;
    for (let i = 0; i < this.size; i++) if (this.eligible(this.classes[i]!, which)) r += state[i]! * this.classes[i]!.room;
    return r;
  }
}
