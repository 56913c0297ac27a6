// Builds full Triple Alliance states from the corpus' compact JSON: an open 2000 × 2000 mm table
// unless areas or lines are given; sides paraguay (team Paraguay), brazil and argentina (team Allies);
// every unit field a case leaves out takes a plain default (trained infantry with muskets in line
// facing north, no hits).
import type { Pt } from "../../../server/rulesets/triple-alliance/geometry";
import type { Arm, Area, General, Line, Melee, Nation, State, Unit } from "../../../server/rulesets/triple-alliance/types";

type XY = [number, number];
const pt = (p: XY): Pt => ({ x: p[0], y: p[1] });

export interface UnitFixture extends Partial<Omit<Unit, "pos">> {
  id: string;
  side: string;
  pos: XY;
}
export interface StateFixture {
  width?: number;
  height?: number;
  areas?: { kind: Area["kind"]; name?: string; poly: XY[] }[];
  lines?: { kind: Line["kind"]; name?: string; width?: number; points: XY[] }[];
  units?: UnitFixture[];
  generals?: (Omit<General, "pos" | "name"> & { pos: XY; name?: string })[];
  melees?: Melee[];
  turn?: number;
  turnLimit?: number;
  breakFraction?: number;
  inflicted?: Record<string, number>;
}

const NATION: Record<string, Nation> = { paraguay: "Paraguay", brazil: "Brazil", argentina: "Argentina" };
const WEAPON = { infantry: "musket", cavalry: "none", artillery: "smoothbore" } as const;

export function buildState(f: StateFixture): State {
  const teams = { paraguay: "Paraguay", brazil: "Allies", argentina: "Allies" };
  const units: Unit[] = (f.units ?? []).map((u) => {
    const arm: Arm = u.arm ?? "infantry";
    return {
      name: u.id,
      nation: NATION[u.side] ?? "Paraguay",
      arm,
      weapon: WEAPON[arm],
      rating: "trained",
      formation: arm === "artillery" ? "unlimbered" : "line",
      facing: 90,
      hits: 0,
      ...u,
      pos: pt(u.pos),
    };
  });
  const startUnits: Record<string, number> = { Paraguay: 0, Allies: 0 };
  for (const u of units) startUnits[teams[u.side as keyof typeof teams]] = (startUnits[teams[u.side as keyof typeof teams]] ?? 0) + 1;
  return {
    ruleset: "triple-alliance",
    scenario: "corpus",
    turn: f.turn ?? 1,
    turnLimit: f.turnLimit ?? 20,
    breakFraction: f.breakFraction ?? 0,
    battlefield: {
      id: "corpus",
      name: "corpus table",
      width: f.width ?? 2000,
      height: f.height ?? 2000,
      areas: (f.areas ?? []).map((a) => ({ kind: a.kind, name: a.name, poly: a.poly.map(pt) })),
      lines: (f.lines ?? []).map((l) => ({ kind: l.kind, name: l.name, width: l.width, points: l.points.map(pt) })),
    },
    sides: ["paraguay", "brazil", "argentina"],
    teams,
    units,
    generals: (f.generals ?? []).map((g) => ({ name: g.id, ...g, pos: pt(g.pos) })),
    melees: f.melees ?? [],
    startUnits,
    inflicted: { Paraguay: 0, Allies: 0, ...f.inflicted },
  };
}
