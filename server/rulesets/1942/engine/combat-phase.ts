// R5 — the combat phase as a pipeline of named steps, each one rule of the rulebook:
// validate → aaFire → seaPass → seaBattles → unload → landPass → captures → raids → landBattles.
import { aaFire } from "./combat/aa";
import type { BattleState, DecisionRequest } from "./combat/battle";
import { recordedPolicy, type DecisionRecord } from "./combat/decisions";
import { fightBattles, findBattles, listBattles } from "./combat/battles";
import { raiderIds, raids } from "./combat/raids";
import { captureAfterLandPass } from "./movement/capture";
import { runPass } from "./movement/pass";
import { finalOf } from "./orders/move";
import { startView } from "./orders/start-view";
import { isPurchase, type Order } from "./orders/types";
import { purchaseCost } from "./orders/purchase";
import { validateOrders } from "./orders/validate";
import { ordersWithBoardNames } from "./orders/board-names";
import type { CombatReport, OrderReport, UnitReport } from "./report";
import { phaseDice, type Dice } from "./rng";
import type { Board } from "./board/board";
import { gameOptionsOf, knownSorted, markSorted, type GameState, type Unit } from "./state";
import { byNationOrder, nationIndex, teamOf } from "./teams";
import { NATIONS, UNIT_TYPES, type Nation } from "./types";
import { isAir, isShip, tableIndex } from "./units";
import { sortInPlace } from "./sort";
import { aliveOf, anyAlive, cargoPieces, newPhase, newRun, numberOf, ownersToWrite, piecesAt, runPosition, stepNumbers, type Phase, type Run } from "./turn/context";

export interface CombatInput {
  state: GameState;
  orders: Partial<Record<Nation, readonly Order[]>>;
  seed: string;
  lowLuck?: boolean;
  /** "movement" plays AA fire and both passes with captures, and fights no battle (Appendix A). */
  until?: "movement" | "battles";
  /** Battle decisions made so far (R6.6, R6.7); missing ones take the default unless `awaitDecisions`. */
  decisions?: readonly DecisionRecord[];
  /** Players decide: a battle whose decision is missing waits instead of taking the default. */
  awaitDecisions?: boolean;
  /**
   * The phase's dice, when they do not all come from `seed`: a turn played as several phases of the
   * platform rolls each stream with the seed of the phase that first rolled it (rulesets/1942/phases).
   */
  dice?: Dice;
}

/** Battles of one pass waiting for decisions; the phase goes on when they arrive (or the deadline). */
export interface Waiting {
  pass: "sea" | "land";
  battles: BattleState[];
  requests: DecisionRequest[];
}

/** What the rest of the turn needs from the combat phase (R7.1 unused movement, R8.3 purchases). */
export interface Aftermath {
  /** Every air unit alive after combat: whether it moved and how many steps of its path it entered. */
  air: { id: number; moved: boolean; used: number }[];
  purchases: CombatReport["purchases"];
}

export interface CombatResult {
  /** The state after the phase; while `waiting`, the state it started from. */
  state: GameState;
  report: CombatReport;
  aftermath: Aftermath;
  waiting?: Waiting;
}

/** R4 — validate every nation's orders; pay for purchases; turn valid moves into runs. */
function validate(ph: Phase, orders: CombatInput["orders"]): OrderReport[] {
  const invalid: OrderReport[] = [];
  for (const nation of NATIONS) {
    const list = orders[nation] ?? [];
    const checked = validateOrders(ph.start, nation, list);
    list.forEach((order, i) => {
      const result = checked.results[i]!;
      if (result.ok) return;
      const endedAt = isPurchase(order) ? order.destination : order.from;
      invalid.push({ id: order.id, nation, status: "invalid", endedAt, reason: result.message, rule: result.rule });
    });
    for (const p of checked.purchases) {
      const cost = purchaseCost(ph.start, p); // R9.2 prices factories by formula
      ph.treasury[nation] -= cost; // R4.10: purchases are paid when the orders resolve
      ph.report.purchases.push({ id: p.id, nation, type: p.type, count: p.count, destination: p.destination, from: p.from, cost });
    }
    for (const m of checked.moves) {
      // Asked of the units in one walk: no list of their types and no closure a move.
      let airOnly = true;
      let anyShip = false;
      for (const u of m.units) {
        if (!isAir(u.type)) airOnly = false;
        if (isShip(u.type)) anyShip = true;
      }
      const seaPass = anyShip || (airOnly && ph.board.isSea(finalOf(m.order)));
      ph.runs.push(
        newRun({
          nation,
          team: teamOf(nation),
          order: m.order,
          pass: seaPass ? "sea" : "land",
          unitIds: m.units.map((u) => u.id),
          loadIds: m.loaded.length > 0 ? m.loaded.map((u) => u.id) : undefined,
          airOnly,
          stealth: m.order.stealth === true,
          steps: stepNumbers(ph, m.order.from, m.order.path, m.units[0]?.id),
        }),
      );
    }
  }
  // Canonical order (R1.1 nation order, then order id) for everything that follows, so the report
  // never depends on how a nation listed its orders.
  // Runs are made nation by nation in that order, and players' lists are mostly in id order: a list
  // already in order is left as it is, with no sort.
  sortInPlace(ph.runs, byRunOrder);
  return invalid;
}

function byRunOrder(a: Run, b: Run): number {
  return byNationOrder(a.nation, b.nation) || (a.order.id < b.order.id ? -1 : a.order.id > b.order.id ? 1 : 0);
}

/** R5.3 — which transports unload, as a one-step land move of their cargo in step 1 of the land pass. */
function unload(ph: Phase, unfought: ReadonlySet<string>): Run[] {
  const cargoRuns: Run[] = [];
  for (const run of ph.runs.filter((r) => r.order.unload !== undefined)) {
    const zone = runPosition(run);
    const transports = aliveOf(ph, run.unitIds).filter((p) => p.type === "transport");
    const cargo = transports.flatMap((t) => cargoPieces(ph, t.id));
    const hostileShip = piecesAt(ph, zone).some((p) => isShip(p.type) && p.aboard === undefined && teamOf(p.nation) !== run.team);
    const why =
      run.status !== "completed"
        ? `its order was cut short in ${zone}`
        : transports.length === 0
          ? "its transports were sunk"
          : cargo.length === 0
            ? "nothing is aboard"
            : unfought.has(zone)
              ? `the sea battle in ${zone} is not fought yet`
              : hostileShip
                ? `a hostile ship is still in ${zone}`
                : undefined;
    run.unloaded = why === undefined;
    if (why) {
      run.unloadReason = `Cargo stays aboard: ${why} (R5.3)`;
      continue;
    }
    cargoRuns.push(
      newRun({
        nation: run.nation,
        team: run.team,
        order: { id: run.order.id, units: {}, from: zone, path: [run.order.unload!] },
        pass: "land",
        unitIds: cargo.map((p) => p.id),
        airOnly: false,
        stealth: false,
        steps: [run.steps[run.pos]!, numberOf(ph, run.order.unload!)],
        cargoOf: run,
      }),
    );
  }
  return cargoRuns;
}

function orderReports(ph: Phase, invalid: OrderReport[]): OrderReport[] {
  const valid = ph.runs.map((r): OrderReport => {
    const out: OrderReport = { id: r.order.id, nation: r.nation, status: r.status === "moving" ? "completed" : r.status, endedAt: runPosition(r), pass: r.pass };
    if (r.reason) {
      out.reason = r.reason;
      out.rule = r.rule;
    }
    if (r.order.unload !== undefined) {
      out.unloaded = r.unloaded === true;
      if (r.unloadReason) out.unloadReason = r.unloadReason;
      if (!out.reason && r.unloadReason) out.reason = r.unloadReason;
    }
    return out;
  });
  const purchases = ph.report.purchases.map((p): OrderReport => ({ id: p.id, nation: p.nation, status: "completed", endedAt: p.destination }));
  return [...valid, ...invalid, ...purchases].sort((a, b) => byNationOrder(a.nation, b.nation) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
}

/**
 * The phase's owners with their keys in code-unit order. They keep the key order of the state they
 * came from (a capture only changes the owner of a territory that has one), which a phase's result
 * or createState already sorted: then they are returned as they are, with no copy and no check.
 */
function sortedOwners(ph: Phase): Record<string, Nation> {
  const record = ownersToWrite(ph); // a new object for the new state, as the input's is never returned
  if (knownSorted(record)) return record; // copied from sorted owners: the same keys, in the same order
  const keys = Object.keys(record);
  let sorted = true;
  for (let i = 1; i < keys.length && sorted; i++) sorted = keys[i - 1]! < keys[i]!;
  if (sorted) return markSorted(record, keys.length);
  const out: Record<string, Nation> = {};
  for (const k of keys.sort()) out[k] = record[k]!; // the default sort compares code units, as `<` does
  return markSorted(out, keys.length);
}

/**
 * The units as groups of one nation, type and territory (cargo apart), in the report's order: R1.1
 * nation order, table order (R2), territory id, free before aboard. Built without a comparison sort
 * (its n log n comparisons of territory ids grew faster than the board): the groups are kept by
 * territory number, walked in number order (the board's sorted id order), and each goes to its
 * nation-and-type bucket.
 */
export function unitReports(units: readonly Unit[], board: Board, numbers?: ArrayLike<number>): UnitReport[] {
  const byTerritory: (UnitReport[] | undefined)[] = new Array(board.ids.length);
  // A phase passes its pieces' territory numbers (`numbers[i]` for `units[i]`): no probe at all.
  // Otherwise units come mostly territory by territory: the last unit's number serves the next one there.
  let lastAt: string | undefined;
  let lastN = -1;
  for (let i = 0; i < units.length; i++) {
    const u = units[i]!;
    const aboard = u.aboard !== undefined;
    const n = numbers ? numbers[i]! : u.at === lastAt ? lastN : board.number(u.at);
    lastAt = u.at;
    lastN = n;
    if (n < 0) continue; // never on a checked state (the sorted-ids walk skipped such units too)
    let list = byTerritory[n];
    if (!list) byTerritory[n] = list = [];
    // A loop, not `find`: its closure would be one more object a unit.
    let g: UnitReport | undefined;
    for (let j = 0; j < list.length && g === undefined; j++) {
      const x = list[j]!;
      if (x.nation === u.nation && x.type === u.type && (x.aboard === true) === aboard) g = x;
    }
    if (g) g.count += 1;
    else list.push(aboard ? { nation: u.nation, type: u.type, at: u.at, count: 1, aboard: true } : { nation: u.nation, type: u.type, at: u.at, count: 1 }); // no spread: one object a group
  }
  // A bucket a nation and type: territories come in order, and in each the free group before the one aboard.
  const buckets: UnitReport[][] = Array.from({ length: NATIONS.length * UNIT_TYPES.length }, () => []);
  for (const groups of byTerritory) {
    if (!groups) continue;
    for (const g of groups) if (g.aboard !== true) buckets[nationIndex(g.nation) * UNIT_TYPES.length + tableIndex(g.type)]!.push(g);
    for (const g of groups) if (g.aboard === true) buckets[nationIndex(g.nation) * UNIT_TYPES.length + tableIndex(g.type)]!.push(g);
  }
  return buckets.flat();
}

/** Resolve one combat phase. Pure: same input, same result, inputs untouched (R3.3). */
export function resolveCombatPhase(input: CombatInput): CombatResult {
  const ph = newPhase(input.state, startView(input.state), input.dice ?? phaseDice(input.seed), input.lowLuck ?? false);
  const fight = input.until !== "movement";
  const decisions = input.decisions ?? [];
  const awaitDecisions = input.awaitDecisions ?? false;
  const waitingFor = (pass: "sea" | "land", battles: BattleState[]): CombatResult => ({
    state: input.state,
    report: { ...ph.report, orders: orderReports(ph, invalid), units: [], owners: { ...ph.owners }, treasury: { ...ph.treasury } },
    aftermath: { air: [], purchases: [] },
    waiting: { pass, battles, requests: battles.flatMap((b) => b.pending) },
  });

  const invalid = validate(ph, ordersWithBoardNames(ph.board, input.orders)); // R4
  aaFire(ph); // R5.1
  runPass(ph, "sea", ph.runs.filter((r) => r.pass === "sea" && r.status === "moving")); // R5.2
  const seaBattles = findBattles(ph, "sea", new Set()); // R5.2c
  if (fight) {
    const waiting = fightBattles(ph, "sea", seaBattles, recordedPolicy("sea", decisions, awaitDecisions), new Set()); // R6
    if (waiting.length > 0) return waitingFor("sea", waiting); // R5: every sea battle ends before land movement
  } else listBattles(ph, "sea", seaBattles, new Set());
  const cargoRuns = unload(ph, fight ? new Set() : new Set(seaBattles)); // R5.3
  const landRuns = ph.runs.filter((r) => r.pass === "land" && r.status === "moving");
  for (const r of landRuns) {
    if (anyAlive(ph, r.unitIds)) continue; // asked without a list of the living a run
    r.status = "stopped";
    r.rule = "R6";
    r.reason = `Its units were lost in the sea battle in ${r.order.from} before they could move`;
  }
  const blitzed = runPass(ph, "land", [...landRuns.filter((r) => r.status === "moving"), ...cargoRuns]); // R5.2, R5.3
  const raiders = raiderIds(ph);
  const landBattles = findBattles(ph, "land", raiders);
  captureAfterLandPass(ph, new Set(landBattles), blitzed); // R5.2d
  if (fight) {
    raids(ph); // R5.4
    const waiting = fightBattles(ph, "land", landBattles, recordedPolicy("land", decisions, awaitDecisions), raiders); // R5.5, R6
    if (waiting.length > 0) return waitingFor("land", waiting);
  } else listBattles(ph, "land", landBattles, raiders);

  // The next state's units, a list made at its length (counted first): grown by `push` it reserved
  // room it never filled, copied by every scavenge. Indexed loops: this function runs once a phase,
  // mostly unoptimised, where `for…of` makes an iterator result a piece.
  const pieces = ph.pieces;
  let living = 0;
  for (let i = 0; i < pieces.length; i++) if (pieces[i]!.alive) living++;
  const units = new Array<Unit>(living);
  // The units' territory numbers as a column: its contents are no object for the collector to copy.
  const wheres = new Int32Array(living);
  let n = 0;
  for (let i = 0; i < pieces.length; i++) {
    const p = pieces[i]!;
    if (!p.alive) continue;
    wheres[n] = p.where;
    units[n++] = p.aboard === undefined ? { id: p.id, nation: p.nation, type: p.type, at: p.at } : { id: p.id, nation: p.nation, type: p.type, at: p.at, aboard: p.aboard };
  }
  // One sorted owners object serves the report and the next state (neither is ever mutated).
  const owners = sortedOwners(ph);
  const treasury = { ...ph.treasury };
  const report: CombatReport = { ...ph.report, orders: orderReports(ph, invalid), units: unitReports(units, ph.board, wheres), owners, treasury };
  const state: GameState = { board: input.state.board, owners, originalOwners: input.state.originalOwners, units, treasury: { ...treasury }, ...gameOptionsOf(input.state) };
  return { state, report, aftermath: aftermathOf(ph) };
}

function aftermathOf(ph: Phase): Aftermath {
  // Only aircraft are asked about: the steps used by air units alone, by unit id (-1: no run), an
  // array by id as the phase's other indexes, not a map that grows a hash table at 100 copies of the board.
  const used = new Int32Array(ph.byId.length).fill(-1);
  for (const run of ph.runs) for (const id of run.unitIds) if (isAir(ph.byId[id]!.type)) used[id] = run.pos;
  const air: Aftermath["air"] = [];
  for (const p of ph.pieces) {
    if (!p.alive || !isAir(p.type)) continue;
    const steps = used[p.id]!;
    air.push({ id: p.id, moved: steps > 0, used: steps < 0 ? 0 : steps });
  }
  return { air, purchases: ph.report.purchases };
}

