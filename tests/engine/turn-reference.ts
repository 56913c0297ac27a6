// An independent reference for whole-turn odds, for small turns described by hand: every battle is
// enumerated die by die (odds-reference.ts), and the turn is every combination of every battle's ends
// spelled out one world at a time — sea battles first, then each land battle with the cargo of the
// transports that survived in a zone their side cleared (R5.3). Slow; small turns only. It shares
// nothing with server/rulesets/1942/engine/odds but the R2 table.
import type { OddsInput } from "../../server/rulesets/1942/engine/odds";
import type { Nation, Team, UnitCounts, UnitType } from "../../server/rulesets/1942/engine/types";
import { reference } from "./odds-reference";

export interface RefSea {
  zone: string;
  attacker: Team;
  input: OddsInput;
  /** The attacker's transports that unload, in the order they are lost (the first listed goes first). */
  transports: { nation: Nation; to: string; cargo: UnitCounts }[];
}

export interface RefLand {
  territory: string;
  attacker: Team;
  /** Who owns it before its battle. */
  owner: Team;
  /** The battle without the cargo of transports in contested zones (added when they land). */
  input: OddsInput;
}

/** One way the whole turn goes: its probability, each territory's owner, each sea zone's survivors' teams. */
export interface World {
  p: number;
  owner: Map<string, Team>;
  /** The teams with a unit left in each sea battle's zone. */
  afloat: Map<string, Set<Team>>;
}

const isLand = (t: UnitType) => t === "infantry" || t === "artillery" || t === "armour";
const other = (t: Team): Team => (t === "Axis" ? "Allies" : "Axis");

function add(forces: OddsInput["attacker"], nation: Nation, counts: UnitCounts): OddsInput["attacker"] {
  const out = structuredClone(forces);
  const c = (out[nation] ??= {});
  for (const [t, n] of Object.entries(counts) as [UnitType, number][]) c[t] = (c[t] ?? 0) + n;
  return out;
}

export function referenceTurn(sea: RefSea[], land: RefLand[]): World[] {
  // Each sea battle's ends: who is left afloat, and which transports' cargo lands.
  const seaEnds = sea.map((s) => {
    const ends: { p: number; afloat: Set<Team>; landed: RefSea["transports"] }[] = [];
    reference(s.input, (win, a, d, p) => {
      const afloat = new Set<Team>();
      if (win === "A" || win === "T") afloat.add(s.attacker);
      if (win === "D" || win === "W" || win === "T") afloat.add(other(s.attacker));
      const left = win === "A" ? a.filter((t) => t === "transport").length : 0;
      ends.push({ p, afloat, landed: left > 0 ? s.transports.slice(s.transports.length - left) : [] });
    });
    return ends;
  });
  const worlds: World[] = [];
  const seaWorld = (i: number, p: number, afloat: Map<string, Set<Team>>, landed: RefSea["transports"]) => {
    if (i < sea.length) {
      for (const e of seaEnds[i]!) seaWorld(i + 1, p * e.p, new Map([...afloat, [sea[i]!.zone, e.afloat]]), [...landed, ...e.landed]);
      return;
    }
    landWorld(0, p, afloat, landed, new Map());
  };
  const landWorld = (i: number, p: number, afloat: Map<string, Set<Team>>, landed: RefSea["transports"], owner: Map<string, Team>): void => {
    if (i === land.length) {
      worlds.push({ p, owner, afloat });
      return;
    }
    const l = land[i]!;
    let attacker = l.input.attacker;
    for (const t of landed.filter((t) => t.to === l.territory)) attacker = add(attacker, t.nation, t.cargo);
    const units = (f: OddsInput["attacker"]) => Object.values(f).flatMap((c) => Object.entries(c ?? {}).filter(([t, n]) => n && t !== "aaGun").map(([t]) => t as UnitType));
    const next = (q: number, team: Team): void => landWorld(i + 1, p * q, afloat, landed, new Map([...owner, [l.territory, team]]));
    if (units(attacker).length === 0) return next(1, l.owner);
    if (units(l.input.defender).length === 0) return next(1, units(attacker).some(isLand) ? l.attacker : l.owner);
    const r = reference({ ...l.input, attacker });
    if (r.taken > 0) next(r.taken, l.attacker);
    if (r.taken < 1) next(1 - r.taken, l.owner);
  };
  seaWorld(0, 1, new Map(), []);
  return worlds;
}
