// The battles of the battle phase as marks on the map (R6): where each is fought, who fights (the
// attackers' nations and the defenders'), the round, whose decision it waits for, and the side whose
// odds the mark shows (the viewer's, else the attacker's). Pure: the markers layer draws these.
import { NATIONS, TEAMS, type Nation, type Team } from "../../../../server/rulesets/1942/engine/types";
import { teamOf } from "../../../../server/rulesets/1942/engine/teams";
import type { LiveBattle } from "../game-types";

export interface BattleMarkSide {
  team: Team;
  attacking: boolean;
  nations: Nation[];
}

export interface BattleMark {
  territory: string;
  sea: boolean;
  round: number;
  /** The attacking side first. */
  sides: BattleMarkSide[];
  /** A decision of the viewer's waits here. */
  mine: boolean;
  /** Whose chance the mark shows: the viewer's side when the viewer fights here, else the attacker's. */
  oddsFor: Team;
  attackerTeam: Team;
  label: string;
}

interface RequestLike {
  battle: string;
  round: number;
  mine: boolean;
}

/** Short names on the markers' chips; the full names are in the marker's label. */
export const NATION_SHORT: Record<Nation, string> = {
  Russia: "RUS",
  Germany: "GER",
  "United Kingdom": "UK",
  Japan: "JPN",
  "United States": "USA",
};

/** The round a battle is in: the round a waiting decision names, else the one under way, else the next after those fought. */
function roundOf(battle: LiveBattle, requests: readonly RequestLike[]): number {
  const asked = requests.filter((r) => r.battle === battle.territory).map((r) => r.round);
  if (asked.length > 0) return Math.max(...asked);
  return battle.current?.round ?? battle.rounds.length + 1;
}

export function battleMarks(battles: readonly LiveBattle[], requests: readonly RequestLike[], myNations: readonly Nation[]): BattleMark[] {
  return battles.map((b) => {
    const standing = b.units.filter((u) => u.status === "in");
    const fighters = standing.length > 0 ? standing : b.units;
    const attackerTeam = b.units.find((u) => u.attacking)?.team ?? "Axis";
    const sides = [attackerTeam, ...TEAMS.filter((t) => t !== attackerTeam)].map((team) => ({
      team,
      attacking: team === attackerTeam,
      nations: NATIONS.filter((n) => fighters.some((u) => u.team === team && u.nation === n)),
    }));
    const mine = requests.some((r) => r.battle === b.territory && r.mine);
    const myTeams = new Set(myNations.filter((n) => b.units.some((u) => u.nation === n)).map(teamOf));
    const oddsFor = myTeams.size === 1 ? [...myTeams][0]! : attackerTeam;
    const round = roundOf(b, requests);
    const who = (s: BattleMarkSide) => (s.nations.length ? s.nations.join(" and ") : `the ${s.team}`);
    const verb = sides[0]!.nations.length > 1 ? "attack" : "attacks";
    const label = `Battle in ${b.territory}: ${who(sides[0]!)} ${verb} ${who(sides[1]!)}, round ${round}${mine ? ", your decision needed" : ""}`;
    return { territory: b.territory, sea: b.pass === "sea", round, sides, mine, oddsFor, attackerTeam, label };
  });
}

/**
 * The casualties the odds from here count as taken: the defaults (R6.9) of the casualty choices still
 * open in the battle, as the Battles panel's "with the default" does. Hits this round whose choice is
 * sealed (R6.3) are not known yet, so those units still count.
 */
export function defaultPicks(territory: string, requests: readonly { battle: string; kind: string; default?: readonly number[] }[]): number[] {
  return requests.filter((r) => r.battle === territory && r.kind === "casualties").flatMap((r) => r.default ?? []);
}

/** What the odds on a mark mean: "to take" and "to hold" a land territory, "to win" at sea. */
export function goalWords(mark: Pick<BattleMark, "sea" | "oddsFor" | "attackerTeam">): string {
  if (mark.sea) return "to win";
  return mark.oddsFor === mark.attackerTeam ? "to take" : "to hold";
}
