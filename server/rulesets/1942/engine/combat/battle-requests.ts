// R6.3/R6.9 — asking a side for its casualties: the candidates, the default pick, and whether
// the choice is forced (only one legal choice exists, so nobody needs to be asked).
import type { Team } from "../types";
import { isShip } from "../units";
import { capacity, defaultCasualties, type Candidate } from "./casualties";
import type { BattleState, CasualtyStep } from "./battle-types";
import { leadNation, roomOf, valueOf } from "./battle-units";

function candidates(b: BattleState, team: Team, step: CasualtyStep): Candidate[] {
  const out: Candidate[] = []; // one walk, no filtered lists
  for (const u of b.units) {
    if (u.team !== team || u.status !== "in" || u.marked || roomOf(u) <= 0) continue;
    if (step === "submarine" && !isShip(u.type)) continue; // R6.3: submarine hits only take ships
    out.push({ id: u.id, nation: u.nation, type: u.type, value: valueOf(u), room: roomOf(u) });
  }
  return out;
}

/** Every candidate alike (nation, type, value, room): any pick is the same choice. Compared field by field, with no key string a candidate. */
function allAlike(cands: readonly Candidate[]): boolean {
  const first = cands[0];
  if (first === undefined) return false;
  for (const c of cands) if (c.nation !== first.nation || c.type !== first.type || c.value !== first.value || c.room !== first.room) return false;
  return true;
}

function isForced(cands: Candidate[], hits: number, picks: number[]): boolean {
  if (hits >= capacity(cands)) return true;
  return allAlike(cands) && picks.length > 0;
}

export function requestCasualties(b: BattleState, team: Team, step: CasualtyStep, hits: number): void {
  const cands = candidates(b, team, step);
  if (hits === 0 || cands.length === 0) return;
  const picks = defaultCasualties(cands, hits);
  b.pending.push({
    kind: "casualties",
    battle: b.territory,
    round: b.round,
    step,
    team,
    chooser: leadNation(b, team),
    hits,
    candidates: cands,
    default: picks,
    forced: isForced(cands, hits, picks),
  });
}

