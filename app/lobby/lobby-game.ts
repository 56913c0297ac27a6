// A game as the lobby lists it, and the lines of text the lobby writes about it.
import type { Nation } from "../../server/rulesets/1942/engine/types";
import { durationText } from "../components/battle-format";
import { HOUSE_RULE_WORDS } from "../../server/rulesets/1942/options";
import { settingsText } from "../games/options-line";
import type { LobbyTurn } from "../../server/services/games";
import { pressText, type PressMode } from "./press-choice";
import type { BadgeSeat } from "../components/player-badge";
import { playerOptionsText, type PlayerOptionsOfGame } from "./player-options";

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
    robotsHold?: boolean;
    robotTakeover?: number;
    ordersAt?: { time: string; zone: string };
    decisionsAt?: { time: string; zone: string };
    houseRules?: { victoryCities?: boolean; minorVictoryTurn?: number; vcInfantry?: boolean; commerceRaiding?: boolean };
    press?: PressMode;
    anonymous?: boolean;
  } & PlayerOptionsOfGame;
  seats: LobbySeat[];
  turn?: LobbyTurn;
}

export function optionsText(g: LobbyGame): string {
  const o = g.options;
  const h = o.houseRules ?? {};
  const extras = [
    o.ordersAt ? `orders due daily at ${o.ordersAt.time} ${o.ordersAt.zone}` : "",
    o.decisionsAt ? `decisions due daily at ${o.decisionsAt.time} ${o.decisionsAt.zone}` : "",
    o.lowLuck ? "low luck" : "",
    o.robotsHold ? "practice robots" : "",
    o.robotTakeover ? `robot takes over after ${o.robotTakeover} missed` : "",
    ...settingsText(HOUSE_RULE_WORDS, h),
  ].filter(Boolean);
  const deadlines = g.ruleset === "1942" ? [`orders ${durationText(o.ordersHours)}`, `decisions ${durationText(o.decisionHours)}`] : [`orders ${durationText(o.ordersHours)}`];
  return [...deadlines, pressText(o), ...extras, ...playerOptionsText(o)].join(", ");
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
