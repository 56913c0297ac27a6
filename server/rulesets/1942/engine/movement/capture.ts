// R5.2d — capture at the end of the land pass, when a blitz passes, and at a battle's end.
import { BOTH_TEAMS, TEAM_BIT, teamOf } from "../teams";
import type { Nation, Team } from "../types";
import { isLandUnit } from "../units";
import { liberate, setOwner, takerAt, transferCapitalCredits } from "../economy/capitals";
import type { Phase } from "../turn/context";

export interface Capture {
  territory: string;
  before: Nation;
  when: "blitz" | "movement" | "battle";
}

/** Change the owner to the taker of `team`; report it. Returns the capture, if any. */
export function capture(ph: Phase, territory: string, team: Team, when: Capture["when"]): Capture | undefined {
  const before = ph.owners[territory];
  if (!before || teamOf(before) === team) return undefined;
  const taker = takerAt(ph, territory, team);
  if (!taker) return undefined;
  setOwner(ph, territory, taker);
  ph.report.captures.push({ territory, from: before, to: taker, when, rule: when === "battle" ? "R6.10" : "R5.2d" });
  return { territory, before, when };
}

/** R5.2d liberation of the captures of one moment, reported on the capture itself. */
function liberateAll(ph: Phase, captures: Capture[]): void {
  for (const c of captures) {
    if (!liberate(ph, c.territory)) continue;
    const entry = ph.report.captures.findLast((r) => r.territory === c.territory)!;
    entry.to = ph.owners[c.territory]!;
    entry.liberated = true;
  }
}

/** Liberation, then credits, for the captures of one moment (R5.2d, R8.2). */
export function settleCaptures(ph: Phase, captures: Capture[]): void {
  liberateAll(ph, captures);
  transferCapitalCredits(ph, captures);
}

/** End of the land pass: every land territory held only by hostile land units, with no battle, changes owner. */
export function captureAfterLandPass(ph: Phase, battles: ReadonlySet<string>, blitzed: Capture[]): void {
  // Bits by territory number: walked in number order, which is sorted id order, so no sort.
  const teams = new Array<number>(ph.board.ids.length).fill(0);
  for (const p of ph.pieces) {
    if (!p.alive || p.aboard !== undefined || !isLandUnit(p.type) || !ph.board.isLandNumber(p.where)) continue;
    teams[p.where]! |= TEAM_BIT[teamOf(p.nation)];
  }
  const captures: Capture[] = [];
  for (let n = 0; n < teams.length; n++) {
    const present = teams[n]!;
    if (present === 0) continue;
    const territory = ph.board.ids[n]!;
    if (battles.has(territory) || present === BOTH_TEAMS) continue;
    const c = capture(ph, territory, present === TEAM_BIT.Axis ? "Axis" : "Allies", "movement");
    if (c) captures.push(c);
  }
  // Blitz credits moved when passed; liberation waits for all captures of the pass.
  liberateAll(ph, [...blitzed, ...captures]);
  transferCapitalCredits(ph, captures);
}
