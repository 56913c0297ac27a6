// R8.2 capitals and credits, R8.5 factories and AA guns change owner with their territory,
// and the R5.2d rule of who takes a territory and when it is liberated.
import { byNationOrder, teamOf } from "../teams";
import type { Nation } from "../types";
import { UNIT_STATS, isLandUnit } from "../units";
import { ownersToWrite, piecesAt, type Phase } from "../turn/context";

/** R5.2d — the taker: the nation whose land units standing there cost the most (ties: R1.1). */
export function takerAt(ph: Phase, territory: string, team: "Axis" | "Allies"): Nation | undefined {
  const cost = new Map<Nation, number>();
  for (const p of piecesAt(ph, territory)) {
    if (p.aboard !== undefined || !isLandUnit(p.type) || teamOf(p.nation) !== team) continue;
    cost.set(p.nation, (cost.get(p.nation) ?? 0) + UNIT_STATS[p.type].cost);
  }
  return [...cost.entries()].sort((a, b) => b[1] - a[1] || byNationOrder(a[0], b[0]))[0]?.[0];
}

/** R8.5 — the owner changes, and with it the owner of its factory and AA guns. */
export function setOwner(ph: Phase, territory: string, nation: Nation): void {
  ownersToWrite(ph)[territory] = nation;
  for (const p of piecesAt(ph, territory)) if (p.type === "factory" || p.type === "aaGun") p.nation = nation;
}

/** A nation with no capital on the board counts as holding it (Appendix A). */
export function holdsCapital(ph: Phase, nation: Nation): boolean {
  const capital = ph.board.capitalOf(nation);
  return capital === undefined || teamOf(ph.owners[capital]!) === teamOf(nation);
}

/**
 * R5.2d liberation: a captured territory whose original owner is friendly to the taker goes back
 * to it if that nation holds its capital; a liberated capital always goes back.
 */
export function liberate(ph: Phase, territory: string): boolean {
  const taker = ph.owners[territory]!;
  const original = ph.start.originalOwners[territory];
  if (!original || original === taker || teamOf(original) !== teamOf(taker)) return false;
  const isCapital = ph.board.capitalOf(original) === territory;
  if (!isCapital && !holdsCapital(ph, original)) return false;
  setOwner(ph, territory, original);
  return true;
}

/**
 * R8.2 — for each capital that passed to the other team in this moment, the new owner takes all of
 * its nation's credits. Transfers of one moment are computed from the credits before any of them.
 */
export function transferCapitalCredits(ph: Phase, changed: { territory: string; before: Nation }[]): void {
  const snapshot = { ...ph.treasury };
  const moves: { capital: string; from: Nation; to: Nation; credits: number }[] = [];
  for (const { territory, before } of changed) {
    const nation = ph.board.territory(territory).capitalOf;
    if (!nation || ph.board.capitalOf(nation) !== territory) continue;
    const now = ph.owners[territory]!;
    if (teamOf(before) !== teamOf(nation) || teamOf(now) === teamOf(nation)) continue;
    moves.push({ capital: territory, from: nation, to: now, credits: snapshot[nation] });
  }
  for (const m of moves) {
    ph.treasury[m.from] -= m.credits;
    ph.treasury[m.to] += m.credits;
    ph.report.transfers.push({ ...m, rule: "R8.2" });
  }
}
