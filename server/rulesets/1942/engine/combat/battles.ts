// R5.2c + R6 — find the battles of a pass, fight them, and apply what they did to the board.
import { BOTH_TEAMS, TEAM_BIT, teamOf } from "../teams";
import type { Nation, Team, UnitType } from "../types";
import { capture, settleCaptures } from "../movement/capture";
import { cargoPieces, indexedAt, isFighting, piecesAt, runPosition, type Phase, type Piece, type Run } from "../turn/context";
import type { BattleReport } from "../report";
import { sortInPlace } from "../sort";
import { fightInPlace, openBattle, type BattleState, type DecisionPolicy } from "./battle";

/** R5.2c — every territory of the pass's kind holding units of both teams. Raiders take no part (R5.4). */
export function findBattles(ph: Phase, kind: "sea" | "land", raiders: ReadonlySet<number>): string[] {
  // Bits by territory number: walked in number order, which is sorted id order, so no sort.
  const teams = new Array<number>(ph.board.ids.length).fill(0);
  for (const p of ph.pieces) {
    if (!isFighting(p) || raiders.has(p.id)) continue;
    if (kind === "sea" ? !ph.board.isSeaNumber(p.where) : !ph.board.isLandNumber(p.where)) continue;
    teams[p.where]! |= TEAM_BIT[teamOf(p.nation)];
  }
  const out: string[] = [];
  teams.forEach((bits, n) => {
    if (bits === BOTH_TEAMS) out.push(ph.board.ids[n]!);
  });
  return out;
}

function participants(ph: Phase, territory: string, raiders: ReadonlySet<number>): Piece[] {
  // One walk of the territory's index, then by id (no sort when they came in id order).
  const out: Piece[] = [];
  for (const p of indexedAt(ph, territory)) if (isFighting(p) && !raiders.has(p.id)) out.push(p);
  return sortInPlace(out, (a, b) => a.id - b.id);
}

/** R5.5 — battleships ordered to bombard `territory` that may fire before round 1. */
function bombarders(ph: Phase, territory: string, runs: readonly Run[]): BattleState["bombarders"] {
  const linked = runs.filter((r) => r.order.unload === territory && r.unloaded);
  const zones = new Set(linked.map((r) => `${r.nation}|${runPosition(r)}`));
  const out: BattleState["bombarders"] = [];
  for (const r of runs) {
    if (r.order.bombard !== territory || r.status !== "completed") continue;
    if (!zones.has(`${r.nation}|${runPosition(r)}`)) continue;
    for (const id of r.unitIds) {
      const p = ph.byId[id]!;
      if (p.alive && !ph.foughtAtSea.has(p.id)) out.push({ id: p.id, nation: p.nation, team: teamOf(p.nation) });
    }
  }
  return out;
}

/** Transport and bombard runs by the land territory they unload into or bombard. */
function amphibiousRuns(ph: Phase): Map<string, Run[]> {
  const byTarget = new Map<string, Run[]>();
  for (const r of ph.runs) {
    // Its unload target, then its bombard target if another: no set made a run.
    const { unload, bombard } = r.order;
    if (unload !== undefined) addRun(byTarget, unload, r);
    if (bombard !== undefined && bombard !== unload) addRun(byTarget, bombard, r);
  }
  return byTarget;
}

function addRun(byTarget: Map<string, Run[]>, target: string, r: Run): void {
  const list = byTarget.get(target);
  if (list) list.push(r);
  else byTarget.set(target, [r]);
}

function sidesOf(units: Piece[]): BattleReport["sides"] {
  const sides: BattleReport["sides"] = { Axis: [], Allies: [] };
  for (const p of units) {
    const list = sides[teamOf(p.nation)];
    const same = list.find((e) => e.nation === p.nation && e.type === p.type && e.attacking === p.moved);
    if (same) same.count += 1;
    else list.push({ nation: p.nation as Nation, type: p.type as UnitType, count: 1, attacking: p.moved });
  }
  return sides;
}

/**
 * Fight every battle of the pass with `policy`, in territory order, and apply the results of those
 * that end. Battles are independent (own dice streams), so one waiting for a decision does not hold
 * up the others. Returns the battles still waiting, with their pending requests.
 */
export function fightBattles(
  ph: Phase,
  kind: "sea" | "land",
  territories: string[],
  policy: DecisionPolicy,
  raiders: ReadonlySet<number>,
): BattleState[] {
  const waiting: BattleState[] = [];
  const byTarget = kind === "land" ? amphibiousRuns(ph) : new Map<string, Run[]>();
  for (const territory of territories) {
    const units = participants(ph, territory, raiders);
    const amphibious = kind === "land" && units.some((p) => p.unloaded);
    const shooters = amphibious ? bombarders(ph, territory, byTarget.get(territory) ?? []).filter((b) => units.some((u) => teamOf(u.nation) !== b.team)) : [];
    if (kind === "sea") for (const p of units) ph.foughtAtSea.add(p.id);
    const start = openBattle({
      territory,
      pass: kind,
      lowLuck: ph.lowLuck,
      units: units.map((p) => ({
        id: p.id,
        nation: p.nation,
        type: p.type,
        team: teamOf(p.nation),
        attacking: p.moved,
        cargo: cargoPieces(ph, p.id).map((c) => ({ id: c.id, nation: c.nation, type: c.type })),
      })),
      bombarders: shooters,
    });
    const end = fightInPlace(start, ph.dice, policy);
    if (end.stage !== "done") {
      waiting.push(end);
      continue;
    }
    for (const u of end.units) {
      const p = ph.byId[u.id]!;
      if (u.status === "dead") {
        p.alive = false;
        for (const c of cargoPieces(ph, p.id)) c.alive = false;
      } else if (u.status === "submerged" || u.status === "withdrawn") p.out = u.status;
    }
    ph.report.battles.push({
      territory,
      pass: kind,
      amphibious,
      winner: end.winner,
      bombardment: { hits: end.bombardment.hits, lost: end.bombardment.lost, fire: end.bombardment.fire, choices: end.bombardment.choices },
      destroyedAtOnce: end.destroyedAtOnce,
      rounds: end.rounds,
      sides: sidesOf(units),
    });
    // R6.10 — a land battle won by a side with land units left captures a hostile territory.
    if (kind === "land" && end.winner && end.winner !== "none") {
      const c = capture(ph, territory, end.winner, "battle");
      if (c) settleCaptures(ph, [c]);
    }
  }
  return waiting;
}

/** `until: "movement"`: list the battles the phase would fight, unfought. */
export function listBattles(ph: Phase, kind: "sea" | "land", territories: string[], raiders: ReadonlySet<number>): void {
  for (const territory of territories) {
    const units = participants(ph, territory, raiders);
    ph.report.battles.push({
      territory,
      pass: kind,
      amphibious: kind === "land" && units.some((p) => p.unloaded),
      bombardment: { hits: 0, lost: {} },
      destroyedAtOnce: {},
      rounds: [],
      sides: sidesOf(units),
    });
  }
}

