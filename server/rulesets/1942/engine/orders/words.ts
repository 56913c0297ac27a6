// Plain words for players' messages.
import type { UnitCounts, UnitType } from "../types";
import { UNIT_TYPES } from "../types";

const NAMES: Record<UnitType, [string, string]> = {
  infantry: ["infantry", "infantry"],
  artillery: ["artillery", "artillery"],
  armour: ["armour", "armour"],
  aaGun: ["AA gun", "AA guns"],
  factory: ["factory", "factories"],
  fighter: ["fighter", "fighters"],
  bomber: ["bomber", "bombers"],
  transport: ["transport", "transports"],
  submarine: ["submarine", "submarines"],
  destroyer: ["destroyer", "destroyers"],
  cruiser: ["cruiser", "cruisers"],
  carrier: ["carrier", "carriers"],
  battleship: ["battleship", "battleships"],
};

export function unitName(type: UnitType, count = 1): string {
  return NAMES[type][count === 1 ? 0 : 1];
}

export function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** "2 infantry and 1 armour" */
export function describeCounts(counts: UnitCounts): string {
  const parts = UNIT_TYPES.filter((t) => (counts[t] ?? 0) > 0).map((t) => `${counts[t]} ${unitName(t, counts[t])}`);
  if (parts.length <= 1) return parts[0] ?? "no units";
  return `${parts.slice(0, -1).join(", ")} and ${parts[parts.length - 1]}`;
}

export function steps(n: number): string {
  return n === 1 ? "1 step" : `${n} steps`;
}
