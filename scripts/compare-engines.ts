// Compare this tree's 1942 engine with another copy of it, byte for byte: the bench's order sets
// (tests/bench/turn.bench.ts) on the default board and on 10 and 100 copies of it, with and without
// low luck, as a combat phase, a whole turn, a movement-only phase and a phase that awaits decisions,
// then several turns in a row of games on the default board, each engine from its own states.
// A speed change to the engine must leave every stored report and state as it was.
//
//   git archive <commit> server/rulesets/1942/engine | tar -x -C /tmp/old-engine
//   npx tsx scripts/compare-engines.ts /tmp/old-engine/server/rulesets/1942/engine
import { resolve } from "node:path";
import * as current from "../server/rulesets/1942/engine";
import { makeRand, randomOrders, syntheticBoard, syntheticOrders } from "../tests/support/random-orders";

type Engine = typeof current;
type Orders = Parameters<Engine["resolveCombatPhase"]>[0]["orders"];

const dir = process.argv[2];
if (!dir) throw new Error("usage: tsx scripts/compare-engines.ts <the other engine's folder>");
const other = (await import(resolve(dir, "index.ts"))) as Engine;

let compared = 0;
const differences: string[] = [];
function same(label: string, a: unknown, b: unknown): void {
  compared++;
  if (JSON.stringify(a) !== JSON.stringify(b)) differences.push(label);
}

/** Each engine gets its own copy of the input (as read from JSON): neither sees the other's objects. */
const copy = <T>(x: T): T => JSON.parse(JSON.stringify(x)) as T;

function phases(label: string, board: Parameters<Engine["createState"]>[0], setup: Parameters<Engine["createState"]>[1], sets: Orders[], small: boolean): void {
  const mine = current.createState(board, setup);
  const theirs = other.createState(copy(board), copy(setup));
  same(`${label} createState`, mine, theirs);
  sets.forEach((orders, i) => {
    for (const lowLuck of [false, true]) {
      const seed = `compare-${label}-${i}`;
      const tag = `${label} set ${i}${lowLuck ? " low luck" : ""}`;
      same(`${tag} phase`, current.resolveCombatPhase({ state: mine, orders: copy(orders), seed, lowLuck }), other.resolveCombatPhase({ state: theirs, orders: copy(orders), seed, lowLuck }));
      same(`${tag} turn`, current.resolveTurn({ state: mine, orders: copy(orders), seed, lowLuck }), other.resolveTurn({ state: theirs, orders: copy(orders), seed, lowLuck }));
      if (!small) continue;
      same(`${tag} movement`, current.resolveCombatPhase({ state: mine, orders: copy(orders), seed, lowLuck, until: "movement" }), other.resolveCombatPhase({ state: theirs, orders: copy(orders), seed, lowLuck, until: "movement" }));
      same(`${tag} awaiting`, current.resolveCombatPhase({ state: mine, orders: copy(orders), seed, lowLuck, awaitDecisions: true }), other.resolveCombatPhase({ state: theirs, orders: copy(orders), seed, lowLuck, awaitDecisions: true }));
    }
  });
}

const start = current.createState(current.DEFAULT_BOARD, current.DEFAULT_SETUP);
phases("1x", current.DEFAULT_BOARD, current.DEFAULT_SETUP, Array.from({ length: 12 }, (_, i) => randomOrders(start, makeRand(1000 + i), { hold: 0 })), true);
for (const copies of [10, 100]) {
  const big = syntheticBoard(copies);
  phases(`${copies}x`, big.board, big.setup, [1, 2].map((s) => syntheticOrders(copies, makeRand(s), { hold: 0 })), copies === 10);
}

// Turns in a row: each engine plays on from the state it returned itself.
for (let game = 0; game < 8; game++) {
  let mine = current.createState(current.DEFAULT_BOARD, current.DEFAULT_SETUP);
  let theirs = other.createState(current.DEFAULT_BOARD, current.DEFAULT_SETUP);
  for (let turn = 0; turn < 5; turn++) {
    const orders = randomOrders(mine, makeRand(game * 100 + turn), { hold: 0.2 });
    const seed = `game ${game} turn ${turn}`;
    const lowLuck = game % 2 === 1;
    const a = current.resolveTurn({ state: mine, orders: copy(orders), seed, lowLuck });
    const b = other.resolveTurn({ state: copy(theirs), orders: copy(orders), seed, lowLuck });
    same(`game ${game} turn ${turn} report`, a.report, b.report);
    same(`game ${game} turn ${turn} state`, a.state, b.state);
    mine = a.state;
    theirs = b.state;
  }
}

console.log(`${compared} comparisons, ${differences.length} different`);
for (const d of differences) console.log(`  differs: ${d}`);
if (differences.length > 0) process.exitCode = 1;
