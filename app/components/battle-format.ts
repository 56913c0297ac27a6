// Words for battles (R6): sub-phases, dice, low luck, casualty choices, durations and rule ids.
// Pure and tRPC-free: used by the live game page and the history alike.
import type { ChoiceEntry, FireEntry, RoundRecord } from "../../server/rulesets/1942/engine/combat/battle";
import type { FireRecord } from "../../server/rulesets/1942/engine/combat/fire";
import { TEAMS, type Nation, type Team, type UnitCounts, type UnitType } from "../../server/rulesets/1942/engine/types";
import { countsText, unitName } from "./format";

export type { ChoiceEntry, FireEntry, RoundRecord };

/** A unit a record names by id, as far as the page knows it. */
export interface KnownUnit {
  nation: Nation;
  type: UnitType;
}

export const SUBPHASE_WORDS: Record<"bombardment" | "submarine" | "general" | "retreat", string> = {
  bombardment: "Bombardment",
  submarine: "Submarine strike",
  general: "General fire",
  retreat: "Submerge and withdraw",
};

/** Short unit names for dice, map badges and the replay: "inf", "arm", "ftr". */
const SHORT: Record<UnitType, string> = {
  infantry: "inf",
  artillery: "art",
  armour: "arm",
  aaGun: "AA",
  factory: "fac",
  fighter: "ftr",
  bomber: "bmr",
  transport: "trn",
  submarine: "sub",
  destroyer: "dst",
  cruiser: "crs",
  carrier: "car",
  battleship: "bb",
};

export function shortName(type: UnitType): string {
  return SHORT[type];
}

export function hitsText(n: number): string {
  return `${n} ${n === 1 ? "hit" : "hits"}`;
}

/**
 * R6.8 — low luck in words: "total 13: 2 sure hits; remainder 1, rolled 2 (needed ≤ 1): no extra hit".
 * Normal dice are shown one by one (see `diceOf`); this returns their summary.
 */
export function fireText(fire: FireRecord): string {
  if (fire.lowLuck) {
    const { total, sure, remainder, roll } = fire.lowLuck;
    const base = `total ${total}: ${sure} sure ${sure === 1 ? "hit" : "hits"}`;
    if (remainder === 0 || roll === undefined) return `${base}, no remainder`;
    return `${base}; remainder ${remainder}, rolled ${roll} (needed ≤ ${remainder}): ${roll <= remainder ? "1 more hit" : "no extra hit"}`;
  }
  const dice = fire.dice ?? [];
  if (dice.length === 0) return "nobody fired";
  return `${dice.length} ${dice.length === 1 ? "die" : "dice"}, ${hitsText(fire.hits)}`;
}

/** The normal dice of a fire record, one per firing unit: "inf 1 → 3" (fires at 1, rolled 3). */
export function diceOf(fire: FireRecord): { key: string; label: string; roll: number; value: number; hit: boolean; title: string }[] {
  return (fire.dice ?? []).map((d, i) => ({
    key: `${d.unit}-${i}`,
    label: shortName(d.type),
    roll: d.roll,
    value: d.value,
    hit: d.hit,
    title: `${d.nation} ${unitName(d.type)} fires at ${d.value}, rolled ${d.roll}: ${d.hit ? "hit" : "miss"}`,
  }));
}

/** Every unit the dice of these rounds name (normal dice only: low luck names no unit). */
export function unitsFromDice(rounds: readonly RoundRecord[], extra: readonly (FireRecord | undefined)[] = []): Map<number, KnownUnit> {
  const known = new Map<number, KnownUnit>();
  const take = (f: FireRecord | undefined) => {
    for (const d of f?.dice ?? []) known.set(d.unit, { nation: d.nation, type: d.type });
  };
  for (const r of rounds) for (const f of r.fire) take(f);
  for (const f of extra) take(f);
  return known;
}

function countIds(ids: readonly number[], known: ReadonlyMap<number, KnownUnit>): UnitCounts | null {
  const counts: UnitCounts = {};
  for (const id of ids) {
    const u = known.get(id);
    if (!u) return null;
    counts[u.type] = (counts[u.type] ?? 0) + 1;
  }
  return counts;
}

function nonEmpty(c: UnitCounts | undefined): boolean {
  return !!c && Object.values(c).some((n) => (n ?? 0) > 0);
}

/**
 * What a choice did, in words. Casualties name the units when the page knows them (the live page
 * knows every unit; the history only those that rolled dice), else the round's losses of that side
 * when this was its only casualty choice in the round, else the unit numbers.
 */
export function choiceText(choice: ChoiceEntry, round: RoundRecord | undefined, known: ReadonlyMap<number, KnownUnit>): string {
  if (choice.step === "retreat") {
    const what = (ids: readonly number[], fromRound: UnitCounts | undefined, noun: string) => {
      const counts = countIds(ids, known);
      if (counts) return countsText(counts);
      return nonEmpty(fromRound) ? countsText(fromRound) : `${ids.length} ${noun}`;
    };
    const parts: string[] = [];
    if ((choice.submerge ?? []).length > 0) parts.push(`submerged ${what(choice.submerge!, round?.submerged[choice.team], "submarines")}`);
    if ((choice.withdraw ?? []).length > 0) parts.push(`withdrew ${what(choice.withdraw!, round?.withdrawn[choice.team], "air units")}`);
    return `after the round: ${parts.length ? parts.join("; ") : "fought on"}`;
  }
  if (choice.units.length === 0) return "had no unit that could take the hits";
  const ids = [...new Set(choice.units)];
  const hits = choice.hits ?? choice.units.length;
  // The record names each chosen unit (`picked`): units that rolled no dice (transports, low luck) too.
  const named = new Map<number, KnownUnit>([...known, ...(choice.picked ?? []).map((p) => [p.id, { nation: p.nation, type: p.type }] as const)]);
  const counts = countIds(ids, named);
  if (counts) return `took ${hitsText(hits)} on ${countsText(counts)}`;
  const sameSide = round?.choices.filter((c) => c.team === choice.team && c.step !== "retreat") ?? [];
  if (round && sameSide.length === 1) {
    const parts = [
      nonEmpty(round.lost[choice.team]) ? `lost ${countsText(round.lost[choice.team])}` : "",
      nonEmpty(round.damaged[choice.team]) ? `damaged ${countsText(round.damaged[choice.team])}` : "",
    ].filter(Boolean);
    if (parts.length) return `took ${hitsText(hits)}: ${parts.join("; ")}`;
  }
  return `took ${hitsText(hits)} on ${ids.length} ${ids.length === 1 ? "unit" : "units"}`;
}

export function byText(by: ChoiceEntry["by"], chooser: Nation): string {
  return by === "player" ? `chosen by ${chooser}` : `default (R6.9) for ${chooser}`;
}

/** The fire entries of a round, by sub-phase, in the order they happened. */
export function fireBySubphase(round: RoundRecord): { step: "submarine" | "general"; entries: Partial<Record<Team, FireEntry>> }[] {
  const out: { step: "submarine" | "general"; entries: Partial<Record<Team, FireEntry>> }[] = [];
  for (const step of ["submarine", "general"] as const) {
    const list = round.fire.filter((f) => f.step === step);
    if (list.length === 0) continue;
    const entries: Partial<Record<Team, FireEntry>> = {};
    for (const t of TEAMS) {
      const e = list.find((f) => f.team === t);
      if (e) entries[t] = e;
    }
    out.push({ step, entries });
  }
  return out;
}

/** "22 s", "5 min", "12 hours", "2 days 3 hours": a game option in hours, in words. */
export function durationText(hours: number): string {
  const seconds = Math.round(hours * 3600);
  if (seconds < 60) return `${seconds} s`;
  if (seconds < 3600) {
    const min = Math.floor(seconds / 60);
    const s = seconds % 60;
    return s ? `${min} min ${s} s` : `${min} min`;
  }
  const totalMin = Math.round(seconds / 60);
  const days = Math.floor(totalMin / 1440);
  const h = Math.floor((totalMin % 1440) / 60);
  const min = totalMin % 60;
  const parts = [days ? `${days} ${days === 1 ? "day" : "days"}` : "", h ? `${h} ${h === 1 ? "hour" : "hours"}` : "", min ? `${min} min` : ""].filter(Boolean);
  return parts.join(" ");
}

const RULE_TITLES: Record<string, string> = {
  "R3.1": "deadlines",
  "R6.2": "the side's lead nation chooses",
  "R6.3": "the order of a round",
  "R6.6": "casualty choice",
  "R6.7": "submerge and withdraw",
  "R6.9": "defaults",
};

/** The server cites rules by id, "(R6.6)"; add what the rule is about: "(rule R6.6, casualty choice)". */
export function ruleWords(message: string): string {
  return message.replace(/\((R\d+\.\d+)\)/g, (whole, id: string) => (RULE_TITLES[id] ? `(rule ${id}, ${RULE_TITLES[id]})` : whole));
}
