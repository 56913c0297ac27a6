// Where a nation may place what it buys (R4.10, R9.2), for the map's purchase panel: every
// destination the engine's validation accepts for one more unit of each type, given the draft's
// earlier orders (money and factory output already spent), and the cost of each type; and each factory's
// room left, with the engine's refusal for one more unit at a factory that cannot take it. A place that
// would take the unit if the money allowed is not refused: it is listed apart, as short of money.
// A query of the ruleset (Ruleset.queries): pure, asked through the platform's askRules.
import {
  UNIT_TYPES,
  UNIT_STATS,
  factoryRoom,
  indexBoard,
  isPurchase,
  purchaseCost,
  validateOrder,
  type FactoryRoom,
  type Nation,
  type Order,
  type PurchaseOrder,
  type UnitType,
} from "../engine";
import { isStage, type State1942 } from "../phases/turn-so-far";

export interface Placement {
  destination: string;
  /** Ships: the factory territory they are built at. */
  from?: string;
  cost: number;
}

export interface PurchaseOptions {
  treasury: number;
  /** The treasury less the draft's purchases. */
  left: number;
  /** Legal places for one more unit of each type; empty when none (or nothing affordable). */
  placements: Record<UnitType, Placement[]>;
  /** Places that would take one more unit but the money left does not pay for it (R4.10): nothing refuses them. */
  unaffordable: Record<UnitType, Placement[]>;
  /** Land and air units (not a factory): the nation's factories that refuse one more whatever the money (room or output), with the engine's reason and rule id. */
  refused: Record<UnitType, (Placement & { refusal: string })[]>;
  /** Each factory's room left this turn (R4.10, or R9.2 under its house rule). */
  factories: FactoryRoom[];
}

/** Nothing is bought outside the orders phase (R3.1): no phase open, or a battle or post-combat stage. */
export function purchaseOptions(state: State1942 | undefined, nation: Nation, earlier: Order[]): PurchaseOptions {
  const none = <T>() => Object.fromEntries(UNIT_TYPES.map((t) => [t, []])) as unknown as Record<UnitType, T[]>;
  const empty = none<Placement>();
  if (!state || isStage(state)) return { treasury: 0, left: 0, placements: empty, unaffordable: none(), refused: none(), factories: [] };
  const board = indexBoard(state.board);
  const land = state.board.territories.filter((t) => t.kind === "land").map((t) => t.id);
  const sea = state.board.territories.filter((t) => t.kind === "sea").map((t) => t.id);
  const placements = none<Placement>();
  const unaffordable = none<Placement>();
  const refused = none<Placement & { refusal: string }>();
  const factories = factoryRoom(state, nation, earlier);
  const vc = state.houseRules?.vcInfantry === true;
  const spent = earlier.filter(isPurchase).reduce((sum, o) => sum + purchaseCost(state, o), 0);
  const left = state.treasury[nation] - spent;
  // The same checks with money no object: what refuses a place other than the money (R4.10).
  const rich = { ...state, treasury: { ...state.treasury, [nation]: spent + 1_000_000 } };
  const place = (p: PurchaseOrder): Placement => ({ destination: p.destination, ...(p.from ? { from: p.from } : {}), cost: purchaseCost(state, p) });
  const byPlace = (a: Placement, b: Placement) => a.destination.localeCompare(b.destination) || (a.from ?? "").localeCompare(b.from ?? "");
  for (const type of UNIT_TYPES) {
    const probes: PurchaseOrder[] =
      UNIT_STATS[type].medium === "sea"
        ? sea.flatMap((zone) => board.neighbours(zone).filter((t) => board.isLand(t)).map((from) => ({ id: "\u0000probe", type, count: 1, destination: zone, from })))
        : land.map((destination) => ({ id: "\u0000probe", type, count: 1, destination }));
    for (const p of probes) {
      if (validateOrder(state, nation, p, earlier).ok) placements[type].push(place(p));
      else if (purchaseCost(state, p) > left && validateOrder(rich, nation, p, earlier).ok) unaffordable[type].push(place(p));
    }
    placements[type].sort(byPlace);
    unaffordable[type].sort(byPlace);
    // Land and air units go to a factory (R4.10), except infantry under R9.2 (raised at victory cities).
    if (UNIT_STATS[type].medium !== "sea" && type !== "factory" && !(vc && type === "infantry"))
      for (const f of factories) {
        const probe: PurchaseOrder = { id: "\u0000probe", type, count: 1, destination: f.territory };
        const result = validateOrder(rich, nation, probe, earlier);
        if (!result.ok) refused[type].push({ ...place(probe), refusal: result.message });
      }
  }
  return { treasury: state.treasury[nation], left, placements, unaffordable, refused, factories };
}
