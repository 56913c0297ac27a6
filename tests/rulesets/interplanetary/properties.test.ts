// Property tests of the Interplanetary judge (fast-check): drift keeps a vector, a burn moves the tip
// exactly one hex, resolution is deterministic and order-free, nothing is ever in two places.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { interplanetary as ip } from "../../../server/rulesets/interplanetary";
import { BOARD } from "../../../server/rulesets/interplanetary/board";
import { DIR_VECTORS, DIRS, equal, sub } from "../../../server/rulesets/interplanetary/hex";
import type { State } from "../../../server/rulesets/interplanetary/types";
import { buildState } from "./fixture";

// PROPERTY_RUNS=20000 runs the vector properties deeper; both hold over their whole input space
// (every position, vector and burn), checked once exhaustively.
const coord = fc.integer({ min: -20, max: 20 });
const speed = fc.integer({ min: -3, max: 3 });
const dir = fc.constantFrom(...DIRS);

function lone(pos: [number, number], vel: [number, number]): State {
  return buildState({ ships: [{ id: "A-1", side: "A", pos, vel }, { id: "B-1", side: "B", pos: [0, 14] }] });
}

describe("Interplanetary properties", () => {
  it("IP3.1: a ship that feels no gravity and burns nothing keeps its vector, turn after turn", () => {
    fc.assert(
      fc.property(coord, coord, speed, speed, (q, r, dq, dr) => {
        let state = lone([q, r], [dq, dr]);
        for (let turn = 0; turn < 6; turn++) {
          const before = state.ships[0]!;
          if (before.status !== "flying" || BOARD.bodyAt.has(`${q},${r}`)) return;
          const next = ip.resolve(state, {}, null, `t${turn}`).state;
          const after = next.ships[0]!;
          if (after.status === "flying" && before.pending.length === 0) expect(after.vel).toEqual(before.vel);
          state = next;
        }
      }),
      { numRuns: Number(process.env.PROPERTY_RUNS ?? 200) },
    );
  });

  it("IP3.2: a burn moves the tip by exactly one hex in its direction", () => {
    fc.assert(
      fc.property(coord, coord, speed, speed, dir, (q, r, dq, dr, d) => {
        const state = lone([q, r], [dq, dr]);
        if (BOARD.bodyAt.has(`${q},${r}`)) return;
        const drift = ip.resolve(state, {}, null, "s");
        const burnt = ip.resolve(state, { A: { ships: { "A-1": { burn: d } } } }, null, "s");
        const [a, b] = [drift.state.ships[0]!, burnt.state.ships[0]!];
        if (a.status !== "flying" || b.status !== "flying") return; // a crash cuts the course
        expect(sub(b.vel, a.vel)).toEqual(DIR_VECTORS[d]);
        // One fuel burnt — unless an asteroid's hit took fuel too (IP5.4, IP7.7), or a base the course
        // stopped at refuelled the ship (IP5.5, IP8.1).
        const hitOrFuelled = [...drift.report.lines, ...burnt.report.lines].some((l) => l.kind === "hit" || l.kind === "resupply");
        if (!hitOrFuelled) expect(b.fuel).toBe(a.fuel - 1);
      }),
      { numRuns: Number(process.env.PROPERTY_RUNS ?? 300) },
    );
  });

  const game = fc.record({
    scenario: fc.constantFrom("training", "planet-race", "last-man-standing", "hostile-takeover"),
    sides: fc.integer({ min: 2, max: 6 }),
    seed: fc.string({ maxLength: 6 }),
    turns: fc.integer({ min: 1, max: 12 }),
  });

  // 25 games of up to 12 turns with robots on every side: about 15 s on a quiet machine, more than the
  // suite's 30 s on a loaded one; these check what happens, not how fast.
  const PLAYED_GAMES_MS = 180_000;

  function play(g: { scenario: string; sides: number; seed: string; turns: number }, each: (before: State, after: State, orders: Record<string, unknown>, seed: string) => void) {
    const sides = ["Ares", "Bia", "Ceto", "Dione", "Eris", "Faunus"].slice(0, g.scenario === "hostile-takeover" ? 2 : g.sides);
    const setup = ip.setup(g.scenario as never, { sides }, g.seed);
    if (!setup.ok) throw new Error(setup.message);
    let state = setup.state;
    for (let t = 0; t < g.turns && !state.ended; t++) {
      const orders = Object.fromEntries(sides.map((s) => [s, ip.robot(state, s, `${g.seed}${t}`)]));
      for (const s of sides) expect(ip.validate(state, s, orders[s]!), `robot orders for ${s}`).toEqual({ ok: true });
      const seed = `${g.seed}:${t}`;
      const next = ip.resolve(state, orders, null, seed).state;
      each(state, next, orders, seed);
      state = next;
    }
  }

  it("IP2.4: resolution is deterministic, leaves its input alone, and ignores the order sides are listed in", () => {
    fc.assert(
      fc.property(game, (g) => {
        play(g, (before, after, orders, seed) => {
          const frozen = structuredClone(before);
          const again = ip.resolve(before, orders as never, null, seed);
          expect(before).toEqual(frozen);
          expect(again.state).toEqual(after);
          const reversed = Object.fromEntries(Object.entries(orders).reverse());
          expect(ip.resolve(before, reversed as never, null, seed).state).toEqual(after);
        });
      }),
      { numRuns: 25 },
    );
  }, PLAYED_GAMES_MS);

  it("nothing is ever in two places, and nothing comes back", () => {
    fc.assert(
      fc.property(game, (g) => {
        play(g, (before, after) => {
          const ids = [...after.ships.map((s) => s.id), ...after.ordnance.map((o) => o.id)];
          expect(new Set(ids).size).toBe(ids.length);
          for (const s of after.ships) {
            expect(s.fuel).toBeGreaterThanOrEqual(0);
            expect(s.fuel).toBeLessThanOrEqual(s.maxFuel);
            for (const v of Object.values(s.hp)) expect(v).toBeGreaterThanOrEqual(0);
            const was = before.ships.find((x) => x.id === s.id)!;
            if (was.status === "destroyed" || was.status === "lost") expect(s.status).toBe(was.status);
            if (s.status === "landed") expect(equal(s.pos, BOARD.bases.get(s.base!)!.hex)).toBe(true);
          }
        });
      }),
      { numRuns: 25 },
    );
  }, PLAYED_GAMES_MS);
});
