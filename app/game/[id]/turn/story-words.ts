// The words the turn's story is made of (story.ts): its lines and sections, the rule citations
// taken out of the engine's reasons, and small helpers for counts, lists and dice. Pure.
import type { FireRecord } from "../../../../server/rulesets/1942/engine/combat/fire";
import { NATIONS, TEAMS, type UnitCounts } from "../../../../server/rulesets/1942/engine/types";
import { DEFAULT_BOARD } from "../../../../server/rulesets/1942/engine/board/default-board";
import { shortName } from "../../../components/battle-format";

/** One sentence of the story and the rules it cites (ids as RULES.md writes them: "R5.2a"). */
export interface StoryLine {
  text: string;
  rules: string[];
  /** A die face by face, when the line is about dice ("inf≤1 rolled 3"). */
  dice?: { label: string; roll: number; value: number; hit: boolean }[];
  /** Stable hook for tests and links: "order-germany-g1", "aa-0", "conflict-1". */
  id?: string;
}

export interface StorySection {
  id: string;
  title: string;
  rules: string[];
  lines: StoryLine[];
  /** Battles have rounds; each round is a list of lines (fire, choices, removals). */
  battles?: StoryBattle[];
}

export interface StoryBattle {
  id: string;
  territory: string;
  summary: StoryLine[];
  rounds: { round: number; lines: StoryLine[] }[];
  outcome: StoryLine;
}

const CITATION = /\s*\((R\d+(?:\.\d+[a-z]?)?(?:,\s*R\d+(?:\.\d+[a-z]?)?)*)\)/g;

/** The engine writes "… (R5.2b)" into its reasons: take the ids out, so the page can render them as citations. */
export function splitCitations(text: string): { text: string; rules: string[] } {
  const rules: string[] = [];
  const stripped = text.replace(CITATION, (_whole, ids: string) => {
    for (const id of ids.split(/,\s*/)) if (!rules.includes(id)) rules.push(id);
    return "";
  });
  return { text: stripped.trim(), rules };
}

export function line(text: string, rules: string[], extra: Partial<StoryLine> = {}): StoryLine {
  const split = splitCitations(text);
  return { text: split.text, rules: [...new Set([...split.rules, ...rules])], ...extra };
}

/** Names that keep their capital inside a sentence: territories, nations, teams. */
const PROPER = [...DEFAULT_BOARD.territories.map((t) => t.id), ...NATIONS, ...TEAMS];

/** A reason written as a sentence, continued after a colon: "Stopped in …" → "stopped in …", but "Baltic Sea Zone …" stays. */
export function lowerFirst(s: string): string {
  if (!s || /^.[A-Z]/.test(s) || PROPER.some((name) => s.startsWith(name) && !/[a-z]/i.test(s.charAt(name.length)))) return s;
  return s.charAt(0).toLowerCase() + s.slice(1);
}

export function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

export function nonEmpty(c: UnitCounts | undefined): boolean {
  return !!c && Object.values(c).some((n) => (n ?? 0) > 0);
}

export function listWords(items: string[]): string {
  if (items.length <= 1) return items[0] ?? "";
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

export function slugOf(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, "-");
}

/** Fire in words: normal dice one by one, or the R6.8 low-luck sum and its one roll. */
export function fireWords(fire: FireRecord): { text: string; rules: string[]; dice?: StoryLine["dice"] } {
  if (fire.lowLuck) {
    const { total, sure, remainder, roll } = fire.lowLuck;
    const base = `low luck: total ${total}, ${plural(sure, "sure hit")}`;
    if (remainder === 0 || roll === undefined) return { text: `${base}, no remainder — ${plural(fire.hits, "hit")}`, rules: ["R6.8"] };
    return {
      text: `${base}; remainder ${remainder}, rolled ${roll} (a hit on ${remainder} or less)${roll <= remainder ? ", 1 more hit" : ", no extra hit"} — ${plural(fire.hits, "hit")}`,
      rules: ["R6.8"],
    };
  }
  const dice = (fire.dice ?? []).map((d) => ({ label: `${shortName(d.type)}≤${d.value}`, roll: d.roll, value: d.value, hit: d.hit }));
  if (dice.length === 0) return { text: "nobody fired", rules: [] };
  return { text: `${plural(dice.length, "die", "dice")}: ${dice.map((d) => d.roll).join(", ")} — ${plural(fire.hits, "hit")}`, rules: ["R6.4"], dice };
}
