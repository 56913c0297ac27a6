// The robots' sea scenarios share one small board: the United Kingdom is an island, and its troops
// reach German coast G only by transport from S1 through S2.
import type { MoveOrder, Nation, Order } from "../../server/rulesets/1942/engine";

export type Stack = { nation: Nation; type: string; at: string; count: number };

export const ISLAND_BOARD = {
  territories: [
    { id: "U", kind: "land", value: 8, owner: "United Kingdom", capitalOf: "United Kingdom" },
    { id: "G", kind: "land", value: 3, owner: "Germany" },
    { id: "H", kind: "land", value: 8, owner: "Germany", capitalOf: "Germany" },
    { id: "S1", kind: "sea" },
    { id: "S2", kind: "sea" },
    { id: "S3", kind: "sea" },
  ],
  edges: [["U", "S1"], ["S1", "S2"], ["S2", "G"], ["G", "H"], ["S2", "S3"], ["S3", "H"]],
};

/** The island's factory, troops and transports. */
export const ISLAND: Stack[] = [
  { nation: "United Kingdom", type: "factory", at: "U", count: 1 },
  { nation: "United Kingdom", type: "infantry", at: "U", count: 2 },
  { nation: "United Kingdom", type: "armour", at: "U", count: 2 },
  { nation: "United Kingdom", type: "transport", at: "S1", count: 2 },
];

export const moves = (orders: Order[]) => orders.filter((o): o is MoveOrder => "path" in o);
/** Where a move ends. */
export const endsIn = (o: MoveOrder) => (o.path.length > 0 ? o.path[o.path.length - 1]! : o.from);
