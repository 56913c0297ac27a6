// A robot (R3.2) plays a nation through the same engine functions a player's browser uses:
// legalDestinations to see where a group may go, validateOrder before keeping an order, and battle
// resolution to estimate the odds of an attack. Deterministic for a given state, nation and seed.
import {


  diceStream,
  fightBattle,
  indexBoard,
  legalDestinations,
  openBattle,
  teamOf,
  validateOrder,
  type GameState,
  type Nation,
  type Order,
  type Unit,
  type UnitType,
} from "../engine";

const LAND: UnitType[] = ["infantry", "artillery", "armour"];
const AIR: UnitType[] = ["fighter", "bomber"];

function groupsOf(state: GameState, nation: Nation): Map<string, Map<UnitType, Unit[]>> {
  const out = new Map<string, Map<UnitType, Unit[]>>();
  for (const u of state.units) {
    if (u.nation !== nation || u.aboard !== undefined || !(LAND.includes(u.type) || AIR.includes(u.type))) continue;
    let here = out.get(u.at);
    if (!here) out.set(u.at, (here = new Map()));
    here.set(u.type, [...(here.get(u.type) ?? []), u]);
  }
  return out;
}

function hostileUnitsAt(state: GameState, nation: Nation, t: string): Unit[] {
  return state.units.filter((u) => u.at === t && u.aboard === undefined && teamOf(u.nation) !== teamOf(nation) && u.type !== "aaGun" && u.type !== "factory");
}

/** Chance the attackers win, estimated by fighting the battle a few times with the engine (R6). */
export function attackOdds(attackers: Unit[], defenders: Unit[], seed: string, trials = 6): number {
  if (defenders.length === 0) return 1;
  let wins = 0;
  for (let i = 0; i < trials; i++) {
    const battle = openBattle({
      territory: "estimate",
      pass: "land",
      lowLuck: false,
      units: [
        ...attackers.map((u) => ({ id: u.id, nation: u.nation, type: u.type, team: teamOf(u.nation), attacking: true, cargo: [] })),
        ...defenders.map((u) => ({ id: u.id, nation: u.nation, type: u.type, team: teamOf(u.nation), attacking: false, cargo: [] })),
      ],
    });
    const end = fightBattle(battle, (name) => diceStream(`${seed}|${i}`, name));
    const team = teamOf(attackers[0]!.nation);
    if (end.winner === team && end.units.some((u) => u.team === team && u.status === "in" && LAND.includes(u.type))) wins++;
  }
  return wins / trials;
}

/** Purchases: at the capital's factory first, infantry with some armour, within treasury and limits (R4.10). */
function buy(state: GameState, nation: Nation, orders: Order[], seed: string): void {
  const board = indexBoard(state.board);
  const factories = state.units.filter((u) => u.type === "factory" && state.owners[u.at] === nation).map((u) => u.at);
  const capital = board.capitalOf(nation);
  factories.sort((a, b) => (a === capital ? -1 : b === capital ? 1 : board.value(b) - board.value(a)));
  const rng = diceStream(seed, `buy|${nation}`);
  let n = 0;
  for (const at of factories) {
    for (let tries = 0; tries < 20; tries++) {
      const type: UnitType = rng.d6() <= 2 ? "armour" : "infantry";
      const order: Order = { id: `buy-${n}`, type, count: 1, destination: at };
      if (validateOrder(state, nation, order, orders).ok) {
        orders.push(order);
        n++;
        continue;
      }
      const cheap: Order = { id: `buy-${n}`, type: "infantry", count: 1, destination: at };
      if (!validateOrder(state, nation, cheap, orders).ok) break;
      orders.push(cheap);
      n++;
    }
  }
}

export function robotOrders(state: GameState, nation: Nation, seed: string): Order[] {
  const board = indexBoard(state.board);
  const orders: Order[] = [];
  const groups = groupsOf(state, nation);
  const guard = new Set<string>();
  // Defend factories (the capital's among them) that hostile land units next door could reach: their garrisons stay.
  for (const u of state.units.filter((x) => x.type === "factory" && state.owners[x.at] === nation)) {
    const threat = board.neighbours(u.at).some((n) => hostileUnitsAt(state, nation, n).some((h) => LAND.includes(h.type)));
    if (threat) guard.add(u.at);
  }
  // Attack where the odds favour it: every group that may legally reach a hostile territory joins.
  const targets = board.ids.filter((t) => board.isLand(t) && state.owners[t] && teamOf(state.owners[t]!) !== teamOf(nation));
  // Where each whole group may go (asked once per group; each order is validated again when kept).
  const reach = new Map<string, Map<string, string[]>>();
  for (const [from, byType] of groups)
    for (const [type, units] of byType)
      reach.set(`${from}|${type}`, new Map(legalDestinations(state, nation, { from, units: { [type]: units.length } }).map((d) => [d.territory, d.path])));
  const busy = new Set<string>();
  let n = 0;
  for (const target of targets) {
    const joining: { from: string; type: UnitType; units: Unit[]; path: string[] }[] = [];
    for (const [from, byType] of groups) {
      if (guard.has(from)) continue;
      for (const [type, units] of byType) {
        if (busy.has(`${from}|${type}`)) continue;
        const path = reach.get(`${from}|${type}`)?.get(target);
        if (path) joining.push({ from, type, units, path });
      }
    }
    const attackers = joining.flatMap((j) => j.units);
    if (!attackers.some((u) => LAND.includes(u.type))) continue;
    const defenders = hostileUnitsAt(state, nation, target);
    if (attackOdds(attackers, defenders, `${seed}|${target}`) < 0.6) continue;
    for (const j of joining) {
      const order: Order = { id: `move-${n++}`, units: { [j.type]: j.units.length }, from: j.from, path: j.path };
      if (!validateOrder(state, nation, order, orders).ok) continue;
      orders.push(order);
      busy.add(`${j.from}|${j.type}`);
    }
  }
  // Land units left idle step toward the nearest hostile territory, keeping garrisons at home.
  for (const [from, byType] of groups) {
    if (guard.has(from)) continue;
    for (const type of LAND) {
      const units = byType.get(type) ?? [];
      if (units.length === 0 || busy.has(`${from}|${type}`)) continue;
      const forward = [...(reach.get(`${from}|${type}`) ?? [])].find(
        ([t, path]) => path.length === 1 && !targets.includes(t) && board.neighbours(t).some((x) => targets.includes(x)),
      );
      if (!forward) continue;
      const order: Order = { id: `move-${n++}`, units: { [type]: units.length }, from, path: forward[1] };
      if (validateOrder(state, nation, order, orders).ok) orders.push(order);
    }
  }
  buy(state, nation, orders, seed);
  return orders;
}

