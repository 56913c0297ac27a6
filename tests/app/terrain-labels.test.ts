// The battlefield's names (TA5.1 terrain) never sit on one another: a ford lies on its river, so the
// two features share a middle, and a name drawn at each middle covered the other (issue 25).
import { describe, expect, it } from "vitest";
import { LABEL_GAP, labelBox, placeTerrainLabels } from "../../app/games/triple-alliance/terrain-labels";
import { getRuleset } from "../../server/rulesets";
import type { Battlefield, State } from "../../server/rulesets/triple-alliance/types";

const ta = getRuleset("triple-alliance")!;
const fieldOf = (scenario: string): Battlefield => {
  const sides = ta.scenarios.find((s) => s.id === scenario)!.sides;
  const setup = ta.setup(scenario, { sides: [...sides] }, "labels");
  if (!setup.ok) throw new Error(setup.message);
  return (setup.state as State).battlefield;
};
/** Apart: one above the other or side by side, with a gap a reader sees as between two names. */
const apart = (a: ReturnType<typeof labelBox>, b: ReturnType<typeof labelBox>) => a.right + LABEL_GAP.x <= b.left || b.right + LABEL_GAP.x <= a.left || a.bottom + LABEL_GAP.y <= b.top || b.bottom + LABEL_GAP.y <= a.top;

describe("the battlefield's names", () => {
  for (const { id } of ta.scenarios) {
    it(`of ${id}: every named feature is written once, on the table, clear of every other name`, () => {
      const bf = fieldOf(id);
      const labels = placeTerrainLabels(bf);
      expect(labels.map((l) => l.name).sort()).toEqual([...bf.areas, ...bf.lines].flatMap((f) => (f.name ? [f.name] : [])).sort());
      for (const [i, a] of labels.entries()) {
        const box = labelBox(a);
        expect(box.left >= 0 && box.right <= bf.width && box.top >= 0 && box.bottom <= bf.height, a.name).toBe(true);
        for (const b of labels.slice(i + 1)) expect(apart(box, labelBox(b)), `${a.name} / ${b.name}`).toBe(true);
      }
    });
  }

  it("a river's name moves along the river, away from a ford's name at the same middle", () => {
    const bf = fieldOf("encuentro");
    const labels = placeTerrainLabels(bf);
    const ford = labels.find((l) => l.name === "Paso del Arroyo")!;
    const river = labels.find((l) => l.name === "Arroyo Hondo")!;
    expect(apart(labelBox(ford), labelBox(river))).toBe(true);
    // Still on its river: within a line's height of the river's course (y is flipped on screen).
    const course = bf.lines.find((l) => l.name === "Arroyo Hondo")!.points;
    const xs = course.map((p) => p.x);
    expect(river.x).toBeGreaterThanOrEqual(Math.min(...xs));
    expect(river.x).toBeLessThanOrEqual(Math.max(...xs));
  });

  it("two features with one middle get two places", () => {
    const square = [{ x: 100, y: 100 }, { x: 300, y: 100 }, { x: 300, y: 300 }, { x: 100, y: 300 }];
    const bf = { id: "t", name: "t", width: 400, height: 400, areas: [{ kind: "hill", name: "Loma", poly: square }, { kind: "woods", name: "Monte", poly: square }], lines: [] } as unknown as Battlefield;
    const [a, b] = placeTerrainLabels(bf);
    expect(apart(labelBox(a!), labelBox(b!))).toBe(true);
  });
});
