// Exact odds of a whole turn's battles (R5, R6). The engine's own movement finds the battles and who
// is where (turn-movement.ts); sea battles are priced first, with their joint ends, and each land
// battle under every way the sea battles its cargo waits on can end (R5.3: cargo lands only from
// transports that survived in a zone cleared of hostile ships). Sea battles are independent of each
// other and land battles independent given the sea outcomes, so the turn is a mixture over sea
// outcomes of products of battles; objectives are summed over it exactly (turn-objectives.ts).
import { indexBoard } from "../board/board";
import type { Order } from "../orders/types";
import type { GameState, Unit } from "../state";
import { teamOf } from "../teams";
import type { Nation, Team } from "../types";
import { isAir, isCombatUnit } from "../units";
import { exactEnds, exactOdds, type OddsInput, type OddsResult, type SideChoices } from "./odds";
import type { Forces } from "./side";
import { OUTCOMES, countDistribution, objectiveProbability, type Objective, type Outcome, type Scenario } from "./turn-objectives";
import { fightingAt, meeting, seaAttacker, turnMovement, type Landing, type TurnMovement } from "./turn-movement";

export { OUTCOMES, type Objective, type Outcome } from "./turn-objectives";

export interface TurnBattle {
  territory: string;
  pass: "sea" | "land";
  attacker: Team;
  /** The battle as priced with no sea battle conditioning it (for a landing: all its cargo landed). */
  input: OddsInput;
  /** Sea battles (zones) whose outcome decides what lands here. */
  dependsOn: string[];
  /**
   * Units of the defending side moved in too (a meeting, or reinforcements): the engine has each unit
   * that moved fire at its attack value, while the odds price the defending side at defense values.
   */
  approximate: boolean;
  /** P(each outcome), over the whole turn. */
  p: Record<Outcome, number>;
}

export interface TurnOddsInput {
  state: GameState;
  /** The player's draft, and any guessed orders of the other nations. */
  orders: Partial<Record<Nation, readonly Order[]>>;
  lowLuck?: boolean;
  /** Casualty and withdrawal choices per battle territory (R6.6, R6.7). */
  choices?: Record<string, { attacker?: SideChoices; defender?: SideChoices }>;
}

export interface TurnOdds {
  battles: TurnBattle[];
  /** P(objective) for any combination of battle outcomes, ownership and cleared zones. */
  probability(objective: Objective): number;
  /** P(exactly k of the objectives hold), k = 0…n; the objectives look at different battles. */
  counts(objectives: readonly Objective[]): number[];
  /** Each territory's team after movement and its captures, before the battles. */
  owners: Record<string, Team>;
  /** Upper bound of the probability mass dropped as negligible (summed over the battles priced). */
  pruned: number;
}

/** One way a sea battle ends, as far as the rest of the turn cares: its outcome and the transports whose cargo lands. */
interface SeaWay {
  p: number;
  outcome: number;
  landed: Set<number>;
}

const noUnits = (f: Forces) => Object.values(f).every((c) => Object.values(c ?? {}).every((n) => !n));

function addUnit(f: Forces, u: Pick<Unit, "nation" | "type">): void {
  const c = (f[u.nation] ??= {});
  c[u.type] = (c[u.type] ?? 0) + 1;
}

function distOf(r: OddsResult): Float64Array {
  return Float64Array.from([r.taken, r.attackerWins - r.taken, r.defenderWins, r.attackerWithdrew, r.draw, r.bothDestroyed]);
}

function certain(outcome: Outcome): Float64Array {
  const d = new Float64Array(OUTCOMES.length);
  d[OUTCOMES.indexOf(outcome)] = 1;
  return d;
}

/** The exact odds of every battle of the turn and of any objective over them. */
export function turnOdds(input: TurnOddsInput): TurnOdds {
  const { state } = input;
  const board = indexBoard(state.board);
  const lowLuck = input.lowLuck ?? false;
  const mv = turnMovement(state, input.orders, lowLuck);
  let pruned = 0;

  const common = (t: string, attacker: Team): Partial<OddsInput> => {
    const c = input.choices?.[t];
    // R5.1 on the way: only the attacking side's air orders are priced as flights.
    const flights = (mv.flights.get(t) ?? []).filter((f) => teamOf(f.nation) === attacker);
    return { lowLuck, ...(flights.length > 0 ? { flights } : {}), ...(c?.attacker ? { attackerChoices: c.attacker } : {}), ...(c?.defender ? { defenderChoices: c.defender } : {}) };
  };

  const battles: TurnBattle[] = [];
  /** Sea battles with landings waiting on them, and the ways they end. */
  const deciding: { index: number; ways: SeaWay[] }[] = [];
  /** Sea battles nothing waits on: their outcome distribution. */
  const fixed = new Map<number, Float64Array>();
  for (const b of mv.battles.filter((b) => b.pass === "sea")) {
    const attacker = seaAttacker(b);
    const forces = { attacker: {} as Forces, defender: {} as Forces };
    for (const team of ["Axis", "Allies"] as const) for (const s of b.sides[team]) for (let i = 0; i < s.count; i++) addUnit(team === attacker ? forces.attacker : forces.defender, s);
    const oddsInput: OddsInput = { ...forces, sea: true, ...common(b.territory, attacker) };
    battles.push({ territory: b.territory, pass: "sea", attacker, input: oddsInput, dependsOn: [], approximate: meeting(b, attacker), p: {} as Record<Outcome, number> });
    const waiting = mv.landings.filter((l) => l.zone === b.territory);
    const { ways, pruned: lost } = seaWays(mv, b.territory, oddsInput, waiting);
    pruned += lost;
    if (waiting.length > 0) deciding.push({ index: battles.length - 1, ways });
    else fixed.set(battles.length - 1, ways.reduce((d, w) => ((d[w.outcome]! += w.p), d), new Float64Array(OUTCOMES.length)));
  }

  // Land battles: every territory a land battle or a waiting landing touches.
  const battleAt = new Map(mv.battles.map((b) => [b.territory, b]));
  const landTerritories = [...new Set([...mv.battles.filter((b) => b.pass === "land").map((b) => b.territory), ...mv.landings.map((l) => l.territory)])].sort();
  const landInput = (t: string, attacker: Team, landed: Landing[]): OddsInput => {
    const forces = { attacker: {} as Forces, defender: {} as Forces };
    for (const u of fightingAt(mv, t)) addUnit(teamOf(u.nation) === attacker ? forces.attacker : forces.defender, u);
    for (const l of landed) for (const u of l.cargo) addUnit(forces.attacker, u);
    const amphibious = landed.length > 0 || (battleAt.get(t)?.amphibious ?? false);
    const bombard = amphibious ? (mv.bombard.get(t) ?? 0) : 0; // R5.5
    return { ...forces, ...common(t, attacker), ...(bombard > 0 ? { bombard } : {}) };
  };
  const land: { index: number; territory: string; attacker: Team; landings: Landing[] }[] = [];
  for (const t of landTerritories) {
    const landings = mv.landings.filter((l) => l.territory === t);
    const b = battleAt.get(t);
    // On land the side that does not hold the territory attacks (R6.1); a landing alone: its own side.
    const attacker: Team = b ? (mv.owners[t] === "Axis" ? "Allies" : "Axis") : teamOf(landings[0]!.nation);
    const dependsOn = [...new Set(landings.map((l) => l.zone))].sort();
    battles.push({ territory: t, pass: "land", attacker, input: landInput(t, attacker, landings), dependsOn, approximate: b !== undefined && meeting(b, attacker), p: {} as Record<Outcome, number> });
    land.push({ index: battles.length - 1, territory: t, attacker, landings });
  }

  // A land battle's outcome distribution given the cargo that landed; equal battles priced once.
  const priced = new Map<string, Float64Array>();
  const landDist = (t: string, attacker: Team, landed: Landing[]): Float64Array => {
    const oi = landInput(t, attacker, landed);
    const key = JSON.stringify(oi);
    let d = priced.get(key);
    if (d) return d;
    if (noUnits(oi.attacker)) d = certain(noUnits(oi.defender) ? "bothDestroyed" : "defenderWins"); // nothing arrived
    else if (noUnits(oi.defender)) {
      // R5.2d: land units arriving unopposed capture; air alone takes nothing.
      const landUnits = Object.values(oi.attacker).some((c) => Object.entries(c ?? {}).some(([type, n]) => n && !isAir(type as never)));
      d = certain(landUnits && board.isLand(t) && mv.owners[t] !== attacker ? "taken" : "attackerWins");
    } else {
      const r = exactOdds(oi);
      pruned += r.pruned;
      d = distOf(r);
    }
    priced.set(key, d);
    return d;
  };

  // The mixture: every combination of the ways the deciding sea battles end.
  const scenarios: Scenario[] = [];
  const combine = (k: number, p: number, chosen: SeaWay[]) => {
    if (p === 0) return;
    if (k < deciding.length) {
      for (const w of deciding[k]!.ways) combine(k + 1, p * w.p, [...chosen, w]);
      return;
    }
    const dist: Float64Array[] = battles.map((_, i) => fixed.get(i) ?? new Float64Array(0));
    deciding.forEach((s, j) => (dist[s.index] = certain(OUTCOMES[chosen[j]!.outcome]!)));
    const landed = new Set(chosen.flatMap((c) => [...c.landed]));
    for (const l of land) dist[l.index] = landDist(l.territory, l.attacker, l.landings.filter((x) => landed.has(x.transport)));
    scenarios.push({ p, dist });
  };
  combine(0, 1, []);

  battles.forEach((b, i) => {
    for (const [k, o] of OUTCOMES.entries()) b.p[o] = scenarios.reduce((s, sc) => s + sc.p * sc.dist[i]![k]!, 0);
  });
  const ground = {
    battles,
    owners: mv.owners,
    enemyAt: (place: string, team: Team) => mv.units.some((u) => u.at === place && u.aboard === undefined && isCombatUnit(u.type) && teamOf(u.nation) !== team),
  };
  return { battles, owners: mv.owners, pruned, probability: (objective) => objectiveProbability(objective, ground, scenarios), counts: (objectives) => countDistribution(objectives, ground, scenarios) };
}

/**
 * A sea battle's ends grouped by what they decide for the rest of the turn. R5.3: cargo lands only
 * when the zone is clear of hostile ships (the attacker won) and its transport survived; of a
 * nation's transports the engine loses the lowest ids first (R6.9's last tie-break), so the highest
 * ids are the ones left.
 */
function seaWays(mv: TurnMovement, zone: string, input: OddsInput, waiting: Landing[]): { ways: SeaWay[]; pruned: number } {
  const { ends, pruned } = exactEnds(input);
  const ways = new Map<string, SeaWay>();
  for (const e of ends) {
    const outcome = OUTCOMES.indexOf(e.kind);
    const landed = new Set<number>();
    if (e.kind === "attackerWins") {
      for (const nation of new Set(waiting.map((l) => l.nation))) {
        const ids = mv.units.filter((u) => u.at === zone && u.nation === nation && u.type === "transport" && u.aboard === undefined).map((u) => u.id).sort((x, y) => x - y);
        const left = e.attacker[nation]?.transport ?? 0;
        for (const id of ids.slice(ids.length - left)) if (waiting.some((l) => l.transport === id)) landed.add(id);
      }
    }
    const key = `${outcome}|${[...landed].sort((x, y) => x - y).join(",")}`;
    const w = ways.get(key);
    if (w) w.p += e.p;
    else ways.set(key, { p: e.p, outcome, landed });
  }
  return { ways: [...ways.values()], pruned };
}
