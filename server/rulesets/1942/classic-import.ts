// A classic 1942 game (its services store a whole turn in one row: orders, battle decisions, post-combat
// choices) rewritten as the rows of a game played a phase at a time (docs/platform.md, "Classic 1942
// games become phased games"). Each resolved turn is replayed phase by phase through the adapter —
// orders, each battles phase with the decisions the row recorded, post-combat with the choices it
// used — with the turn's one seed for every phase, so every roll is the one the classic game rolled;
// the turn must end in the stored report and the next turn's stored start, else the game is refused
// (and left as it is). Pure: rows in, rows out.
import { stepOf } from "./engine/combat/decisions";
import { CASUALTY_PREFERENCES, type CasualtyPreference } from "./engine/combat/preference";
import { NATIONS, type DecisionRecord, type GameState, type Nation, type Order, type PostCombatOrders } from "./engine";
import type { ImportedPhase, Ruleset, WholeTurnGame, WholeTurnImport, WholeTurnRow } from "../ruleset";
import type { BattleOrders } from "./phases/battle-choices";
import type { LandingOrders } from "./phases/landing-choices";
import { isStage, type BattleStage, type Report1942, type State1942 } from "./phases/turn-so-far";
import type { Options1942 } from "./options";

/** A batch of any phase (as index.ts names it; not imported from there, which imports this file). */
type Orders1942 = Order[] | BattleOrders | LandingOrders;
/** What of the adapter (index.ts) the import uses. */
type Adapter = Pick<Ruleset<State1942, Orders1942, Report1942, string, Options1942, null>, "id" | "version" | "scenarios" | "phases" | "phaseOf" | "validate" | "resolve" | "result">;
type Phase1942 = ImportedPhase<State1942, Orders1942, Report1942>;
type Import1942 = WholeTurnImport<State1942, Orders1942, Report1942>;

/** JSON with object keys sorted: a state read back from jsonb compares equal to the one computed. */
function sorted(value: unknown): string {
  return JSON.stringify(value, (_k, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v) ? Object.fromEntries(Object.entries(v as object).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
  );
}
const same = (a: unknown, b: unknown) => sorted(a) === sorted(b);

/**
 * R6.8 — a phased game keeps low luck in its state (setup puts it there); a classic game stored before
 * its start state did passed it on each call. Such a start gets the field, as setup would have given it.
 */
function withRules(state: GameState, options: Options1942): GameState {
  return options.lowLuck === true && state.lowLuck !== true ? { ...state, lowLuck: true } : state;
}

/** Each waiting decision answered as the classic row recorded it: a player's choice, a robot's default, or the deadline's (no batch). */
function battleBatches(stage: BattleStage, recorded: readonly DecisionRecord[]): Record<string, BattleOrders> | string {
  const batches: Record<string, BattleOrders> = {};
  for (const r of stage.requests) {
    const record = recorded.find((d) => d.battle === r.battle && d.pass === stage.pass && d.round === r.round && d.step === stepOf(r) && d.team === r.team);
    if (!record) return `no decision is recorded for ${r.battle}, round ${r.round} (${r.team})`;
    if (record.by === "default") continue;
    const batch = (batches[r.chooser] ??= { choices: [] });
    if (record.by === "robot") batch.robot = true;
    else batch.choices.push({ battle: r.battle, round: r.round, step: stepOf(r), decision: record.decision });
  }
  return batches;
}

/** R7 — the post-combat choices the turn used, as each acting nation's batch. */
function landingBatches(sides: readonly string[], used: PostCombatOrders): Record<string, LandingOrders> {
  return Object.fromEntries(sides.map((side) => [side, { landings: [...(used.landings?.[side as Nation] ?? [])], aaMoves: [...(used.aaMoves?.[side as Nation] ?? [])] }]));
}

/** One resolved classic turn as its phases, or why it cannot be. `next`: the following row's start (none after the last). */
function turnPhases(ruleset: Adapter, row: WholeTurnRow, from: number, options: Options1942, next: GameState | undefined): Phase1942[] | string {
  const decisions = (row.recorded.decisions ?? []) as DecisionRecord[];
  const used = ((row.recorded.stage as { used?: PostCombatOrders } | null)?.used ?? {}) as PostCombatOrders;
  const version = `${ruleset.id} ${row.version}`;
  const out: Phase1942[] = [];
  let state: State1942 = withRules(row.start as GameState, options);
  let batches: Record<string, Orders1942> = (row.ordersBySide ?? {}) as Record<string, Order[]>;
  for (let step = 0; step < 100; step++) {
    const phase = ruleset.phases(state)[ruleset.phaseOf!(state)];
    if (!phase) return `turn ${row.turn} starts from a game already over`;
    for (const [side, batch] of Object.entries(batches)) {
      const verdict = ruleset.validate(state, side, batch);
      if (!verdict.ok) return `turn ${row.turn}: ${side}'s ${phase.id} would be refused now (${verdict.rule}: ${verdict.message})`;
    }
    const result = ruleset.resolve(state, batches, null, row.seed, phase.id);
    out.push({ from, turn: row.turn, step, status: "resolved", start: state, ordersBySide: batches, report: result.report, version });
    state = result.state;
    if (!isStage(state)) break;
    if (state.stage === "battles") {
      const answered = battleBatches(state, decisions);
      if (typeof answered === "string") return `turn ${row.turn}: ${answered}`;
      batches = answered;
    } else batches = landingBatches(ruleset.phases(state)[state.step]!.sides, used);
  }
  if (isStage(state)) return `turn ${row.turn} does not end when replayed phase by phase`;
  if (!same(out.at(-1)!.report, row.report)) return `turn ${row.turn} replayed phase by phase gives another report than the one stored (engine ${row.version})`;
  if (next ? !same(state, withRules(next, options)) : !ruleset.result(state).over) return `turn ${row.turn} replayed phase by phase does not lead to the stored turn ${row.turn + 1}`;
  return out;
}

/** R6.9 — a nation's casualty order kept in a classic game becomes its standing setting. */
function standingsOf(settings: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [side, value] of Object.entries(settings))
    if (CASUALTY_PREFERENCES.includes(value as CasualtyPreference) && value !== "default") out[side] = { casualties: value };
  return out;
}

/** The open turn's saved orders: each nation's rows in listing order (R4.2) are its batch. */
function savedLists(saved: Record<string, unknown[]>): Record<string, Order[]> {
  const out: Record<string, Order[]> = {};
  for (const nation of NATIONS) if (saved[nation]?.length) out[nation] = saved[nation] as Order[];
  return out;
}

export function importClassic(ruleset: Adapter, game: WholeTurnGame<Options1942>): Import1942 {
  const options = game.options ?? {};
  const phases: Phase1942[] = [];
  // The open turn is judged by the rules of today, as every phase the phased services open.
  const current = `${ruleset.id} ${ruleset.version}`;
  for (const [i, row] of game.rows.entries()) {
    const next = game.rows[i + 1];
    if (row.status === "open") {
      if (next) return { ok: false, reason: `turn ${row.turn} is open but turn ${next.turn} follows it` };
      if (ruleset.result(withRules(row.start as GameState, options)).over) return { ok: false, reason: `turn ${row.turn} is open, but its start is the game's end` };
      phases.push({ from: i, turn: row.turn, step: 0, status: "open", start: withRules(row.start as GameState, options), ordersBySide: null, report: null, version: current });
      continue;
    }
    // A turn in battles or post-combat: its remaining dice are the classic seed's, which the phases
    // already resolved would reveal (docs/platform.md). It converts once the turn is over.
    if (row.status !== "resolved") return { ok: false, reason: `turn ${row.turn} is being played (${row.status}): it converts once the turn is over` };
    const turn = turnPhases(ruleset, row, i, options, next?.start as GameState | undefined);
    if (typeof turn === "string") return { ok: false, reason: turn };
    phases.push(...turn);
  }
  const open = phases.at(-1)?.status === "open";
  return { ok: true, scenario: ruleset.scenarios[0]!.id, phases, saved: open ? savedLists(game.saved) : {}, standings: standingsOf(game.settings) };
}
