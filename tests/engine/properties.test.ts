// Properties of the combat-phase adjudicator over random LEGAL order sets on the default board
// (RULES.md R3.3 determinism, R4.2 listing order, R4–R6 conservation of units, Appendix A report,
// R6 the resumable battle protocol). Order sets come from tests/support/random-orders.ts.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  DEFAULT_BOARD,
  DEFAULT_SETUP,
  NATIONS,
  TEAMS,
  UNIT_STATS,
  UNIT_TYPES,
  advanceBattle,
  createState,
  decideBattle,
  defaultPolicy,
  fightBattle,
  indexBoard,
  openBattle,
  phaseDice,
  resolveCombatPhase,
  teamOf,
  validateOrders,
  type BattleState,
  type CombatResult,
  type Decision,
  type GameState,
  type Nation,
  type Order,
  type Team,
  type UnitCounts,
  type UnitType,
} from "../../server/rulesets/1942/engine";
import { makeRand, randomOrders, type RandomOrdersOptions } from "../support/random-orders";

type Orders = Partial<Record<Nation, Order[]>>;
type Until = "movement" | "battles";

const START = createState(DEFAULT_BOARD, DEFAULT_SETUP);
const BOARD = indexBoard(DEFAULT_BOARD);
const LAND_IDS = DEFAULT_BOARD.territories.filter((t) => t.kind === "land").map((t) => t.id).sort();

// Modest by default so the file runs fast; PROPERTY_RUNS=300 explores further.
const RUNS = Number(process.env.PROPERTY_RUNS ?? 30);
const TIMEOUT = 120_000;

const frozen = (t: UnitType) => t === "aaGun" || t === "factory";
const medium = (t: UnitType) => UNIT_STATS[t].medium;

/** Random seeds for the order generator and the dice, with both settings of low luck. */
const turnArb = fc.record({ gen: fc.integer({ min: 0, max: 0x7fffffff }), seed: fc.string(), lowLuck: fc.boolean() });

function generate(state: GameState, gen: number, options?: RandomOrdersOptions): Orders {
  return randomOrders(state, makeRand(gen), options);
}

function resolve(state: GameState, orders: Orders, seed: string, lowLuck: boolean, until: Until = "battles"): CombatResult {
  return resolveCombatPhase({ state, orders, seed, lowLuck, until });
}

/** A state after one played combat phase: cargo may be aboard, land may have changed hands. */
function playedState(gen: number, seed: string, lowLuck: boolean): GameState {
  return resolve(START, generate(START, gen ^ 0x5bd1e995), `${seed}|turn 1`, lowLuck).state;
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}

function shuffled<T>(items: readonly T[], rand: () => number): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

function allValid(state: GameState, orders: Orders): boolean {
  return NATIONS.every((n) => validateOrders(state, n, orders[n] ?? []).results.every((r) => r.ok));
}

// ---- counting -------------------------------------------------------------------------------

type Tally = Record<string, number>;

function bump(tally: Tally, key: string, n = 1): void {
  if (n === 0) return;
  tally[key] = (tally[key] ?? 0) + n;
  if (tally[key] === 0) delete tally[key];
}

function addCounts(tally: Tally, prefix: string, counts: UnitCounts | undefined): void {
  for (const t of UNIT_TYPES) bump(tally, `${prefix}|${t}`, counts?.[t] ?? 0);
}

/** Units the report says were lost, by team and type: AA fire, battle rounds, R6.10, bombardment. */
function reportedLosses(result: CombatResult): Tally {
  const lost: Tally = {};
  for (const a of result.report.aa) addCounts(lost, teamOf(a.nation), a.lost);
  for (const b of result.report.battles) {
    for (const team of TEAMS) {
      for (const r of b.rounds) addCounts(lost, team, r.lost[team]);
      addCounts(lost, team, b.destroyedAtOnce[team]);
      addCounts(lost, team, b.bombardment.lost[team]);
    }
  }
  return lost;
}

/** R4–R6 conservation, R8.5, and where units may stand (Appendix A `units`). */
function checkConservation(before: GameState, result: CombatResult): void {
  const after = result.state.units;
  const afterById = new Map(after.map((u) => [u.id, u]));
  const beforeIds = new Set(before.units.map((u) => u.id));

  // No unit appears: every unit after was there before, with its type; combat units keep their nation.
  for (const u of after) {
    expect(beforeIds.has(u.id), `unit ${u.id} (${u.nation} ${u.type} at ${u.at}) appeared`).toBe(true);
  }
  const lostByTeam: Tally = {};
  const lostByNation: Tally = {};
  for (const u of before.units) {
    const a = afterById.get(u.id);
    if (a) {
      expect(a.type, `unit ${u.id}`).toBe(u.type);
      if (!frozen(u.type)) expect(a.nation, `unit ${u.id} changed nation`).toBe(u.nation);
      continue;
    }
    expect(frozen(u.type), `${u.nation} ${u.type} ${u.id} at ${u.at} vanished (AA guns and factories never do)`).toBe(false);
    bump(lostByTeam, `${teamOf(u.nation)}|${u.type}`);
    bump(lostByNation, `${u.nation}|${u.type}`);
  }
  // Units gone = units the report says were lost (AA fire, battles; cargo with its transport).
  expect(lostByTeam).toEqual(reportedLosses(result));
  // AA losses are reported per nation: never more than the nation lost.
  const aaByNation: Tally = {};
  for (const a of result.report.aa) addCounts(aaByNation, a.nation, a.lost);
  for (const [key, n] of Object.entries(aaByNation)) expect(lostByNation[key] ?? 0, key).toBeGreaterThanOrEqual(n);

  // For every nation and type: the report's units = units before − units lost.
  const expected: Tally = {};
  for (const u of before.units) bump(expected, `${u.nation}|${u.type}`);
  for (const [key, n] of Object.entries(lostByNation)) bump(expected, key, -n);
  // AA guns and factories may change nation with their territory: compare them per territory instead.
  for (const key of Object.keys(expected)) if (frozen(key.split("|")[1] as UnitType)) delete expected[key];
  const reported: Tally = {};
  for (const u of result.report.units) if (!frozen(u.type)) bump(reported, `${u.nation}|${u.type}`, u.count);
  expect(reported).toEqual(expected);

  // The report's units are the result state's units, grouped.
  const grouped: Tally = {};
  for (const u of after) bump(grouped, `${u.nation}|${u.type}|${u.at}|${u.aboard !== undefined}`);
  const listed: Tally = {};
  for (const u of result.report.units) bump(listed, `${u.nation}|${u.type}|${u.at}|${u.aboard === true}`, u.count);
  expect(listed).toEqual(grouped);

  // AA guns and factories: same count per territory, owned by the territory's owner after (R8.5).
  const fixedBefore: Tally = {};
  const fixedAfter: Tally = {};
  for (const u of before.units) if (frozen(u.type)) bump(fixedBefore, `${u.type}|${u.at}`);
  for (const u of after) {
    if (!frozen(u.type)) continue;
    bump(fixedAfter, `${u.type}|${u.at}`);
    expect(u.nation, `${u.type} in ${u.at}`).toBe(result.state.owners[u.at]);
  }
  expect(fixedAfter).toEqual(fixedBefore);

  // Every unit stands in a territory of the right kind; cargo rides an own transport in a sea zone.
  for (const u of result.report.units) {
    expect(BOARD.has(u.at), u.at).toBe(true);
    const where = `${u.nation} ${u.type} at ${u.at}${u.aboard ? " (aboard)" : ""}`;
    if (u.aboard) {
      expect(medium(u.type) === "land" && !frozen(u.type), where).toBe(true);
      expect(BOARD.isSea(u.at), where).toBe(true);
    } else if (medium(u.type) === "land") expect(BOARD.isLand(u.at), where).toBe(true);
    else if (medium(u.type) === "sea") expect(BOARD.isSea(u.at), where).toBe(true);
  }
  const load = new Map<number, UnitType[]>();
  for (const u of after) {
    if (u.aboard === undefined) continue;
    const t = afterById.get(u.aboard);
    expect(t?.type, `unit ${u.id} aboard ${u.aboard}`).toBe("transport");
    expect(t?.nation, `unit ${u.id} aboard ${u.aboard}`).toBe(u.nation);
    expect(t?.at, `unit ${u.id} aboard ${u.aboard}`).toBe(u.at);
    load.set(u.aboard, [...(load.get(u.aboard) ?? []), u.type]);
  }
  for (const [id, cargo] of load) {
    expect(cargo.length, `transport ${id} carries ${cargo.join(", ")}`).toBeLessThanOrEqual(2);
    expect(cargo.filter((t) => t !== "infantry").length, `transport ${id} carries ${cargo.join(", ")}`).toBeLessThanOrEqual(1);
  }
}

/** Appendix A report shape on a run of valid orders. */
function checkReport(orders: Orders, result: CombatResult, until: Until): void {
  const { report } = result;
  const given = NATIONS.flatMap((n) => (orders[n] ?? []).map((o) => o.id)).sort();
  expect(report.orders.map((o) => o.id).sort()).toEqual(given); // every id exactly once (ids are unique)
  expect(report.orders.filter((o) => o.status === "invalid")).toEqual([]);
  expect(Object.keys(report.owners).sort()).toEqual(LAND_IDS);
  for (const owner of Object.values(report.owners)) expect(NATIONS).toContain(owner);
  expect(Object.keys(report.treasury).sort()).toEqual([...NATIONS].sort());
  for (const n of NATIONS) {
    expect(Number.isInteger(report.treasury[n]), n).toBe(true);
    expect(report.treasury[n], n).toBeGreaterThanOrEqual(0);
  }
  if (until === "movement") {
    for (const b of report.battles) {
      expect(b.winner, b.territory).toBeUndefined();
      expect(b.rounds, b.territory).toEqual([]);
    }
  } else for (const b of report.battles) expect(["Axis", "Allies", "none"], b.territory).toContain(b.winner);
}

// ---- properties over whole combat phases ----------------------------------------------------

describe("combat phase on random legal orders (default board)", () => {
  it("is deterministic and leaves its inputs untouched (R3.3)", () => {
    fc.assert(
      fc.property(turnArb, ({ gen, seed, lowLuck }) => {
        const state = createState(DEFAULT_BOARD, DEFAULT_SETUP);
        const orders = generate(state, gen);
        const stateBefore = structuredClone(state);
        const ordersBefore = structuredClone(orders);
        const first = resolve(state, orders, seed, lowLuck);
        const second = resolve(state, orders, seed, lowLuck);
        expect(second).toEqual(first);
        expect(state).toEqual(stateBefore);
        expect(orders).toEqual(ordersBefore);
        // Fresh, frozen copies of the inputs: same result, and nothing tries to write to them.
        const third = resolve(deepFreeze(structuredClone(state)), deepFreeze(structuredClone(orders)), seed, lowLuck);
        expect(third).toEqual(first);
      }),
      { numRuns: RUNS },
    );
  }, TIMEOUT);

  it("does not depend on the key order of the nations' order lists", () => {
    fc.assert(
      fc.property(turnArb, fc.shuffledSubarray([...NATIONS], { minLength: 5, maxLength: 5 }), ({ gen, seed, lowLuck }, keyOrder) => {
        const orders = generate(START, gen);
        const reordered: Orders = Object.fromEntries(keyOrder.map((n) => [n, orders[n]]));
        const reversed: Orders = Object.fromEntries([...NATIONS].reverse().map((n) => [n, orders[n]]));
        const base = resolve(START, orders, seed, lowLuck);
        expect(resolve(START, reordered, seed, lowLuck).report).toEqual(base.report);
        expect(resolve(START, reversed, seed, lowLuck).report).toEqual(base.report);
      }),
      { numRuns: RUNS },
    );
  }, TIMEOUT);

  it("does not depend on the listing order within a nation when its orders claim disjoint units (R4.2)", () => {
    fc.assert(
      fc.property(turnArb, fc.integer({ min: 0, max: 0x7fffffff }), ({ gen, seed, lowLuck }, shuffleSeed) => {
        // No purchases (their validity depends on the running treasury); one order per pool of units,
        // so which units an order takes cannot depend on what was listed before it.
        const orders = generate(START, gen, { purchases: false, disjointPools: true });
        const rand = makeRand(shuffleSeed);
        const mixed: Orders = Object.fromEntries(NATIONS.map((n) => [n, shuffled(orders[n] ?? [], rand)]));
        expect(allValid(START, orders)).toBe(true);
        expect(allValid(START, mixed)).toBe(true);
        const base = resolve(START, orders, seed, lowLuck);
        const other = resolve(START, mixed, seed, lowLuck);
        expect(other.report).toEqual(base.report);
        expect(other.state).toEqual(base.state);
      }),
      { numRuns: RUNS },
    );
  }, TIMEOUT);

  it("conserves units: only AA fire and battles remove them, none appear (R4–R6, R8.5)", () => {
    fc.assert(
      fc.property(turnArb, fc.constantFrom<Until>("movement", "battles"), ({ gen, seed, lowLuck }, until) => {
        const orders = generate(START, gen);
        checkConservation(START, resolve(START, orders, seed, lowLuck, until));
      }),
      { numRuns: RUNS },
    );
  }, TIMEOUT);

  it("never crashes on legal orders and reports every order once, none invalid (Appendix A)", () => {
    fc.assert(
      fc.property(turnArb, ({ gen, seed, lowLuck }) => {
        const orders = generate(START, gen);
        for (const until of ["movement", "battles"] as const) checkReport(orders, resolve(START, orders, seed, lowLuck, until), until);
      }),
      { numRuns: RUNS },
    );
  }, TIMEOUT);

  it("keeps the same properties from a state reached by playing a turn (cargo aboard, land changed hands)", () => {
    fc.assert(
      fc.property(turnArb, fc.constantFrom<Until>("movement", "battles"), ({ gen, seed, lowLuck }, until) => {
        const state = playedState(gen, seed, lowLuck);
        const orders = generate(state, gen + 1);
        expect(allValid(state, orders)).toBe(true);
        const result = resolve(state, orders, seed, lowLuck, until);
        checkReport(orders, result, until);
        checkConservation(state, result);
        expect(resolve(state, orders, seed, lowLuck, until)).toEqual(result);
      }),
      { numRuns: RUNS },
    );
  }, TIMEOUT);
});

// ---- the battle protocol --------------------------------------------------------------------

type BattleSetup = Parameters<typeof openBattle>[0];

const SEA_BATTLE_TYPES: UnitType[] = ["fighter", "bomber", "transport", "submarine", "destroyer", "cruiser", "carrier", "battleship"];
const LAND_BATTLE_TYPES: UnitType[] = ["infantry", "artillery", "armour", "fighter", "bomber"];
const CARGO_TYPES: UnitType[] = ["infantry", "artillery", "armour"];

const battleArb = fc
  .record({
    pass: fc.constantFrom<"sea" | "land">("sea", "land"),
    lowLuck: fc.boolean(),
    seed: fc.string(),
    units: fc.array(
      fc.record({
        nation: fc.constantFrom(...NATIONS),
        type: fc.nat({ max: 7 }),
        attacking: fc.boolean(),
        cargo: fc.array(fc.constantFrom(...CARGO_TYPES), { maxLength: 2 }),
      }),
      { minLength: 1, maxLength: 14 },
    ),
    bombarders: fc.array(fc.constantFrom(...NATIONS), { maxLength: 2 }),
  })
  .map(({ pass, lowLuck, seed, units, bombarders }): { setup: BattleSetup; seed: string } => {
    let id = 1;
    const list: BattleSetup["units"] = [];
    for (const u of units) {
      const types = pass === "sea" ? SEA_BATTLE_TYPES : LAND_BATTLE_TYPES;
      const type = types[u.type % types.length]!;
      const unitId = id++;
      // Cargo on transports only, within R4.7 capacity: 2 units, at most one not infantry.
      const cargo = type === "transport" ? u.cargo.filter((t, i) => t === "infantry" || !u.cargo.slice(0, i).some((x) => x !== "infantry")) : [];
      list.push({
        id: unitId,
        nation: u.nation,
        type,
        team: teamOf(u.nation),
        attacking: u.attacking,
        cargo: cargo.map((t) => ({ id: id++, nation: u.nation, type: t })),
      });
    }
    // R5.5: bombarding battleships fire for one team, in a land battle only.
    const team: Team | undefined = bombarders[0] ? teamOf(bombarders[0]) : undefined;
    const shooters = pass === "land" && team ? bombarders.filter((n) => teamOf(n) === team).map((nation) => ({ id: id++, nation, team })) : [];
    return { setup: { territory: "Battlefield", pass, lowLuck, units: list, bombarders: shooters }, seed };
  });

function defaultDecision(req: BattleState["pending"][number]): Decision {
  return req.kind === "casualties" ? { kind: "casualties", units: [...req.default] } : { kind: "retreat", submerge: [], withdraw: [] };
}

/**
 * Step a battle one decision at a time with each request's default. `pickLast` answers the last
 * pending request first (the other side's decision arriving first); `store` round-trips the state
 * through JSON and rebuilds the dice between steps, as a server resuming a stored battle would.
 */
function stepWithDefaults(setup: BattleSetup, seed: string, opts: { pickLast: boolean; store: boolean }): BattleState {
  const dice = () => phaseDice(seed);
  let b = advanceBattle(openBattle(setup), dice());
  for (let guard = 0; b.stage !== "done"; guard++) {
    expect(guard, "battle does not end").toBeLessThan(10_000);
    expect(b.pending.length, `stage ${b.stage} waits for nothing`).toBeGreaterThan(0);
    const req = opts.pickLast ? b.pending[b.pending.length - 1]! : b.pending[0]!;
    const result = decideBattle(b, req.team, defaultDecision(req), "default");
    if (!result.ok) throw new Error(`default decision refused: ${result.message}`);
    b = opts.store ? (JSON.parse(JSON.stringify(result.battle)) as BattleState) : result.battle;
    b = advanceBattle(b, dice());
    if (opts.store) b = advanceBattle(JSON.parse(JSON.stringify(b)) as BattleState, dice()); // advancing again changes nothing
  }
  return b;
}

describe("battle protocol (R6)", () => {
  it("fightBattle with defaultPolicy equals stepping advanceBattle/decideBattle with each request's default", () => {
    fc.assert(
      fc.property(battleArb, ({ setup, seed }) => {
        const fought = fightBattle(openBattle(setup), phaseDice(seed), defaultPolicy);
        expect(stepWithDefaults(setup, seed, { pickLast: false, store: false })).toEqual(fought);
        expect(stepWithDefaults(setup, seed, { pickLast: false, store: true })).toEqual(fought);
      }),
      { numRuns: 200 },
    );
  }, TIMEOUT);

  it("gives the same battle whichever side's pending decision arrives first", () => {
    fc.assert(
      fc.property(battleArb, ({ setup, seed }) => {
        const fought = fightBattle(openBattle(setup), phaseDice(seed), defaultPolicy);
        expect(stepWithDefaults(setup, seed, { pickLast: true, store: true })).toEqual(fought);
      }),
      { numRuns: 200 },
    );
  }, TIMEOUT);

  it("does not mutate the battle it is given", () => {
    fc.assert(
      fc.property(battleArb, ({ setup, seed }) => {
        const start = deepFreeze(openBattle(setup));
        const copy = structuredClone(start);
        fightBattle(start, phaseDice(seed));
        expect(start).toEqual(copy);
      }),
      { numRuns: 100 },
    );
  }, TIMEOUT);
});
