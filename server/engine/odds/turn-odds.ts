// Exact odds of a whole turn's battles (R5, R6): the engine's own movement (resolveCombatPhase with
// `until: "movement"`) finds the battles and who is where; AA fire on the way (R5.1) is priced per air
// order (flights); sea battles are priced first, and each land battle is priced under every way the
// sea battles its cargo crosses can end (R5.3: cargo lands only from transports that survived in a
// zone cleared of hostile ships). Sea battles are independent of each other; land battles are
// independent given the sea outcomes, so the turn is a mixture (over sea outcomes) of products.
import { resolveCombatPhase } from "../combat-phase";
import { validateOrders } from "../orders/validate";
import type { Order } from "../orders/types";
import { indexBoard } from "../board/board";
import type { BattleReport } from "../report";
import type { GameState, Unit } from "../state";
import { teamOf } from "../teams";
import { NATIONS, type Nation, type Team, type UnitCounts } from "../types";
import { isAir, isCombatUnit } from "../units";
import { exactEnds, exactOdds, type OddsInput, type OddsResult, type SideChoices } from "./odds";
import type { Flight } from "./flights";
import type { Forces } from "./side";

/** The outcome classes of one battle (disjoint; they add up to 1). */
export const OUTCOMES = ["taken", "attackerWins", "defenderWins", "attackerWithdrew", "draw", "bothDestroyed"] as const;
export type Outcome = (typeof OUTCOMES)[number];

export interface TurnBattle {
  territory: string;
  pass: "sea" | "land";
  attacker: Team;
  /** The battle as priced with no sea battle conditioning it (for a landing: its cargo all landed). */
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

export type Objective =
  | { owned: string; team: Team }
  | { cleared: string; team: Team }
  | { and: Objective[] }
  | { or: Objective[] }
  | { not: Objective };

export interface TurnOddsInput {
  state: GameState;
  orders: Partial<Record<Nation, readonly Order[]>>;
  lowLuck?: boolean;
  /** Casualty and withdrawal choices per battle territory (R6.6, R6.7). */
  choices?: Record<string, { attacker?: SideChoices; defender?: SideChoices }>;
}

/** One combination of sea outcomes: its probability and each battle's outcome distribution under it. */
interface Scenario {
  p: number;
  dist: Float64Array[];
}

export interface TurnOdds {
  battles: TurnBattle[];
  /** P(objective) for any combination of battle outcomes, ownership and cleared zones. */
  probability(objective: Objective): number;
  /** Territories taken or kept without any battle (the movement's captures, cargo landing unopposed aside). */
  owners: Record<string, Team>;
  /** Upper bound of the probability mass dropped as negligible (summed over the battles priced). */
  pruned: number;
}

/** Whether units of the defending side moved in too, or the attacker's were there already (R6.1: values by who moved). */
function meeting(b: BattleReport, attacker: Team): boolean {
  return b.sides[attacker === "Axis" ? "Allies" : "Axis"].some((s) => s.attacking) || b.sides[attacker].some((s) => !s.attacking);
}

/** At sea the side that moved in attacks; when both did, the one that moved more units in. */
function seaAttacker(b: BattleReport): Team {
  const moved = (team: Team) => b.sides[team].reduce((n, s) => n + (s.attacking ? s.count : 0), 0);
  return moved("Axis") >= moved("Allies") ? "Axis" : "Allies";
}

const noUnits = (f: Forces) => Object.values(f).every((c) => Object.values(c ?? {}).every((n) => !n));

function addUnit(f: Forces, u: Pick<Unit, "nation" | "type">): void {
  const c = (f[u.nation] ??= {});
  c[u.type] = (c[u.type] ?? 0) + 1;
}

function outcomeOf(kind: string, taken: boolean): number {
  return taken ? 0 : OUTCOMES.indexOf(kind as Outcome);
}

function distOf(r: OddsResult): Float64Array {
  return Float64Array.from([r.taken, r.attackerWins - r.taken, r.defenderWins, r.attackerWithdrew, r.draw, r.bothDestroyed]);
}

/** A land battle's cargo from one sea battle zone: the transports (lost lowest id first, R6.9) and what each carries. */
interface Landing {
  zone: string;
  territory: string;
  transport: number;
  nation: Nation;
  cargo: Unit[];
}

/** The exact odds of every battle of the turn and of any objective over them. */
export function turnOdds(input: TurnOddsInput): TurnOdds {
  const { state } = input;
  const board = indexBoard(state.board);
  const lowLuck = input.lowLuck ?? false;
  // R5.1 is priced below (flights): the movement runs without AA guns so every aircraft arrives.
  const noAa: GameState = { ...state, units: state.units.filter((u) => u.type !== "aaGun") };
  const moved = resolveCombatPhase({ state: noAa, orders: input.orders, seed: "turn-odds", lowLuck, until: "movement" });
  const report = moved.report;
  const after = moved.state.units;
  const endedAt = new Map(report.orders.map((o) => [`${o.nation}|${o.id}`, o]));
  const seaZones = new Set(report.battles.filter((b) => b.pass === "sea").map((b) => b.territory));

  // R5.1: the hostile territories with an AA gun on each air order's path (its target included), once each.
  const aaAt = (territory: string, team: Team) => {
    const owner = state.owners[territory];
    return owner !== undefined && teamOf(owner) !== team && state.units.some((u) => u.at === territory && u.aboard === undefined && u.type === "aaGun" && teamOf(u.nation) !== team);
  };
  const flights = new Map<string, Flight[]>();
  const landings: Landing[] = [];
  const bombard = new Map<string, number>();
  const raiders = new Set<number>();
  const bombarding: { nation: Nation; territory: string; zone: string; ships: number }[] = [];
  const unloadFrom = new Map<string, Set<string>>(); // territory → `${nation}|${zone}` of transports unloading there
  for (const nation of NATIONS) {
    const list = input.orders[nation] ?? [];
    const team = teamOf(nation);
    for (const m of validateOrders(state, nation, list).moves) {
      const r = endedAt.get(`${nation}|${m.order.id}`);
      if (!r || r.status !== "completed") continue;
      // R5.4: raiders bomb the factory and fight no battle.
      if (m.order.raid) {
        for (const u of m.units) raiders.add(u.id);
        continue;
      }
      const aircraft: UnitCounts = {};
      for (const u of m.units) if (isAir(u.type)) aircraft[u.type] = (aircraft[u.type] ?? 0) + 1;
      const fire = new Set(m.order.path.filter((t) => aaAt(t, team))).size;
      if (fire > 0 && Object.keys(aircraft).length > 0) {
        const list = flights.get(r.endedAt) ?? [];
        list.push({ nation, aircraft, aaFire: fire });
        flights.set(r.endedAt, list);
      }
      if (m.order.unload !== undefined) {
        const ids = new Set(m.units.filter((u) => u.type === "transport").map((u) => u.id));
        if (seaZones.has(r.endedAt)) {
          for (const id of ids) {
            const cargo = after.filter((u) => u.aboard === id);
            if (cargo.length > 0) landings.push({ zone: r.endedAt, territory: m.order.unload, transport: id, nation, cargo });
          }
        }
        if (ids.size > 0) {
          const set = unloadFrom.get(m.order.unload) ?? new Set();
          set.add(`${nation}|${r.endedAt}`);
          unloadFrom.set(m.order.unload, set);
        }
      }
      if (m.order.bombard !== undefined) bombarding.push({ nation, territory: m.order.bombard, zone: r.endedAt, ships: m.units.filter((u) => u.type === "battleship").length });
    }
  }
  // R5.5: battleships that did not fight at sea bombard beside a landing of their nation from their zone.
  for (const b of bombarding) {
    if (seaZones.has(b.zone) || !unloadFrom.get(b.territory)?.has(`${b.nation}|${b.zone}`)) continue;
    bombard.set(b.territory, (bombard.get(b.territory) ?? 0) + b.ships);
  }

  // Every land territory a battle or a landing from a contested zone touches.
  const owners: Record<string, Team> = Object.fromEntries(Object.entries(report.owners).map(([t, n]) => [t, teamOf(n)]));
  const battleAt = new Map(report.battles.map((b) => [b.territory, b]));
  const fighting = (t: string) => after.filter((u) => u.at === t && u.aboard === undefined && isCombatUnit(u.type) && !raiders.has(u.id));
  const landTerritories = [...new Set([...report.battles.filter((b) => b.pass === "land").map((b) => b.territory), ...landings.map((l) => l.territory)])].sort();

  const battles: TurnBattle[] = [];
  let pruned = 0;
  const choicesOf = (t: string): Pick<OddsInput, "attackerChoices" | "defenderChoices"> => {
    const c = input.choices?.[t];
    return { ...(c?.attacker ? { attackerChoices: c.attacker } : {}), ...(c?.defender ? { defenderChoices: c.defender } : {}) };
  };
  // Sea battles first: their ends, grouped by what they decide (the outcome and which transports landed).
  const seaOutcomes: { zone: string; index: number; ways: { p: number; outcome: number; landed: Set<number> }[] }[] = [];
  for (const b of report.battles.filter((b) => b.pass === "sea")) {
    const attacker = seaAttacker(b);
    const forces = { attacker: {} as Forces, defender: {} as Forces };
    for (const team of ["Axis", "Allies"] as const) for (const s of b.sides[team]) for (let i = 0; i < s.count; i++) addUnit(team === attacker ? forces.attacker : forces.defender, s);
    const oddsInput: OddsInput = { ...forces, sea: true, lowLuck, ...(flights.get(b.territory) ? { flights: flights.get(b.territory) } : {}), ...choicesOf(b.territory) };
    const mine = landings.filter((l) => l.zone === b.territory);
    const { ends, pruned: lost } = exactEnds(oddsInput);
    pruned += lost;
    const ways = new Map<string, { p: number; outcome: number; landed: Set<number> }>();
    const dist = new Float64Array(OUTCOMES.length);
    for (const e of ends) {
      const outcome = outcomeOf(e.kind, e.taken);
      dist[outcome]! += e.p;
      // R5.3: cargo lands only if the zone is clear of hostile ships; of a nation's transports the
      // lowest ids were lost first (R6.9's last tie-break), so the highest ids are the ones left.
      const landed = new Set<number>();
      if (e.kind === "attackerWins") {
        for (const nation of new Set(mine.map((l) => l.nation))) {
          const ids = b.sides[attacker].length > 0 ? after.filter((u) => u.at === b.territory && u.nation === nation && u.type === "transport" && u.aboard === undefined).map((u) => u.id).sort((x, y) => x - y) : [];
          const left = e.attacker[nation]?.transport ?? 0;
          for (const id of ids.slice(ids.length - left)) landed.add(id);
        }
      }
      const key = `${outcome}|${[...landed].filter((id) => mine.some((l) => l.transport === id)).sort().join(",")}`;
      const w = ways.get(key);
      if (w) w.p += e.p;
      else ways.set(key, { p: e.p, outcome, landed });
    }
    const battle: TurnBattle = { territory: b.territory, pass: "sea", attacker, input: oddsInput, dependsOn: [], approximate: meeting(b, attacker), p: {} as Record<Outcome, number> };
    battles.push(battle);
    seaOutcomes.push({ zone: b.territory, index: battles.length - 1, ways: mine.length > 0 ? [...ways.values()] : [{ p: 1, outcome: -1, landed: new Set() }] });
    if (mine.length === 0) (battle as { dist?: Float64Array }).dist = dist;
  }

  // Land battles: priced under each combination of the sea outcomes their cargo depends on.
  const landIndex = new Map<string, number>();
  for (const t of landTerritories) {
    const deps = [...new Set(landings.filter((l) => l.territory === t).map((l) => l.zone))].sort();
    const b = battleAt.get(t);
    // On land the side that does not hold the territory attacks (R6.1).
    const attacker: Team = b ? (owners[t] === "Axis" ? "Allies" : "Axis") : teamOf(landings.find((l) => l.territory === t)!.nation);
    const approximate = b !== undefined && meeting(b, attacker);
    battles.push({ territory: t, pass: "land", attacker, input: landInput(t, attacker, landings.filter((l) => l.territory === t)), dependsOn: deps, approximate, p: {} as Record<Outcome, number> });
    landIndex.set(t, battles.length - 1);
  }

  function landInput(t: string, attacker: Team, landed: Landing[]): OddsInput {
    const forces = { attacker: {} as Forces, defender: {} as Forces };
    for (const u of fighting(t)) addUnit(teamOf(u.nation) === attacker ? forces.attacker : forces.defender, u);
    for (const l of landed) for (const u of l.cargo) addUnit(forces.attacker, u);
    const amphibious = landed.length > 0 || (battleAt.get(t)?.amphibious ?? false);
    const bb = amphibious ? (bombard.get(t) ?? 0) : 0;
    return { ...forces, lowLuck, ...(flights.get(t) ? { flights: flights.get(t) } : {}), ...(bb > 0 ? { bombard: bb } : {}), ...choicesOf(t) };
  }

  const cache = new Map<string, Float64Array>();
  const landDist = (t: string, attacker: Team, landed: Landing[]): Float64Array => {
    const oi = landInput(t, attacker, landed);
    const key = JSON.stringify(oi);
    let d = cache.get(key);
    if (d) return d;
    if (noUnits(oi.attacker)) {
      d = new Float64Array(OUTCOMES.length);
      d[noUnits(oi.defender) ? 5 : 2] = 1; // nothing arrived: nothing changes hands
    } else if (noUnits(oi.defender)) {
      // R5.2d: land units arriving unopposed capture (air alone takes nothing).
      d = new Float64Array(OUTCOMES.length);
      const land = Object.values(oi.attacker).some((c) => Object.entries(c ?? {}).some(([type, n]) => n && !isAir(type as never) && board.isLand(t)));
      d[land && owners[t] !== attacker ? 0 : 1] = 1;
    } else {
      const r = exactOdds(oi);
      pruned += r.pruned;
      d = distOf(r);
    }
    cache.set(key, d);
    return d;
  };

  // The mixture: every combination of the sea outcomes that decide a landing.
  const deciding = seaOutcomes.filter((s) => s.ways[0]!.outcome >= 0);
  const scenarios: Scenario[] = [];
  const pick = (i: number, p: number, chosen: { outcome: number; landed: Set<number> }[]) => {
    if (p === 0) return;
    if (i < deciding.length) {
      for (const w of deciding[i]!.ways) pick(i + 1, p * w.p, [...chosen, w]);
      return;
    }
    const dist: Float64Array[] = battles.map((b) => (b as { dist?: Float64Array }).dist ?? new Float64Array(0));
    deciding.forEach((s, k) => {
      const one = new Float64Array(OUTCOMES.length);
      one[chosen[k]!.outcome] = 1;
      dist[s.index] = one;
    });
    const landedIds = new Set(chosen.flatMap((c) => [...c.landed]));
    for (const [t, i] of landIndex) {
      dist[i] = landDist(t, battles[i]!.attacker, landings.filter((l) => l.territory === t && landedIds.has(l.transport)));
    }
    scenarios.push({ p, dist });
  };
  pick(0, 1, []);

  battles.forEach((b, i) => {
    const p = {} as Record<Outcome, number>;
    OUTCOMES.forEach((o, k) => (p[o] = scenarios.reduce((s, sc) => s + sc.p * sc.dist[i]![k]!, 0)));
    b.p = p;
    delete (b as { dist?: Float64Array }).dist;
  });
  const indexOf = new Map(battles.map((b, i) => [b.territory, i]));

  /** The battles an objective looks at. */
  const refs = (o: Objective, into: Set<number>): Set<number> => {
    if ("and" in o) o.and.forEach((x) => refs(x, into));
    else if ("or" in o) o.or.forEach((x) => refs(x, into));
    else if ("not" in o) refs(o.not, into);
    else {
      const i = indexOf.get("owned" in o ? o.owned : o.cleared);
      if (i !== undefined) into.add(i);
    }
    return into;
  };
  /** Whether the objective holds when each battle looked at ended in `at[i]`. */
  const holds = (o: Objective, at: Map<number, number>): boolean => {
    if ("and" in o) return o.and.every((x) => holds(x, at));
    if ("or" in o) return o.or.some((x) => holds(x, at));
    if ("not" in o) return !holds(o.not, at);
    if ("owned" in o) {
      const i = indexOf.get(o.owned);
      const b = i === undefined ? undefined : battles[i]!;
      const before = owners[o.owned];
      if (!b || b.pass !== "land") return before === o.team;
      const outcome = OUTCOMES[at.get(i!)!];
      // Taken: the attacker's; an unopposed arrival on its own ground ("attackerWins") changes nothing.
      return (outcome === "taken" ? b.attacker : before) === o.team;
    }
    const i = indexOf.get(o.cleared);
    if (i === undefined) return !after.some((u) => u.at === o.cleared && u.aboard === undefined && isCombatUnit(u.type) && teamOf(u.nation) !== o.team);
    const b = battles[i]!;
    const outcome = OUTCOMES[at.get(i)!];
    // No enemy of `team` left fighting there: the enemy side lost everything in the battle.
    if (outcome === "bothDestroyed") return true;
    return b.attacker === o.team ? outcome === "attackerWins" || outcome === "taken" : outcome === "defenderWins" || outcome === "attackerWithdrew";
  };

  return {
    battles,
    owners,
    pruned,
    probability(objective: Objective): number {
      const looked = [...refs(objective, new Set())];
      if (looked.length === 0) return holds(objective, new Map()) ? 1 : 0;
      let total = 0;
      for (const sc of scenarios) {
        const at = new Map<number, number>();
        const walk = (k: number, p: number) => {
          if (p === 0) return;
          if (k === looked.length) {
            if (holds(objective, at)) total += sc.p * p;
            return;
          }
          const i = looked[k]!;
          sc.dist[i]!.forEach((q, o) => {
            if (q === 0) return;
            at.set(i, o);
            walk(k + 1, p * q);
          });
        };
        walk(0, 1);
      }
      return Math.min(1, Math.max(0, total)); // sums of exact parts may stray by a rounding error
    },
  };
}
