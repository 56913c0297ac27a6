// Each air unit's landing as the post-combat panel holds it (R7.1, R7.4): one pick per aircraft,
// grouped by type and where it fought, turned into the landings the API takes.
import type { UnitType } from "../../../server/rulesets/1942/engine/types";
import { unitName } from "../../components/format";
import type { Aircraft } from "./map/landing-map";
import type { AirChoice, Landing, Mine } from "./post-combat-port";

/** One select per air unit, keyed by group and index; values are destinations ("" = the default). */
export type Picks = Record<string, string[]>;

/** The aircraft selected on the map: its group and its place in the group. */
export type Selected = { key: string; index: number };

export function groupKey(a: { type: string; from: string }): string {
  return `${a.type}|${a.from}`;
}

/** Start from the saved landings, else the default landing of each unit. */
export function initialPicks(air: AirChoice[], saved: Mine["landings"]): Picks {
  const picks: Picks = {};
  for (const a of air) {
    const mine = saved.filter((l) => l.type === a.type && l.from === a.from).flatMap((l) => Array<string>(l.count).fill(l.to));
    const defaults = a.defaults.flatMap((d) => Array<string>(d.count).fill(d.to ?? ""));
    picks[groupKey(a)] = Array.from({ length: a.count }, (_, i) => mine[i] ?? defaults[i] ?? "");
  }
  return picks;
}

export function toLandings(air: AirChoice[], picks: Picks): Landing[] {
  const out: Landing[] = [];
  for (const a of air) {
    const counts = new Map<string, number>();
    for (const to of picks[groupKey(a)] ?? []) if (to) counts.set(to, (counts.get(to) ?? 0) + 1);
    for (const [to, count] of counts) out.push({ type: a.type === "bomber" ? "bomber" : "fighter", from: a.from, to, count });
  }
  return out;
}

/** Every aircraft that must land, one by one, with its current pick. */
export function aircraftOf(air: AirChoice[], picks: Picks): Aircraft[] {
  return air.flatMap((a) =>
    Array.from({ length: a.count }, (_, index) => ({ type: a.type, from: a.from, index, to: picks[groupKey(a)]?.[index] ?? "", destinations: a.destinations.map((d) => d.to) })),
  );
}

/** An aircraft is named by where it fought ("fighter from Karelia S.S.R."): those of one group are alike. */
export function airName(a: { type: string; from: string }): string {
  return `${unitName(a.type as UnitType)} from ${a.from}`;
}
