// The whole board is readable at 1440×900 (issue 19): fitted to the game screen's map box, every
// territory with units shows its stacks, no two stacks overlap, no stack covers a name or a marker row,
// names never overlap one another, are at least 11 px high and stay on the map — in the opening
// position and after ten turns of five robots played with the engine, for a spectator and for each
// nation's player (whose territories are laid out first), with and without the victory-city markers.
// The browser's own boxes are checked by tests/browser/board-overlap.test.ts.
import { describe, expect, it } from "vitest";
import { boardAt } from "../../app/game/[id]/map/board-fit";
import { FULL_VIEW, capitalOf } from "../../app/game/[id]/map/map-geometry";
import { SHAPE_LIST, nameBox } from "../../app/game/[id]/map/map-labels";
import { overlaps, type Rect } from "../../app/game/[id]/map/stack-layout";
import { DEFAULT_BOARD, DEFAULT_SETUP, NATIONS, createState, type Nation } from "../../server/rulesets/1942/engine";
import { afterRobotTurns, stacksOf } from "../../scripts/map/positions";
import { DESKTOP, PHONE } from "../../scripts/map/screens";

const opening = createState(DEFAULT_BOARD, DEFAULT_SETUP);
const later = afterRobotTurns(10);
const POSITIONS = { opening, "after ten robot turns": later };

function pairs<T>(list: readonly T[], hit: (a: T, b: T) => boolean): [T, T][] {
  const out: [T, T][] = [];
  for (let i = 0; i < list.length; i++) for (let j = i + 1; j < list.length; j++) if (hit(list[i]!, list[j]!)) out.push([list[i]!, list[j]!]);
  return out;
}

const inside = (r: Rect, w: number, h: number) => r.x >= -0.01 && r.y >= -0.01 && r.x + r.w <= w + 0.01 && r.y + r.h <= h + 0.01;

describe("the whole board at 1440×900", () => {
  it("the ten robot turns are played (the position has moved on from the opening)", () => {
    expect(later.units.length).not.toBe(opening.units.length);
    expect(JSON.stringify(later.owners)).not.toBe(JSON.stringify(opening.owners));
  });

  for (const [name, state] of Object.entries(POSITIONS)) {
    const units = stacksOf(state);
    const occupied = new Set(units.filter((u) => u.type !== "factory" && u.type !== "aaGun").map((u) => u.at));
    for (const player of [undefined, ...NATIONS] as (Nation | undefined)[]) {
      for (const victoryCities of [false, true]) {
        it(`${name}, ${player ?? "spectator"}${victoryCities ? ", victory cities" : ""}: every stack shown, none over another or over a name, names ≥ 11 px`, () => {
          const look = boardAt(units, victoryCities, DESKTOP, player);
          expect(look.namePx).toBeGreaterThanOrEqual(11);
          expect(look.stacks.map((s) => s.at).sort()).toEqual([...occupied].sort());
          expect(pairs(look.stacks, (a, b) => overlaps(a.box, b.box)).map(([a, b]) => `${a.at} / ${b.at}`)).toEqual([]);
          const written = [...look.labels.map((l) => ({ id: l.id, box: l.box })), ...look.marks.map((box) => ({ id: "a marker row", box }))];
          const covered = look.stacks.flatMap((s) => written.filter((l) => overlaps(l.box, s.box)).map((l) => `${s.at} on ${l.id}`));
          expect(covered).toEqual([]);
          expect(pairs(look.labels, (a, b) => overlaps(a.box, b.box)).map(([a, b]) => `${a.id} / ${b.id}`)).toEqual([]);
          // On the drawn map (the board fitted by width leaves a strip below it).
          const off = [...look.stacks.map((s) => ({ id: s.at, box: s.box })), ...look.labels].filter((x) => !inside(x.box, FULL_VIEW.w * look.scale, FULL_VIEW.h * look.scale)).map((x) => x.id);
          expect(off).toEqual([]);
          // Every capital is named, and every land territory where units stand — but for one whose name
          // would cover a neighbour's markers (Wake Island's, beside Hawaii's victory city), which waits.
          for (const t of DEFAULT_BOARD.territories.filter((x) => capitalOf(x.id))) expect(look.names.has(t.id), t.id).toBe(true);
          const land = new Set(DEFAULT_BOARD.territories.filter((t) => t.kind === "land").map((t) => t.id));
          const onMarks = (id: string) => {
            const b = nameBox(SHAPE_LIST.find((t) => t.id === id)!, look.unit);
            return look.marks.some((m) => overlaps(m, { x: b.x * look.scale, y: b.y * look.scale, w: b.w * look.scale, h: b.h * look.scale }));
          };
          expect([...occupied].filter((at) => land.has(at) && !look.names.has(at) && !onMarks(at))).toEqual([]);
          if (!victoryCities) expect([...occupied].filter((at) => land.has(at) && !look.names.has(at))).toEqual([]);
        });
      }
    }
  }
});

describe("the whole board on a phone (390×844)", () => {
  for (const [name, state] of Object.entries(POSITIONS)) {
    it(`${name}: every stack shown, none over another or over a name (a sketch: names are small until zoomed)`, () => {
      const look = boardAt(stacksOf(state), false, PHONE);
      expect(pairs(look.stacks, (a, b) => overlaps(a.box, b.box)).map(([a, b]) => `${a.at} / ${b.at}`)).toEqual([]);
      const written = [...look.labels.map((l) => l.box), ...look.marks];
      expect(look.stacks.filter((s) => written.some((l) => overlaps(l, s.box))).map((s) => s.at)).toEqual([]);
    });
  }
});
