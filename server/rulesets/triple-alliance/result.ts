// The end of a battle (TA9.2, TA9.3).
import type { State } from "./types";

export const teamsOf = (s: State): string[] => [...new Set(s.sides.map((side) => s.teams[side]!))].sort();
export const sidesOfTeams = (s: State, teams: string[]): string[] => s.sides.filter((side) => teams.includes(s.teams[side]!));

export function checkEnd(s: State): void {
  const teams = teamsOf(s);
  const left = (team: string) => s.units.filter((u) => s.teams[u.side] === team).length;
  const broken = teams.filter((t) => left(t) === 0 || left(t) <= (s.startUnits[t] ?? 0) * s.breakFraction);
  if (broken.length > 0) {
    const standing = teams.filter((t) => !broken.includes(t));
    s.ended = standing.length === 0
      ? { winners: [], draw: true, reason: `every army broke (TA9.2)` }
      : { winners: sidesOfTeams(s, standing), draw: false, reason: `${broken.join(", ")} broke (TA9.2)` };
    return;
  }
  if (s.turn > s.turnLimit) {
    const score = (t: string) => s.inflicted[t] ?? 0;
    const best = Math.max(...teams.map(score));
    const top = teams.filter((t) => score(t) === best);
    s.ended = top.length > 1
      ? { winners: [], draw: true, reason: `the last turn passed with equal hits inflicted (TA9.3)` }
      : { winners: sidesOfTeams(s, top), draw: false, reason: `${top[0]} inflicted more hits by the last turn (TA9.3)` };
  }
}
