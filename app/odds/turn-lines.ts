// The lines of the whole-turn odds a draft shows (issue 24): every attack succeeding, each attack
// (the territory taken, the sea battle won) and the own capital kept. The attacks are the turn's own
// battles as turnOdds finds them from the draft (a raid fights no battle, R5.4; a landing on an empty
// coast captures), so the worker derives the lines and prices them in one go (turn-price.ts).
import { attackSuccess, type Objective } from "../../server/rulesets/1942/engine/odds/turn-objectives";
import { teamOf } from "../../server/rulesets/1942/engine/teams";
import type { Nation, Team } from "../../server/rulesets/1942/engine/types";

export interface TurnLine {
  key: string;
  label: string;
  objective: Objective;
}

/** A battle of the turn as turnOdds lists it. */
export interface TurnBattleLike {
  territory: string;
  pass: "sea" | "land";
  attacker: Team;
}

/** The draft's lines: all its attacks together (with more than one), each attack, and the capital kept. */
export function turnLines(battles: readonly TurnBattleLike[], nation: Nation, capital: string | undefined): TurnLine[] {
  const team = teamOf(nation);
  const attacks = battles.filter((b) => b.attacker === team);
  const lines: TurnLine[] = [];
  if (attacks.length > 1) lines.push({ key: "all", label: `All ${attacks.length} attacks succeed`, objective: { and: attacks.map(attackSuccess) } });
  for (const b of attacks) lines.push({ key: b.territory, label: `${b.pass === "sea" ? "Win at" : "Take"} ${b.territory}`, objective: attackSuccess(b) });
  if (capital) lines.push({ key: `keep:${capital}`, label: `Keep ${capital}`, objective: { owned: capital, team } });
  return lines;
}
