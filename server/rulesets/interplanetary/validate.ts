// IP2.1, IP2.2: whether one side's batch of orders is legal. Illegal input is a value naming the rule.
import type { Validation } from "../ruleset";
import { BOARD } from "./board";
import { workingGuns } from "./damage";
import { isDir, key, length, add, DIR_VECTORS, type Dir } from "./hex";
import { ORDNANCE } from "./ordnance-data";
import { baseServes, inNoFireZone, inPlay } from "./ships";
import { ORDNANCE_KINDS, type OrdnanceKind, type Orders, type PendingGravity, type State } from "./types";

const SHIP_ORDER_KEYS = ["burn", "gravity", "takeoff", "land", "launch", "fire"];
const ORDNANCE_ORDER_KEYS = ["burn", "gravity", "target", "hold"];
const LAUNCH_KEYS = ["kind", "burns", "target", "hold"];
const bad = (rule: string, message: string): Validation => ({ ok: false, rule, message: `${message} (${rule})` });
const isObject = (x: unknown): x is Record<string, unknown> => typeof x === "object" && x !== null && !Array.isArray(x);

function checkGravity(pending: PendingGravity[], choices: unknown, who: string): Validation | null {
  if (choices === undefined) return null;
  if (!isObject(choices)) return bad("IP4.3", `${who}: gravity choices must be an object by hex`);
  for (const [hex, choice] of Object.entries(choices)) {
    const p = pending.find((x) => x.hex === hex);
    if (!p) return bad("IP4.1", `${who} felt no gravity from hex ${hex} last turn`);
    if (choice === "ignore") {
      if (!p.weak) return bad("IP4.3", `${who} cannot ignore hex ${hex}: only weak gravity may be ignored`);
      if (p.forced) return bad("IP4.3", `${who} cannot ignore hex ${hex}: the second of two weak hexes in a row must apply`);
    } else if (!isDir(choice) || !p.arrows.includes(choice)) return bad("IP4.4", `${who}: hex ${hex} has no arrow ${String(choice)}`);
  }
  return null;
}

/** IP6.4, IP6.6: a weapon's target is an enemy ship or piece of ordnance; hold is true or absent. */
function checkAim(state: State, side: string, aim: { target?: unknown; hold?: unknown }, who: string): Validation | null {
  if (aim.target !== undefined) {
    const known = state.ships.some((s) => s.id === aim.target && s.side !== side) || state.ordnance.some((x) => x.id === aim.target && x.side !== side);
    if (!known) return bad("IP6.6", `${who}: ${String(aim.target)} is not an enemy ship or ordnance`);
  }
  if (aim.hold !== undefined && typeof aim.hold !== "boolean") return bad("IP6.6", `${who}: hold is true, false or absent`);
  return null;
}

export function validateOrders(state: State, side: string, orders: unknown): Validation {
  if (state.ended) return bad("IP9.5", "the game is over");
  if (!state.sides.includes(side)) return bad("IP2.1", `${side} is not a side of this game`);
  if (!isObject(orders)) return bad("IP2.1", "orders must be an object with ships and ordnance");
  const o = orders as Orders;
  if (o.ships !== undefined && !isObject(o.ships)) return bad("IP2.1", "ships must be an object by ship id");
  if (o.ordnance !== undefined && !isObject(o.ordnance)) return bad("IP2.1", "ordnance must be an object by ordnance id");
  const unknownTop = Object.keys(o).find((k) => k !== "ships" && k !== "ordnance");
  if (unknownTop) return bad("IP2.1", `unknown field "${unknownTop}": orders have ships and ordnance`);
  for (const [id, so] of Object.entries(o.ships ?? {})) {
    const ship = state.ships.find((s) => s.id === id);
    if (!ship || ship.side !== side) return bad("IP2.1", `${side} has no ship ${id}`);
    if (!inPlay(ship)) return bad("IP2.1", `${id} is out of play`);
    if (!isObject(so)) return bad("IP2.1", `${id}: orders must be an object`);
    const unknownShip = Object.keys(so).find((k) => !SHIP_ORDER_KEYS.includes(k));
    if (unknownShip) return bad("IP2.1", `${id}: unknown order "${unknownShip}"`);
    if ((so.takeoff || so.land) && so.launch) return bad("IP6.1", `${id}: a ship taking off or landing launches nothing this turn`);
    if (ship.status === "landed" && Array.isArray(so.fire) && so.fire.length > 0) return bad("IP5.5", `${id} is landed and cannot fire`);
    const g = checkGravity(ship.pending, so.gravity, id);
    if (g) return g;
    if (so.burn !== undefined) {
      if (!isDir(so.burn)) return bad("IP3.2", `${id}: a burn is one of E, NE, NW, W, SW, SE`);
      if (ship.status === "landed") return bad("IP5.2", `${id} is landed: it takes off, it cannot burn`);
      if (ship.fuel < 1) return bad("IP3.2", `${id} has no fuel to burn`);
      if (ship.disabled > 0) return bad("IP7.6", `${id} is disabled and cannot burn`);
    }
    if (so.takeoff !== undefined && so.takeoff !== false) {
      if (so.takeoff !== true) return bad("IP5.2", `${id}: takeoff is true or absent`);
      if (ship.status !== "landed") return bad("IP5.2", `${id} is not landed`);
      if (so.land || so.burn) return bad("IP5.2", `${id}: a ship taking off neither burns nor lands this turn`);
    }
    if (so.land !== undefined && so.land !== false) {
      if (so.land !== true) return bad("IP5.3", `${id}: land is true or absent`);
      const base = [...BOARD.bases.values()].find((b) => b.kind === "planet" && key(b.hex) === key(ship.pos) && b.body === ship.orbit);
      if (ship.status !== "flying" || !base) return bad("IP5.3", `${id} must be in orbit above a planet base to land`);
      if (!baseServes(state, base.id, side)) return bad("IP8.1", `${id} cannot land at ${base.name}: closed to ${side}`);
      if (ship.fuel < 1) return bad("IP5.3", `${id} needs one fuel to land`);
      if (ship.disabled > 0) return bad("IP7.6", `${id} is disabled and cannot land`);
      if (so.burn) return bad("IP5.3", `${id}: landing is this turn's burn`);
    }
    if (so.launch !== undefined) {
      const l = so.launch;
      if (!isObject(l) || !ORDNANCE_KINDS.includes(l.kind as OrdnanceKind)) return bad("IP6.2", `${id}: launch names a kind: ${ORDNANCE_KINDS.join(", ")}`);
      const kind = l.kind as OrdnanceKind;
      const unknownLaunch = Object.keys(l).find((k) => !LAUNCH_KEYS.includes(k));
      if (unknownLaunch) return bad("IP2.1", `${id}: unknown launch field "${unknownLaunch}"`);
      const aim = checkAim(state, side, l, `${id}'s ${kind}`);
      if (aim) return aim;
      if (ship.status !== "flying") return bad("IP6.1", `${id} must be in space to launch`);
      if (ship.stock[kind] < 1) return bad("IP6.1", `${id} carries no ${l.kind}`);
      if (ship.hp.launchers < 1) return bad("IP7.7", `${id}'s launchers are destroyed`);
      if (inNoFireZone(state, ship.pos)) return bad("IP9.2", `${id} is in Earth's no-fire zone`);
      const burns = l.burns ?? [];
      if (!Array.isArray(burns) || !burns.every(isDir)) return bad("IP6.2", `${id}: launch burns are directions`);
      const spec = ORDNANCE[kind];
      if (burns.length > spec.launchThrust + Math.min(spec.fuel, 1)) return bad("IP6.2", `${id}: a ${kind} can burn ${spec.launchThrust + Math.min(spec.fuel, 1)} at launch`);
      if (kind === "buster") {
        const v = (burns as Dir[]).reduce((acc, d) => add(acc, DIR_VECTORS[d]), ship.vel);
        if (length(v) < 3) return bad("IP6.8", `${id}: a kinetic buster must be launched at speed 3 or more`);
      }
    }
    if (so.fire !== undefined) {
      if (!Array.isArray(so.fire)) return bad("IP7.1", `${id}: fire is a list of targets, one per gun`);
      if (so.fire.length > 0 && ship.disabled > 0) return bad("IP7.6", `${id} is disabled and cannot fire`);
      if (so.fire.length > workingGuns(ship)) return bad("IP7.1", `${id} has ${workingGuns(ship)} working gun(s)`);
      for (const t of so.fire) {
        const target = state.ships.find((s) => s.id === t);
        if (!target || target.side === side || !inPlay(target)) return bad("IP7.1", `${id}: ${String(t)} is not an enemy ship in play`);
        if (inNoFireZone(state, ship.pos) || inNoFireZone(state, target.pos)) return bad("IP9.2", `${id}: no fire into or out of Earth's no-fire zone`);
      }
    }
  }
  for (const [id, oo] of Object.entries(o.ordnance ?? {})) {
    const ord = state.ordnance.find((x) => x.id === id);
    if (!ord || ord.side !== side) return bad("IP6.1", `${side} has no ordnance ${id}`);
    if (!isObject(oo)) return bad("IP6.1", `${id}: orders must be an object`);
    const unknownOrd = Object.keys(oo).find((k) => !ORDNANCE_ORDER_KEYS.includes(k));
    if (unknownOrd) return bad("IP2.1", `${id}: unknown order "${unknownOrd}"`);
    const g = checkGravity(ord.pending, oo.gravity, id);
    if (g) return g;
    if (oo.burn !== undefined) {
      if (!isDir(oo.burn)) return bad("IP6.2", `${id}: a burn is a direction`);
      if (ord.fuel < 1) return bad("IP6.2", `${id} (${ord.kind}) has no fuel to burn`);
    }
    const aim = checkAim(state, side, oo, id);
    if (aim) return aim;
  }
  return { ok: true };
}
