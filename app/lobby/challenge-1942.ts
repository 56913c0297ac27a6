// What the lobby's 1942 form sends: a challenge of the 1942 ruleset through play.create, so every new
// 1942 game is played a phase at a time (docs/platform.md, "1942 on the generic services"). Pure: the
// form's choices in, play.create's input (or the form's own refusal) out, so a service test sends
// exactly what the form sends.
import { NATIONS, type Nation } from "../../server/rulesets/1942/engine/types";
import type { SeatChoice } from "./seat-choices";
import type { PlayerOptions } from "./player-options";
import type { PressMode } from "./press-choice";

/** The 1942 ruleset's one scenario (server/rulesets/1942/index.ts): the whole board, five nations. */
export const STANDARD_1942 = "standard";

export interface HouseRuleChoice {
  victoryCities: boolean;
  vcInfantry: boolean;
  commerceRaiding: boolean;
}

export interface Form1942 {
  name: string;
  seats: Record<Nation, SeatChoice>;
  /** Invited bots by nation, as bot-invite.ts gives them. */
  bots: { nation: Nation; player: string }[];
  ordersHours: string;
  decisionHours: string;
  lowLuck: boolean;
  houseRules: HouseRuleChoice;
  /** The minor-victory turn as typed ("" = never). */
  minorVictoryTurn: string;
  robotsHold: boolean;
  robotTakeover: number;
  ordersAt?: { time: string; zone: string };
  decisionsAt?: { time: string; zone: string };
  press: PressMode;
  anonymous: boolean;
  players: PlayerOptions;
}

/** play.create's input for the form's choices, or what the player must fix first. */
export function challenge1942(f: Form1942) {
  const mine = NATIONS.filter((n) => f.seats[n] === "me");
  const robots = NATIONS.filter((n) => f.seats[n] === "robot");
  if (!f.name.trim()) return { error: "Give the game a name." };
  if (mine.length === 0) return { error: "Pick at least one nation to play (choose “Me”)." };
  const ordersHours = Number(f.ordersHours);
  const decisionHours = Number(f.decisionHours);
  if (!Number.isFinite(ordersHours) || !Number.isFinite(decisionHours) || ordersHours <= 0 || decisionHours <= 0) return { error: "Deadlines must be a number of hours above 0." };
  const minor = f.minorVictoryTurn.trim() === "" ? undefined : Number(f.minorVictoryTurn);
  if (minor !== undefined && (!Number.isInteger(minor) || minor < 1)) return { error: "The minor-victory turn must be a whole number from 1." };
  const houseRules = { ...f.houseRules, ...(minor !== undefined ? { minorVictoryTurn: minor } : {}) };
  // House rules all off are no house rules: the game stores none, as a classic game did.
  const anyHouseRule = Object.values(houseRules).some(Boolean);
  return {
    input: {
      name: f.name.trim(),
      ruleset: "1942",
      scenario: STANDARD_1942,
      seats: NATIONS.length,
      mine,
      robots,
      bots: f.bots.map((b) => ({ side: b.nation, player: b.player })),
      ordersHours,
      decisionHours,
      robotsHold: f.robotsHold,
      robotTakeover: f.robotTakeover,
      press: f.press,
      anonymous: f.anonymous,
      ...f.players,
      rules: { lowLuck: f.lowLuck, ...(anyHouseRule ? { houseRules } : {}) },
      ...(f.ordersAt ? { ordersAt: f.ordersAt } : {}),
      ...(f.decisionsAt ? { decisionsAt: f.decisionsAt } : {}),
    },
  };
}
