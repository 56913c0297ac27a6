// R1.1 — nations, teams and the fixed tie-break order.
import { NATIONS, type Nation, type Team } from "./types";

const AXIS: ReadonlySet<Nation> = new Set<Nation>(["Germany", "Japan"]);

export function teamOf(nation: Nation): Team {
  return AXIS.has(nation) ? "Axis" : "Allies";
}

/** Teams present somewhere as bits (Axis 1, Allies 2, both 3): no set per territory when marking thousands. */
export const TEAM_BIT: Readonly<Record<Team, 1 | 2>> = { Axis: 1, Allies: 2 };
export const BOTH_TEAMS = 3;

export function otherTeam(team: Team): Team {
  return team === "Axis" ? "Allies" : "Axis";
}

export function isHostile(a: Nation, b: Nation): boolean {
  return teamOf(a) !== teamOf(b);
}

/** Position in the R1.1 order (Russia first). */
export function nationIndex(nation: Nation): number {
  return NATIONS.indexOf(nation);
}

export function isNation(value: string): value is Nation {
  return (NATIONS as readonly string[]).includes(value);
}

/** Compare by R1.1 order. */
export function byNationOrder(a: Nation, b: Nation): number {
  return nationIndex(a) - nationIndex(b);
}
