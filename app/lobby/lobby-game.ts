// A game as the lobby lists it, and the lines of text the lobby writes about it.
import type { Nation } from "../../server/rulesets/1942/engine/types";
import { HOUSE_RULE_WORDS } from "../../server/rulesets/1942/options";
import { settingsText } from "../games/options-line";
import type { LobbyTurn } from "../../server/services/games";
import { deadlinesText, platformOptionsText, playerOptionsText, type PlatformOptionsShown } from "../games/platform-options-text";
import type { BadgeSeat } from "../components/player-badge";

export interface LobbySeat extends BadgeSeat {
  nation: Nation;
  player: string | null;
  robot: boolean;
  mine: boolean;
  /** An open seat reserved for an invited bot: its name. */
  reservedFor?: string;
}

export interface LobbyGame {
  id: number;
  name: string;
  /** Which game: its ruleset ("1942", "interplanetary", ...) and scenario, by name too. */
  ruleset: string;
  rulesetName: string;
  /** Null for a classic 1942 game (game.*); any game played a phase at a time names its scenario. */
  scenario: string | null;
  scenarioName: string | null;
  status: "open" | "active" | "finished";
  options: {
    lowLuck?: boolean;
    ordersHours: number;
    decisionHours: number;
    houseRules?: { victoryCities?: boolean; minorVictoryTurn?: number; vcInfantry?: boolean; commerceRaiding?: boolean };
  } & PlatformOptionsShown;
  seats: LobbySeat[];
  turn?: LobbyTurn;
}

/**
 * Where the lobby opens a game: a classic 1942 game (no scenario) has its page at /game/<id>, a game
 * played a phase at a time at /game/<id>/play, so no link goes through the redirect between them.
 */
export const gamePath = (g: Pick<LobbyGame, "id" | "scenario">): string => (g.scenario === null ? `/game/${g.id}` : `/game/${g.id}/play`);

/**
 * The lobby's options line, in the order a phased game's Sides tab writes it (options-line.ts): the
 * hours, the platform's options (platform-options-text.ts), 1942's own (low luck, house rules), then
 * the options about players.
 */
export function optionsText(g: LobbyGame): string {
  const o = g.options;
  const rules1942 = [o.lowLuck ? "low luck" : "", ...settingsText(HOUSE_RULE_WORDS, o.houseRules ?? {})].filter(Boolean);
  return [...deadlinesText(o.ordersHours, o.decisionHours, g.ruleset === "1942"), ...platformOptionsText(o), ...rules1942, ...playerOptionsText(o)].join(", ");
}

export function statusText(g: LobbyGame): string {
  if (g.status === "open") {
    const free = g.seats.filter((s) => !s.player && !s.robot).length;
    return `waiting for players (${free} ${free === 1 ? "seat" : "seats"} open)`;
  }
  return g.status === "active" ? "in play" : "finished";
}

export function seatText(s: LobbySeat): string {
  if (s.robot) return "robot";
  if (s.player) return s.mine ? `${s.player} (you)` : s.player;
  return "open";
}
