// The words and keys of battle decisions (R6), shared by the battle panel's parts. Pure.
import type { UnitCounts, UnitType } from "../../../../server/rulesets/1942/engine/types";
import { hitsText, type KnownUnit } from "../../../components/battle-format";
import { countsText } from "../../../components/format";
import { slug, type Phase, type PendingRequest } from "../game-types";

export type CasualtyRequest = Extract<PendingRequest, { kind: "casualties" }>;
export type RetreatRequest = Extract<PendingRequest, { kind: "retreat" }>;
export type Candidate = CasualtyRequest["candidates"][number];
export type Decided = NonNullable<Phase["pending"]>["decided"][number];

/** A stable key and test id per request: a side has at most one request per battle, round and step. */
export function requestKey(r: PendingRequest): string {
  return `decision-${slug(r.battle)}-${r.round}-${r.kind === "casualties" ? r.step : "retreat"}-${r.team.toLowerCase()}`;
}

export function add(c: UnitCounts, t: UnitType, n = 1) {
  c[t] = (c[t] ?? 0) + n;
}

export function nonEmpty(c: UnitCounts): boolean {
  return Object.values(c).some((n) => (n ?? 0) > 0);
}

export function casualtyWhat(r: CasualtyRequest): string {
  const by = r.step === "bombardment" ? "the bombardment" : r.step === "submarine" ? "the submarine strike" : "general fire";
  return `${hitsText(r.hits)} taken from ${by} in round ${r.round}`;
}

export function idsText(ids: readonly number[], known: ReadonlyMap<number, KnownUnit>): string {
  const counts: UnitCounts = {};
  for (const id of new Set(ids)) {
    const u = known.get(id);
    if (!u) return `${ids.length} ${ids.length === 1 ? "unit" : "units"}`;
    add(counts, u.type);
  }
  return countsText(counts);
}

/** The viewer's own sealed choice, in words. */
export function decisionText(decision: NonNullable<Decided["decision"]>, known: ReadonlyMap<number, KnownUnit>): string {
  if (decision.kind === "casualties") return `your casualties: ${idsText(decision.units, known)}`;
  const parts = [decision.submerge.length ? `submerge ${idsText(decision.submerge, known)}` : "", decision.withdraw.length ? `withdraw ${idsText(decision.withdraw, known)}` : ""].filter(Boolean);
  return parts.length ? `you chose to ${parts.join(" and ")}` : "you chose to fight on";
}
