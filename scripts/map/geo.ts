// From Natural Earth (world-atlas TopoJSON) to projected map polygons.
// Simplification happens on the topology's shared arcs, so neighbouring countries keep one border.

import { geoArea, geoPath, geoProjection, type GeoProjection } from "d3-geo";
import { feature } from "topojson-client";
import type { Topology, GeometryCollection } from "topojson-specification";
import type { Feature, Geometry, Position } from "geojson";
import type { MultiPolygon, Pair, Ring } from "polygon-clipping";
import { xor } from "./clip";
import type { Clip, LonLat } from "./recipe-land";
import { roundPair } from "./planar";

export const MAP_WIDTH = 1600;
/**
 * The map's left and right edges: 30°W, mid-Atlantic, where no land of the board lies (Greenland,
 * which no territory takes, is cut). The Pacific, from Japan to Hawaii and the American coast, is whole
 * in the middle of the map; docs/map-projection.md says why this edge and not another.
 */
export const EDGE_LONGITUDE = -30;
const TOP_LATITUDE = 80; // the Arctic islands beyond are no territory's land
const BOTTOM_LATITUDE = -60; // Antarctica is cut off

export interface MapProjection {
  project(p: LonLat): Pair;
  projection: GeoProjection;
  width: number;
  height: number;
}

/** [degrees, relative map scale there]: the scale between two knots changes linearly. */
type Knots = readonly (readonly [number, number])[];

/**
 * The board's projection: cylindrical (x from longitude, y from latitude alone, so the board fills a
 * rectangle as printed boards do), with a scale that varies along each axis: large where the game is
 * crowded (Europe, the Mediterranean, East Asia), small on open ocean (mid-Pacific, South Atlantic)
 * and in the far south. Longitudes go east from the map's edge; both lists are what docs/map-projection.md tunes.
 */
export const LONGITUDE_SCALE: Knots = [
  [-30, 0.45], [-18, 0.7], [-8, 2.1], [42, 2.1], [55, 1.3], [68, 0.85], [92, 0.85], [104, 1.45],
  [146, 1.45], [160, 0.55], [175, 0.42], [198, 0.42], [215, 0.6], [232, 1.0], [298, 1.0], [310, 0.45], [330, 0.45],
];
export const LATITUDE_SCALE: Knots = [
  [-60, 0.4], [-42, 0.7], [-30, 1.3], [0, 1.7], [20, 2.3], [33, 4.0], [60, 4.4], [66, 2.4], [72, 1.2], [80, 0.5],
];

/** The integral of the piecewise-linear scale from the first knot to t (degrees): a monotone map. */
export function integrate(knots: Knots, t: number): number {
  let sum = 0;
  for (let i = 1; i < knots.length; i++) {
    const [a, da] = knots[i - 1]!;
    const [b, db] = knots[i]!;
    const end = Math.min(Math.max(t, a), b);
    const u = end - a;
    sum += u * da + ((db - da) * u * u) / (2 * (b - a));
    if (t <= b) break;
  }
  return sum;
}

const DEG = 180 / Math.PI;
const CENTRE = EDGE_LONGITUDE + 180;
const X_TOTAL = integrate(LONGITUDE_SCALE, EDGE_LONGITUDE + 360);
// d3 puts the projection's centre (0°, 0° after rotation) at its translate: the raw output is relative to it.
const X_MID = integrate(LONGITUDE_SCALE, CENTRE);
const Y_MID = integrate(LATITUDE_SCALE, 0);

/** d3's raw projection (radians in, after rotation; y up): the longitude is relative to CENTRE. */
function boardRaw(lambda: number, phi: number): [number, number] {
  const lon = Math.max(-180, Math.min(180, lambda * DEG)) + CENTRE;
  const lat = Math.max(BOTTOM_LATITUDE - 1, Math.min(TOP_LATITUDE + 1, phi * DEG));
  return [integrate(LONGITUDE_SCALE, lon) - X_MID, integrate(LATITUDE_SCALE, lat) - Y_MID];
}

/** The board's projection, centred opposite its edge, the whole world across MAP_WIDTH px. */
export function makeProjection(): MapProjection {
  const projection = geoProjection(boardRaw)
    .rotate([-CENTRE, 0])
    .precision(0) // no adaptive resampling: shared borders must project to identical points
    .scale(1)
    .translate([0, 0]);
  const k = MAP_WIDTH / X_TOTAL;
  projection.scale(k);
  const top = projection([CENTRE, TOP_LATITUDE])![1];
  const bottom = projection([CENTRE, BOTTOM_LATITUDE])![1];
  projection.translate([k * X_MID, -top]);
  const project = (p: LonLat): Pair => roundPair(projection([p[0], p[1]])!);
  return { project, projection, width: MAP_WIDTH, height: Math.round(bottom - top) };
}

type Arc = [number, number][];

/** Douglas–Peucker on one arc, keeping its ends (which other arcs share). */
function simplifyArc(arc: Arc, epsilon: number): Arc {
  if (arc.length <= 2) return arc;
  const keep = new Uint8Array(arc.length);
  keep[0] = 1;
  keep[arc.length - 1] = 1;
  const stack: [number, number][] = [[0, arc.length - 1]];
  while (stack.length > 0) {
    const [a, b] = stack.pop()!;
    const [ax, ay] = arc[a]!;
    const [bx, by] = arc[b]!;
    const dx = bx - ax;
    const dy = by - ay;
    const len2 = dx * dx + dy * dy;
    let worst = -1;
    let worstD = epsilon * epsilon;
    for (let i = a + 1; i < b; i++) {
      const [px, py] = arc[i]!;
      let t = len2 === 0 ? 0 : ((px - ax) * dx + (py - ay) * dy) / len2;
      t = Math.max(0, Math.min(1, t));
      const ex = ax + t * dx - px;
      const ey = ay + t * dy - py;
      const d = ex * ex + ey * ey;
      if (d > worstD) {
        worstD = d;
        worst = i;
      }
    }
    if (worst >= 0) {
      keep[worst] = 1;
      stack.push([a, worst], [worst, b]);
    }
  }
  // A closed arc (an island) needs at least a triangle to stay a ring.
  const out = arc.filter((_, i) => keep[i] === 1);
  if (out.length < 4 && arc[0]![0] === arc[arc.length - 1]![0] && arc[0]![1] === arc[arc.length - 1]![1]) {
    const third = Math.floor(arc.length / 3);
    return [arc[0]!, arc[third]!, arc[2 * third]!, arc[arc.length - 1]!];
  }
  return out;
}

/** Decode quantized arcs to degrees and simplify each; returns a topology without a transform. */
export function simplifyTopology(topology: Topology, epsilonDegrees: number): Topology {
  const t = topology.transform;
  const arcs = topology.arcs.map((arc) => {
    let x = 0;
    let y = 0;
    const abs: Arc = arc.map((p) => {
      if (!t) return [p[0]!, p[1]!];
      x += p[0]!;
      y += p[1]!;
      return [x * t.scale[0] + t.translate[0], y * t.scale[1] + t.translate[1]];
    });
    return simplifyArc(abs, epsilonDegrees);
  });
  const { transform: _dropped, ...rest } = topology;
  return { ...rest, arcs } as Topology;
}

/** Project a GeoJSON geometry through d3 (which cuts it at the map's edge) into planar rings. */
function projectRings(geometry: Geometry, mp: MapProjection): Ring[] {
  const rings: Ring[] = [];
  let ring: Ring = [];
  const context = {
    moveTo(x: number, y: number) {
      ring = [roundPair([x, y])];
    },
    lineTo(x: number, y: number) {
      ring.push(roundPair([x, y]));
    },
    closePath() {
      if (ring.length >= 3) rings.push(ring);
      ring = [];
    },
    arc() {},
  };
  geoPath(mp.projection, context as never)(geometry);
  return rings;
}

/** Every country of the topology as a projected multipolygon (even–odd: holes stay holes). */
export function projectCountries(topology: Topology, mp: MapProjection): Map<string, MultiPolygon> {
  const collection = topology.objects.countries as GeometryCollection<{ name: string }>;
  const out = new Map<string, MultiPolygon>();
  for (const geom of collection.geometries) {
    const f = feature(topology, geom) as Feature<Geometry, { name: string }>;
    const shape = projectGeometry(f.geometry, mp);
    out.set(f.properties.name, shape); // empty when the country is smaller than the simplification
  }
  return out;
}

/** All land of the topology (its "land" object: the union of every country) as one multipolygon. */
export function projectLand(topology: Topology, mp: MapProjection): MultiPolygon {
  const f = feature(topology, topology.objects.land as GeometryCollection) as unknown as
    | Feature<Geometry>
    | { features: Feature<Geometry>[] };
  const geometries = "features" in f ? f.features.map((x) => x.geometry) : [f.geometry];
  return geometries.flatMap((g) => projectGeometry(g, mp));
}

/**
 * Simplification can flatten a tiny island to a sliver with no area, which d3 (spherical winding)
 * reads as "the whole globe but this sliver". Such parts are dropped before projecting.
 */
function withoutInverted(geometry: Geometry): Geometry {
  const ok = (coordinates: Position[][]) => geoArea({ type: "Polygon", coordinates }) < 2 * Math.PI;
  if (geometry.type === "Polygon") return ok(geometry.coordinates) ? geometry : { type: "MultiPolygon", coordinates: [] };
  if (geometry.type === "MultiPolygon") return { type: "MultiPolygon", coordinates: geometry.coordinates.filter(ok) };
  return geometry;
}

/** Even–odd: a ring inside another is a hole (a lake, an enclave), as in the source. */
function projectGeometry(geometry: Geometry, mp: MapProjection): MultiPolygon {
  const rings = projectRings(withoutInverted(geometry), mp);
  return rings.length === 0 ? [] : xor([], ...rings.map((r) => [r]));
}

/** A clip (box or lon/lat polygon) densified and projected, so its edges follow the projection. */
export function projectClip(clip: Clip, mp: MapProjection): MultiPolygon {
  const pts: LonLat[] =
    clip.length === 4 && typeof clip[0] === "number"
      ? (() => {
          const [w, s, e, n] = clip as readonly [number, number, number, number];
          return [[w, s], [e, s], [e, n], [w, n]] as LonLat[];
        })()
      : (clip as readonly LonLat[]).slice();
  const ring: Ring = [];
  for (let i = 0; i < pts.length; i++) {
    const a = pts[i]!;
    const b = pts[(i + 1) % pts.length]!;
    const steps = Math.max(1, Math.ceil(Math.max(Math.abs(b[0] - a[0]), Math.abs(b[1] - a[1])) / 0.5));
    for (let k = 0; k < steps; k++) {
      ring.push(mp.project([a[0] + ((b[0] - a[0]) * k) / steps, a[1] + ((b[1] - a[1]) * k) / steps]));
    }
  }
  ring.push(ring[0]!);
  return [[ring]];
}
