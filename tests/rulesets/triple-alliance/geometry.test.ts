// Table geometry (TA1.1, TA1.8): rectangles to scale and facing, overlap and contact, polygons,
// crossings, distances and fields of fire.
import { describe, expect, it } from "vitest";
import {
  angleBetween, bearing, clipToArc, convexHull, convexOverlap, convexOverlaps, dir, distSegmentSegment, frontCentre, normDeg,
  overlapsArea, pointInPolygon, pointPolygonDistance, polygonDistance, rect, segmentIntersection,
} from "../../../server/rulesets/triple-alliance/geometry";

const close = (a: number, b: number) => expect(a).toBeCloseTo(b, 6);

describe("facings", () => {
  it("keeps facings in [0, 360) and measures the smaller angle", () => {
    expect(normDeg(-90)).toBe(270);
    expect(normDeg(720)).toBe(0);
    expect(angleBetween(350, 10)).toBe(20);
    expect(angleBetween(0, 180)).toBe(180);
    close(bearing({ x: 0, y: 0 }, { x: 0, y: 10 }), 90);
    close(dir(90).y, 1);
  });
});

describe("rectangles", () => {
  it("an 80 × 30 line facing north has its front edge at y + 15", () => {
    const r = rect({ x: 100, y: 100 }, 90, 80, 30);
    const ys = r.map((p) => p.y);
    close(Math.max(...ys), 115);
    close(Math.min(...ys), 85);
    const xs = r.map((p) => p.x);
    close(Math.max(...xs) - Math.min(...xs), 80);
    const f = frontCentre({ x: 100, y: 100 }, 90, 30);
    close(f.x, 100);
    close(f.y, 115);
  });

  it("touching rectangles do not overlap; 1 mm deeper they do", () => {
    const a = rect({ x: 0, y: 0 }, 0, 40, 40);
    const b = rect({ x: 40, y: 0 }, 0, 40, 40);
    expect(convexOverlaps(a, b)).toBe(false);
    const c = rect({ x: 39, y: 0 }, 0, 40, 40);
    expect(convexOverlaps(a, c)).toBe(true);
    close(convexOverlap(a, c), 1);
  });

  it("a rectangle turned 45° overlaps a neighbour its corner reaches", () => {
    const a = rect({ x: 0, y: 0 }, 45, 40, 40); // corners reach 28.28 mm out
    expect(convexOverlaps(a, rect({ x: 48, y: 0 }, 0, 40, 40))).toBe(true);
    expect(convexOverlaps(a, rect({ x: 49, y: 0 }, 0, 40, 40))).toBe(false);
  });
});

describe("polygons and segments", () => {
  const square = [{ x: 0, y: 0 }, { x: 100, y: 0 }, { x: 100, y: 100 }, { x: 0, y: 100 }];
  const ell = [{ x: 0, y: 0 }, { x: 100, y: 0 }, { x: 100, y: 40 }, { x: 40, y: 40 }, { x: 40, y: 100 }, { x: 0, y: 100 }];
  it("points in a concave polygon", () => {
    expect(pointInPolygon({ x: 20, y: 80 }, ell)).toBe(true);
    expect(pointInPolygon({ x: 80, y: 80 }, ell)).toBe(false);
    expect(pointInPolygon({ x: 100, y: 50 }, square)).toBe(true);
  });
  it("a footprint touching an area's edge does not enter it; one a hair inside does", () => {
    expect(overlapsArea(rect({ x: 120, y: 50 }, 0, 40, 40), square)).toBe(false);
    expect(overlapsArea(rect({ x: 119, y: 50 }, 0, 40, 40), square)).toBe(true);
    expect(overlapsArea(rect({ x: 50, y: 50 }, 0, 10, 10), square)).toBe(true);
    expect(overlapsArea(rect({ x: 80, y: 80 }, 0, 20, 20), ell)).toBe(false);
  });
  it("crossings and distances", () => {
    const p = segmentIntersection({ x: 0, y: 0 }, { x: 10, y: 10 }, { x: 0, y: 10 }, { x: 10, y: 0 });
    close(p!.x, 5);
    expect(segmentIntersection({ x: 0, y: 0 }, { x: 1, y: 0 }, { x: 0, y: 1 }, { x: 1, y: 1 })).toBeNull();
    close(distSegmentSegment({ x: 0, y: 0 }, { x: 10, y: 0 }, { x: 5, y: 3 }, { x: 5, y: 9 }), 3);
    close(polygonDistance(rect({ x: 0, y: 0 }, 0, 10, 10), rect({ x: 30, y: 0 }, 0, 10, 10)), 20);
    close(pointPolygonDistance({ x: 150, y: 50 }, square), 50);
  });
});

describe("fields of fire", () => {
  it("clips a target to the 45° arc either side of the facing", () => {
    const apex = { x: 0, y: 0 };
    // A target straight ahead is wholly in arc.
    expect(clipToArc(rect({ x: 0, y: 100 }, 0, 20, 20), apex, 90, 45).length).toBeGreaterThan(2);
    // A target at 60° off the facing is out of arc.
    expect(clipToArc(rect({ x: 100, y: 58 }, 0, 10, 10), apex, 90, 45)).toHaveLength(0);
    // A target astride the arc's edge keeps only its part inside: x ≤ y.
    const part = clipToArc(rect({ x: 100, y: 100 }, 0, 20, 20), apex, 90, 45);
    expect(part.length).toBeGreaterThan(2);
    for (const p of part) expect(p.x).toBeLessThanOrEqual(p.y + 1e-9);
    // Behind the shooter is out of arc.
    expect(clipToArc(rect({ x: 0, y: -100 }, 0, 20, 20), apex, 90, 45)).toHaveLength(0);
  });
});

describe("swept areas", () => {
  it("the hull of a footprint at the start and end of a straight move covers the ground between", () => {
    const a = rect({ x: 0, y: 0 }, 90, 30, 30);
    const b = rect({ x: 0, y: 100 }, 90, 30, 30);
    const hull = convexHull([...a, ...b]);
    for (const p of [...a, ...b]) expect(pointInPolygon(p, hull)).toBe(true);
    // A thin base lying across the path between the two ends is met by the hull, not by either end.
    const thin = rect({ x: 0, y: 50 }, 90, 40, 10);
    expect(convexOverlaps(a, thin) || convexOverlaps(b, thin)).toBe(false);
    expect(convexOverlaps(hull, thin)).toBe(true);
  });
});
