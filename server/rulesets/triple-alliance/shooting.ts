// Shooting (TA6): every unit ordered to shoot fires at once on the positions where movement ended;
// all dice are rolled before any hit is applied.
import type { Dice } from "../shared/dice";
import { canShoot, engaged, shotBand, unitById } from "./rules";
import { takeHits } from "./hits";
import { inCover } from "./terrain";
import { ratingMod, T } from "./tables";
import { inColumn } from "./units";
import type { ReportLine, State, Unit } from "./types";

/** Hits from a roll (TA6.3, TA6.5–TA6.7). */
export function shotHits(roll: number, shooter: Unit, target: Unit, bandMod: number, cover: boolean): { mod: number; hits: number; doubled: boolean } {
  const mod = bandMod + ratingMod(shooter.rating) + (shooter.hits >= T.deteriorationHits ? -1 : 0);
  let hits = Math.max(0, roll + mod);
  if (cover) hits = Math.ceil(hits / 2);
  const doubled = shooter.arm === "artillery" && inColumn(target);
  if (doubled) hits *= 2;
  return { mod, hits, doubled };
}

export function shootingPhase(s: State, shots: [string, string][], dice: Dice, lines: ReportLine[]): void {
  const pending: { target: Unit; hits: number; team: string }[] = [];
  for (const [id, targetId] of [...shots].sort((a, b) => (a[0] < b[0] ? -1 : 1))) {
    const u = unitById(s, id);
    const t = unitById(s, targetId);
    if (!u || !t) continue;
    const can = canShoot(s, u);
    if (!can.ok) {
      lines.push({ rule: can.rule, kind: "no-shot", unit: id, target: targetId, why: can.why });
      continue;
    }
    const band = engaged(s, t.id) ? null : shotBand(s, u, t);
    if (!band) {
      lines.push({ rule: "TA6.4", kind: "miss", unit: id, target: targetId, why: engaged(s, t.id) ? "the target is in hand-to-hand" : "the target is out of arc or range" });
      continue;
    }
    const roll = dice(`shoot:${id}`).d6();
    const cover = inCover(s.battlefield, t.pos);
    const r = shotHits(roll, u, t, band.mod, cover);
    pending.push({ target: t, hits: r.hits, team: s.teams[u.side]! });
    lines.push({ rule: "TA6.3", kind: "shot", unit: id, target: targetId, band: band.band, range: Math.round(band.range), roll, mod: r.mod, cover, doubled: r.doubled, hits: r.hits });
  }
  for (const p of pending) takeHits(s, p.target, p.hits, p.team);
}
