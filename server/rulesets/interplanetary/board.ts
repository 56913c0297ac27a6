// IP1.2, IP1.4: the board as data (data/board.json) and what is derived from it: gravity hexes
// around every body, body images, asteroid hexes, bases and where each base is reached.
import boardData from "./data/board.json";
import { DIR_VECTORS, DIRS, add, distance, dirTo, hex, key, ring, step, type Dir, type Hex } from "./hex";

export type GravityKind = "normal" | "weak" | "double";

export interface Body {
  name: string;
  hex: Hex;
  gravity: GravityKind;
}

export interface GravityHex {
  arrows: { dir: Dir; body: string }[];
  strength: 1 | 2;
  weak: boolean;
}

export interface Base {
  id: string;
  name: string;
  kind: "planet" | "orbital" | "asteroid";
  body: string | null;
  /** Where a ship lands from / takes off to (planet), docks (orbital) or stops (asteroid). */
  hex: Hex;
}

export interface Board {
  radius: number;
  bodies: Body[];
  bodyAt: Map<string, Body>;
  gravity: Map<string, GravityHex>;
  asteroids: Set<string>;
  bases: Map<string, Base>;
}

type RawBase = { id: string; name: string; kind: Base["kind"]; body?: string; side?: Dir; hex?: number[] };

function build(): Board {
  const bodies: Body[] = boardData.bodies.map((b) => ({ name: b.name, hex: hex(b.hex[0]!, b.hex[1]!), gravity: b.gravity as GravityKind }));
  const bodyAt = new Map(bodies.map((b) => [key(b.hex), b]));
  const gravity = new Map<string, GravityHex>();
  for (const body of bodies) {
    for (const h of ring(body.hex, 1)) {
      if (bodyAt.has(key(h))) continue;
      const dir = dirTo(h, body.hex)!;
      const here = gravity.get(key(h));
      const strength = body.gravity === "double" ? 2 : 1;
      const weak = body.gravity === "weak";
      if (!here) gravity.set(key(h), { arrows: [{ dir, body: body.name }], strength, weak });
      else if (here.weak && !weak) gravity.set(key(h), { arrows: [{ dir, body: body.name }], strength, weak }); // IP1.4: normal beats weak
      else if (here.weak === weak) here.arrows.push({ dir, body: body.name }); // IP1.4: two rings overlap → two-directed
    }
  }
  const bases = new Map<string, Base>();
  for (const raw of boardData.bases as RawBase[]) {
    const body = raw.body ? bodies.find((b) => b.name === raw.body)! : null;
    const at = body ? step(body.hex, raw.side!) : hex(raw.hex![0]!, raw.hex![1]!);
    bases.set(raw.id, { id: raw.id, name: raw.name, kind: raw.kind, body: body?.name ?? null, hex: at });
  }
  return { radius: boardData.radius, bodies, bodyAt, gravity, asteroids: new Set(boardData.asteroids.map(([q, r]) => key(hex(q!, r!)))), bases };
}

export const BOARD: Board = build();

/** IP5.6: the map is every hex within `radius` of the Sun. */
export const onMap = (h: Hex, board: Board = BOARD): boolean => distance(h, hex(0, 0)) <= board.radius;

export const bodyNamed = (name: string): Body => BOARD.bodies.find((b) => b.name === name)!;

/** Gravity hexes of one body (its ring, where its arrow applies). */
export function gravityHexesOf(body: string): Hex[] {
  return ring(bodyNamed(body).hex, 1).filter((h) => BOARD.gravity.get(key(h))?.arrows.some((a) => a.body === body));
}

export const vectorOf = (d: Dir, n = 1): Hex => ({ q: DIR_VECTORS[d].q * n, r: DIR_VECTORS[d].r * n });
export { add, DIRS };
