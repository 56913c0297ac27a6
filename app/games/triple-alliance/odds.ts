// The exact spread of hits an order can bring, before it is locked: each face of the one d6 put
// through the engine's own hit formulas (shotHits TA6.3–TA6.7, meleeHits TA8.1–TA8.5), so the odds
// shown are the judge's. A charge is followed alone through the engine's time steps to find where
// it would touch its target (the face it strikes, TA8.4); if the target moves, so do the odds.
import { bearing, dir, type Pt } from "@/server/rulesets/triple-alliance/geometry";
import { meleeHits } from "@/server/rulesets/triple-alliance/melee";
import { newMover, runSteps } from "@/server/rulesets/triple-alliance/movement";
import { canShoot, chargeProblem, engaged, faceOf, isEnemy, shotBand, unitById } from "@/server/rulesets/triple-alliance/rules";
import { shotHits } from "@/server/rulesets/triple-alliance/shooting";
import { T } from "@/server/rulesets/triple-alliance/tables";
import { inCover, onHill } from "@/server/rulesets/triple-alliance/terrain";
import { basesLeft } from "@/server/rulesets/triple-alliance/units";
import type { State, Unit } from "@/server/rulesets/triple-alliance/types";

/** One outcome of the die: its face, the hits it gives, the target's bases after them. */
export interface Outcome {
  roll: number;
  hits: number;
  basesAfter: number;
}

export interface Odds {
  /** Hits → chance (sixths summed), in ascending hits. */
  spread: { hits: number; chance: number }[];
  outcomes: Outcome[];
  /** Chance the target loses at least one base (a defender then withdraws, TA8.6). */
  baseLost: number;
  /** Chance the target is eliminated. */
  eliminated: number;
  /** What went into it, for the player: band, cover, face, hill, doubles. */
  notes: string[];
}

export type OddsResult = { ok: true; odds: Odds } | { ok: false; rule: string; why: string };

const no = (rule: string, why: string): OddsResult => ({ ok: false, rule, why });

function oddsFrom(target: Unit, hitsOf: (roll: number) => number, notes: string[]): Odds {
  const outcomes: Outcome[] = [];
  for (let roll = 1; roll <= 6; roll++) {
    const hits = Math.min(hitsOf(roll), T.hitsToEliminate - target.hits);
    outcomes.push({ roll, hits, basesAfter: basesLeft(target.hits + hits) });
  }
  const by = new Map<number, number>();
  for (const o of outcomes) by.set(o.hits, (by.get(o.hits) ?? 0) + 1 / 6);
  const before = basesLeft(target.hits);
  return {
    spread: [...by].sort((a, b) => a[0] - b[0]).map(([hits, chance]) => ({ hits, chance })),
    outcomes,
    baseLost: outcomes.filter((o) => o.basesAfter < before).length / 6,
    eliminated: outcomes.filter((o) => o.hits + target.hits >= T.hitsToEliminate).length / 6,
    notes,
  };
}

/** Odds of a volley by `shooterId` at `targetId` as the table stands (TA6). */
export function shotOdds(s: State, shooterId: string, targetId: string): OddsResult {
  const u = unitById(s, shooterId);
  const t = unitById(s, targetId);
  if (!u || !t) return no("TA6.2", "no such unit");
  const can = canShoot(s, u);
  if (!can.ok) return no(can.rule, can.why);
  if (!isEnemy(s, u, t)) return no("TA6.2", "the target must be an enemy unit");
  if (engaged(s, t.id)) return no("TA6.2", "units in hand-to-hand cannot be shot at");
  const band = shotBand(s, u, t);
  if (!band) return no("TA6.3", "out of arc or range");
  const cover = inCover(s.battlefield, t.pos);
  const notes = [`${band.band} range ${Math.round(band.range)} mm`];
  if (cover) notes.push("target in cover: half");
  const doubled = shotHits(1, u, t, band.mod, cover).doubled;
  if (doubled) notes.push("guns on a column: double");
  return { ok: true, odds: oddsFrom(t, (roll) => shotHits(roll, u, t, band.mod, cover).hits, notes) };
}

/** Where a charge would first touch something, the charger alone moving (TA7.2, TA7.6). */
export function chargeContact(s: State, u: Unit, t: Unit): { pos: Pt; against?: string } {
  const facing = bearing(u.pos, t.pos);
  const units = s.units.map((o) => (o.id === u.id ? { ...o, facing } : o));
  const me = units.find((o) => o.id === u.id)!;
  const m = newMover(me, dir(facing), T.allowance[u.arm], T.steps);
  m.enemiesOf = (other) => isEnemy(s, u, other);
  runSteps(s.battlefield, units, s.teams, [m], T.steps);
  return { pos: me.pos, against: m.against };
}

/** Odds of a charge by `chargerId` on `targetId` if the target stands (TA7, TA8). */
export function chargeOdds(s: State, chargerId: string, targetId: string): OddsResult {
  const u = unitById(s, chargerId);
  const t = unitById(s, targetId);
  if (!u || !t) return no("TA7.1", "no such unit");
  const p = chargeProblem(s, u, t);
  if (p) return no(p.rule, p.why);
  const contact = chargeContact(s, u, t);
  if (contact.against !== t.id) return no("TA7.6", contact.against ? `it would meet ${contact.against} first` : "it would not reach the target");
  if (t.arm === "artillery") return { ok: true, odds: oddsFrom(t, () => T.hitsToEliminate, ["guns contacted are overrun (TA8.2)"]) };
  const face = faceOf(t, contact.pos);
  const hill = onHill(s.battlefield, t.pos);
  const notes = [`strikes the ${face}${face === "front" ? "" : ": double"}`];
  if (hill) notes.push("defender on a hill: half");
  if (t.formation === "column") notes.push("defender in column: double");
  return { ok: true, odds: oddsFrom(t, (roll) => meleeHits(roll, u, t, face, hill).hits, notes) };
}
