// IP2: one turn, every side at once. Order of resolution (IP2.3): takeoffs and landings, launches,
// movement of everything together, ordnance against ordnance, ordnance and hazards against ships,
// guns, resupply, the end of the turn.
import type { Resolution } from "../ruleset";
import { phaseDice } from "../shared/dice";
import { BOARD } from "./board";
import { bodiesOfCourse } from "./gravity";
import { equal, key, length, type Dir } from "./hex";
import { gunPhase } from "./combat";
import { gameEnd } from "./goals";
import { courseOf, endOf, tipOf, type Course } from "./movement";
import { launch, ordnanceAttacks } from "./ordnance";
import { resupply } from "./resupply";
import { inPlay } from "./ships";
import type { OrdnanceOrders, Orders, Report, ReportLine, ShipOrders, State } from "./types";
import { validateOrders } from "./validate";

export function resolveTurn(input: State, ordersBySide: Record<string, Orders | undefined>, seed: string): Resolution<State, Report> {
  const state: State = structuredClone(input);
  const lines: ReportLine[] = [];
  // IP2.4: every roll comes from a stream named by what rolls, under the turn's seed.
  const dice = phaseDice(`${seed}:${state.turn}`);
  if (state.ended) return { state, report: { turn: state.turn, lines: [{ rule: "IP9.5", kind: "over", text: "the game is over" }] } };

  // IP2.2: a side without (valid) orders drifts.
  const shipOrders = new Map<string, ShipOrders>();
  const ordOrders = new Map<string, OrdnanceOrders>();
  for (const side of state.sides) {
    const given = ordersBySide[side];
    if (given === undefined) {
      if (state.ships.some((s) => s.side === side && inPlay(s))) lines.push({ rule: "IP2.2", kind: "no-orders", text: `${side} gave no orders: its ships drift`, side });
      continue;
    }
    const v = validateOrders(input, side, given);
    if (!v.ok) {
      lines.push({ rule: "IP2.2", kind: "invalid-orders", text: `${side}'s orders are invalid, its ships drift: ${v.message}`, side, broken: v.rule });
      continue;
    }
    for (const [id, o] of Object.entries(given.ships ?? {})) shipOrders.set(id, o);
    for (const [id, o] of Object.entries(given.ordnance ?? {})) ordOrders.set(id, o);
  }

  // IP7.6: disability counts down at the start of the turn; a ship disabled now cannot burn this turn.
  const disabledAtStart = new Set(state.ships.filter((s) => s.disabled > 0).map((s) => s.id));
  for (const s of state.ships) s.disabled = Math.max(0, s.disabled - 1);

  const still = new Set<string>(); // ships that take off or land: they do not move this turn
  for (const ship of state.ships) {
    const o = shipOrders.get(ship.id);
    if (o?.takeoff && ship.status === "landed") {
      // IP5.2: boosters put the ship in the hex above its base at speed 0; it feels that hex next turn.
      const base = BOARD.bases.get(ship.base!)!;
      ship.status = "flying";
      ship.pos = base.hex;
      ship.vel = { q: 0, r: 0 };
      ship.base = null;
      ship.orbit = null;
      ship.pending = [];
      const g = BOARD.gravity.get(key(base.hex));
      if (g) ship.pending = [{ hex: key(base.hex), arrows: g.arrows.map((a) => a.dir), strength: g.strength, weak: g.weak, forced: false }];
      still.add(ship.id);
      lines.push({ rule: "IP5.2", kind: "takeoff", text: `${ship.id} takes off from ${base.name} to ${key(base.hex)} at speed 0`, ship: ship.id, base: base.id, to: key(base.hex) });
    } else if (o?.land && ship.status === "flying" && !disabledAtStart.has(ship.id)) {
      const base = [...BOARD.bases.values()].find((b) => b.kind === "planet" && equal(b.hex, ship.pos) && b.body === ship.orbit)!;
      ship.fuel--;
      ship.status = "landed";
      ship.base = base.id;
      ship.vel = { q: 0, r: 0 };
      ship.pending = [];
      ship.orbit = null;
      still.add(ship.id);
      lines.push({ rule: "IP5.3", kind: "land", text: `${ship.id} burns one fuel and lands at ${base.name}`, ship: ship.id, base: base.id });
    }
  }

  // IP6.1: launches, before anything moves.
  for (const ship of state.ships) {
    const l = shipOrders.get(ship.id)?.launch;
    if (l && ship.status === "flying" && !still.has(ship.id)) {
      const ord = launch(state, ship, l, lines);
      ordOrders.set(ord.id, { target: l.target, hold: l.hold });
    }
  }

  // IP3, IP4, IP5: everything moves at once.
  const courses = new Map<string, Course>();
  for (const ship of state.ships) {
    if (!inPlay(ship)) continue;
    if (ship.status === "landed" || still.has(ship.id)) {
      courses.set(ship.id, courseOf(ship.pos, ship.pos));
      continue;
    }
    const o = shipOrders.get(ship.id) ?? {};
    const burn: Dir[] = o.burn && ship.fuel > 0 && !disabledAtStart.has(ship.id) ? [o.burn] : [];
    const { tip, applied } = tipOf(ship.pos, ship.vel, ship.pending, o.gravity, burn);
    const c = { ...courseOf(ship.pos, tip), applied };
    courses.set(ship.id, c);
    const from = ship.pos;
    const wasOrbit = ship.orbit;
    ship.fuel -= burn.length;
    ship.pos = endOf(c);
    ship.vel = c.vel;
    ship.pending = c.pending;
    for (const b of bodiesOfCourse(c.pending)) if (ship.visited[ship.visited.length - 1] !== b) ship.visited.push(b);
    lines.push({ rule: burn.length ? "IP3.2" : "IP3.1", kind: "move", text: `${ship.id} moves ${key(from)} → ${key(c.tip)}${burn.length ? ` burning ${burn[0]}` : ""}`, ship: ship.id, from: key(from), to: key(c.tip), burn: burn[0] ?? null });
    for (const a of applied) if (a.dir) lines.push({ rule: "IP4.1", kind: "gravity", text: `${ship.id} feels gravity from ${a.hex}: ${a.dir}`, ship: ship.id, hex: a.hex, dir: a.dir });
    if (c.crash) {
      ship.status = "destroyed";
      lines.push({ rule: "IP5.1", kind: "crash", text: `${ship.id} crashes into ${c.crash.body}`, ship: ship.id, body: c.crash.body });
    } else if (c.left) {
      ship.status = "lost";
      lines.push({ rule: "IP5.6", kind: "left-map", text: `${ship.id} leaves the map`, ship: ship.id });
    }
    updateOrbitAndDock(state, ship.id, from, c, burn.length > 0, wasOrbit, lines);
  }
  for (const o of state.ordnance) {
    const oo = ordOrders.get(o.id) ?? {};
    const burn: Dir[] = oo.burn && o.fuel > 0 ? [oo.burn] : [];
    o.fuel -= burn.length;
    const { tip, applied } = tipOf(o.pos, o.vel, o.pending, oo.gravity, burn);
    const c = { ...courseOf(o.pos, tip), applied };
    courses.set(o.id, c);
    lines.push({ rule: burn.length ? "IP6.2" : "IP3.1", kind: "ordnance-move", text: `${o.id} (${o.kind}) moves ${key(o.pos)} → ${key(c.tip)}${burn.length ? ` burning ${burn[0]}` : ""}`, ordnance: o.id, from: key(o.pos), to: key(c.tip), burn: burn[0] ?? null });
    o.pos = endOf(c);
    o.vel = c.vel;
    o.pending = c.pending;
    if (c.crash || c.left) lines.push({ rule: c.crash ? "IP5.1" : "IP5.6", kind: "ordnance-gone", text: `${o.id} ${c.crash ? `hits ${c.crash.body}` : "leaves the map"}`, ordnance: o.id });
  }
  // Ordnance that crashed or left still attacks along the part of its course it flew (mines), then goes.
  ordnanceAttacks(state, courses, ordOrders, dice, lines);
  state.ordnance = state.ordnance.filter((o) => !courses.get(o.id)?.crash && !courses.get(o.id)?.left);

  gunPhase(state, courses, shipOrders, disabledAtStart, dice, lines);
  resupply(state, lines);
  endOfTurn(state, lines);
  return { state, report: { turn: input.turn, lines } };
}

/** IP4.6 orbit, IP5.5 docking. */
function updateOrbitAndDock(state: State, id: string, from: { q: number; r: number }, c: Course, burned: boolean, wasOrbit: string | null, lines: ReportLine[]): void {
  const ship = state.ships.find((s) => s.id === id)!;
  const bodiesAt = (h: { q: number; r: number }) => BOARD.gravity.get(key(h))?.arrows.map((a) => a.body) ?? [];
  const around = bodiesAt(from).find((b) => bodiesAt(c.tip).includes(b));
  ship.orbit = ship.status === "flying" && !burned && length(c.vel) === 1 && around ? around : null;
  if (ship.orbit && ship.orbit !== wasOrbit) lines.push({ rule: "IP4.6", kind: "orbit", text: `${ship.id} is in orbit around ${ship.orbit}`, ship: ship.id, body: ship.orbit });
  ship.base = null;
  if (ship.status !== "flying") return;
  for (const base of BOARD.bases.values()) {
    const docks =
      (base.kind === "orbital" && ship.orbit === base.body && c.touches.some((t) => t.passage === "inside" && equal(t.hex, base.hex))) ||
      (base.kind === "asteroid" && equal(c.tip, base.hex) && length(c.vel) === 0);
    if (docks && state.bases[base.id] && !state.bases[base.id]!.destroyed) {
      ship.base = base.id;
      lines.push({ rule: "IP5.5", kind: "dock", text: `${ship.id} docks at ${base.name}`, ship: ship.id, base: base.id });
    }
  }
}

function endOfTurn(state: State, lines: ReportLine[]): void {
  // IP6.3: ordnance burns out.
  for (const o of state.ordnance) if (o.turnsLeft !== null) o.turnsLeft--;
  for (const o of state.ordnance.filter((x) => x.turnsLeft === 0)) lines.push({ rule: "IP6.3", kind: "burnt-out", text: `${o.id} (${o.kind}) burns out`, ordnance: o.id });
  state.ordnance = state.ordnance.filter((o) => o.turnsLeft !== 0);
  // IP9.2: Earth's no-fire zone lasts until every ship has left it.
  if (state.noFireZone && !state.ships.some((s) => inPlay(s) && lengthTo(s.pos) <= 2)) {
    state.noFireZone = false;
    lines.push({ rule: "IP9.2", kind: "no-fire-zone", text: "every ship has left Earth's zone: the no-fire zone ends" });
  }
  // IP9.4: each standing headquarters makes a kinetic buster every 10 turns.
  if (state.scenario === "hostile-takeover" && state.turn % 10 === 0) for (const b of Object.values(state.bases)) if (b.owner && !b.destroyed) b.busters++;
  const end = gameEnd(state);
  if (end) {
    state.ended = end;
    lines.push({ rule: "IP9.5", kind: "end", text: `game over: ${end.reason}`, winners: end.winners, draw: end.draw });
  }
  state.turn++;
}

const lengthTo = (h: { q: number; r: number }) => {
  const earth = BOARD.bodies.find((b) => b.name === "Earth")!.hex;
  return length({ q: h.q - earth.q, r: h.r - earth.r });
};
