// Which hostile units could attack a territory this turn: a reach estimate of R4.3–R4.7 seen from
// the enemy's side (land units by their move, armour blitzing through land without our units, air
// within range with a step left to land, cargo its transports could bring). Memoised per turn.
import { TRANSPORT_CAPACITY, UNIT_STATS, type Unit } from "../engine";
import { isLandType, type Situation } from "./situation";

export interface Threats {
  /** Hostile units that could attack land territory `t` this turn. */
  land(t: string): readonly Unit[];
  /** Hostile warships and aircraft that could attack sea zone `z` this turn. */
  sea(z: string): readonly Unit[];
}

/** Longest flight to a battle that still leaves a step to land (R4.6). */
export function strikeRange(type: Unit["type"]): number {
  return UNIT_STATS[type].move - 1;
}

export function threatsOf(sit: Situation): Threats {
  const { board, dist } = sit;
  const air = sit.enemyUnits.filter((u) => UNIT_STATS[u.type].medium === "air");
  const warships = sit.enemyUnits.filter((u) => UNIT_STATS[u.type].medium === "sea" && UNIT_STATS[u.type].attack > 0);
  const transports = sit.enemyUnits.filter((u) => u.type === "transport");
  const landCache = new Map<string, readonly Unit[]>();
  const seaCache = new Map<string, readonly Unit[]>();

  const landOf = (t: string): readonly Unit[] => {
    const seen = new Set<number>();
    const out: Unit[] = [];
    const add = (u: Unit) => {
      if (seen.has(u.id)) return;
      seen.add(u.id);
      out.push(u);
    };
    for (const n of board.neighbours(t)) {
      if (!board.isLand(n)) continue;
      for (const u of sit.enemies(n)) if (isLandType(u.type)) add(u);
      // R4.3/R4.5: armour goes on through land that holds none of our units.
      if (sit.friends(n).length > 0) continue;
      for (const m of board.neighbours(n)) {
        if (m === t || !board.isLand(m)) continue;
        for (const u of sit.enemies(m)) if (u.type === "armour") add(u);
      }
    }
    for (const u of air) if (dist.steps("air", u.at, t) <= strikeRange(u.type)) add(u);
    // R4.7: transports within two zones of a zone next to t, with their cargo or what they can load.
    const shores = board.neighbours(t).filter((z) => board.isSea(z));
    if (shores.length > 0)
      for (const tr of transports) {
        if (!shores.some((z) => dist.steps("sea", tr.at, z) <= UNIT_STATS.transport.move)) continue;
        const aboard = sit.cargo(tr.id);
        aboard.forEach(add);
        let room = TRANSPORT_CAPACITY - aboard.length;
        let heavy = aboard.some((u) => u.type !== "infantry");
        for (const coast of board.neighbours(tr.at)) {
          if (!board.isLand(coast)) continue;
          for (const u of sit.standing(coast)) {
            if (room <= 0) break;
            if (u.nation !== tr.nation || !isLandType(u.type) || seen.has(u.id)) continue;
            if (u.type !== "infantry" && heavy) continue;
            heavy ||= u.type !== "infantry";
            add(u);
            room--;
          }
        }
      }
    return out;
  };

  const seaOf = (z: string): readonly Unit[] => {
    const out: Unit[] = [];
    for (const u of warships) if (dist.steps("sea", u.at, z) <= UNIT_STATS[u.type].move) out.push(u);
    for (const u of air) if (dist.steps("air", u.at, z) <= strikeRange(u.type)) out.push(u);
    return out;
  };

  return {
    land: (t) => {
      let hit = landCache.get(t);
      if (!hit) landCache.set(t, (hit = landOf(t)));
      return hit;
    },
    sea: (z) => {
      let hit = seaCache.get(z);
      if (!hit) seaCache.set(z, (hit = seaOf(z)));
      return hit;
    },
  };
}
