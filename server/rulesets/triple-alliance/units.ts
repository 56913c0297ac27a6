// Units on the table: bases left, footprint, front (TA1.2, TA1.3, TA1.5).
import { dir, frontCentre, rect, type Poly, type Pt } from "./geometry";
import { baseSize, T } from "./tables";
import type { Formation, Unit } from "./types";

export const basesLeft = (hits: number): number => Math.max(0, T.basesPerUnit - Math.floor(hits / T.hitsPerBase));
export const hitsRemaining = (u: Unit): number => Math.max(0, T.hitsToEliminate - u.hits);
export const eliminated = (u: Unit): boolean => u.hits >= T.hitsToEliminate;
/** Column (or limbered guns) counts as a march column for fire and combat (TA6.7, TA8.5). */
export const inColumn = (u: Unit): boolean => u.formation === "column" || u.formation === "limbered";

export function across(formation: Formation): number {
  return formation === "column" ? 1 : 2;
}

/** Frontage and depth of a unit's footprint for a formation and hits (TA1.3). */
export function footprintSize(u: Pick<Unit, "arm" | "formation" | "hits">, formation: Formation = u.formation): { width: number; depth: number } {
  const base = baseSize(u.arm);
  const bases = Math.max(1, basesLeft(u.hits));
  const a = Math.min(across(formation), bases);
  return { width: a * base.width, depth: Math.ceil(bases / a) * base.depth };
}

export function footprintAt(u: Pick<Unit, "arm" | "formation" | "hits">, pos: Pt, facing: number, formation: Formation = u.formation): Poly {
  const s = footprintSize(u, formation);
  return rect(pos, facing, s.width, s.depth);
}

export const footprint = (u: Unit): Poly => footprintAt(u, u.pos, u.facing);

export function front(u: Unit): Pt {
  return frontCentre(u.pos, u.facing, footprintSize(u).depth);
}

/** Half the diagonal: a bounding circle for quick rejection. */
export function radius(u: Pick<Unit, "arm" | "formation" | "hits">): number {
  const s = footprintSize(u);
  return Math.hypot(s.width, s.depth) / 2;
}

/** Forward vector of a unit. */
export const forward = (u: Unit): Pt => dir(u.facing);
