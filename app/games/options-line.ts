// The options line of a game played a phase at a time (the Sides tab), as a classic 1942 game's
// Nations tab writes it: the orders' and decisions' hours, then the ruleset's own options the game was
// made with, by their names (Ruleset.options), knowing none of them: a flag on is its name, a number
// or word its name and value, anything else (1942's house rules) its name.
import type { RulesetGameView } from "../../server/services/ruleset-games/read";
import { durationText } from "../components/battle-format";

function ruleText({ name, value }: RulesetGameView["game"]["rules"][number]): string | null {
  const words = name.toLowerCase();
  if (value === false || value === null || value === "") return null;
  if (value === true) return words;
  if (typeof value === "number" || typeof value === "string") return `${words} ${value}`;
  // An object of settings (house rules) counts when one of them is set.
  return typeof value === "object" && Object.values(value).some((v) => v !== false && v !== null && v !== undefined) ? words : null;
}

export function optionsLine(game: Pick<RulesetGameView["game"], "ordersHours" | "decisionHours" | "rules">): string {
  const rules = game.rules.map(ruleText).filter((t): t is string => t !== null);
  return [`orders ${durationText(game.ordersHours)}`, `decisions ${durationText(game.decisionHours)}`, ...rules].join(", ");
}
