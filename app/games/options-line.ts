// The options line of a game played a phase at a time (the Sides tab), as the lobby writes it: the
// orders' hours, the decisions' when the ruleset has phases of decisions, the platform's options
// (press, daily deadlines, robots: platform-options-text.ts, the lobby's writer too), then the
// ruleset's own options the game was made with, by their names (Ruleset.options), knowing none of
// them, and last the options about players (rated, excused misses, vacations, what joining takes): a flag on is its name, a number or word its name and value, a group of settings each
// setting set by the words its option gives it (1942's house rules, as the lobby names them).
import type { RulesetGameView } from "../../server/services/ruleset-games/read";
import { deadlinesText, platformOptionsText, playerOptionsText } from "./platform-options-text";

/** The settings of a group that are set, each by its words; a number or word follows them ("minor victory after turn 5"). */
export function settingsText(words: Readonly<Record<string, string>>, value: Record<string, unknown>): string[] {
  return Object.entries(words).flatMap(([id, text]) => {
    const v = value[id];
    if (v === undefined || v === null || v === false || v === "") return [];
    return [v === true ? text : `${text} ${String(v)}`];
  });
}

function ruleText({ name, value, parts }: RulesetGameView["game"]["rules"][number]): string[] {
  const words = name.toLowerCase();
  if (value === false || value === null || value === "") return [];
  if (value === true) return [words];
  if (typeof value === "number" || typeof value === "string") return [`${words} ${value}`];
  if (typeof value !== "object" || Array.isArray(value)) return [];
  if (parts) return settingsText(parts, value);
  // A group of settings whose option names none of them counts when one of them is set.
  return Object.values(value).some((v) => v !== false && v !== null && v !== undefined) ? [words] : [];
}

/** As the lobby writes it (lobby-game.ts optionsText): the hours, the platform's options, the game's rules, the options about players. */
export function optionsLine(game: Pick<RulesetGameView["game"], "ordersHours" | "decisionHours" | "decides" | "rules" | "ordersAt" | "decisionsAt" | "platform">): string {
  const platform = { ...game.platform, ordersAt: game.ordersAt, decisionsAt: game.decisionsAt };
  return [...deadlinesText(game.ordersHours, game.decisionHours, game.decides), ...platformOptionsText(platform), ...game.rules.flatMap(ruleText), ...playerOptionsText(platform)].join(", ");
}
