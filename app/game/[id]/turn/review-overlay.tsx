"use client";
// The turn review's layer on the game's one map (BoardMap's overlay): the places the sentences in view
// are about (lit when a sentence is pointed at or chosen, clickable to show their sentences), and the
// step's marks — AA fire, stop points, head-ons with both values, battles and their winner, captures,
// raids, bombardment, new units, income.
import { useContext } from "react";
import { slug } from "../game-types";
import { FULL_VIEW, NATION_COLOUR, anchorOf } from "../map/map-geometry";
import { ARROW_COLOUR, MapUnit, keyActivate } from "../map/map-layers";
import { useMapShapes } from "../map/use-map-shapes";
import type { Mark, TurnedBack } from "./review-map-state";

const TEAM_COLOUR = { Axis: "#33373c", Allies: "#8c2f23" } as const;
const KIND_COLOUR: Partial<Record<Mark["kind"], string>> = { "head-on": "#a4161a", aa: "#a4161a", stop: "#b35c00", raid: "#a4161a", bombardment: "#a4161a" };

function colourOf(m: Mark): string {
  if (m.kind === "stop" || m.kind === "aa") return KIND_COLOUR[m.kind]!;
  if (m.colour === "Axis" || m.colour === "Allies") return TEAM_COLOUR[m.colour];
  if (m.colour) return NATION_COLOUR[m.colour].unit;
  return KIND_COLOUR[m.kind] ?? "#1d232b";
}

/** Where a mark sits: over its territory's anchor, or halfway along a crossing. */
function pointOf(at: readonly string[]): [number, number] {
  const points = at.map(anchorOf);
  return [points.reduce((s, p) => s + p[0], 0) / points.length, points.reduce((s, p) => s + p[1], 0) / points.length];
}

/** An order that never crossed its first border: a line to the border (halfway between the anchors) and a bar across it. */
function TurnedBackArrow({ a }: { a: TurnedBack }) {
  const U = useContext(MapUnit);
  const [x0, y0] = anchorOf(a.from);
  let [x1, y1] = anchorOf(a.to);
  // Across the map's edge (the Pacific), the short way round, as the arrows go.
  if (Math.abs(x1 - x0) > FULL_VIEW.w / 2) x1 += x1 > x0 ? -FULL_VIEW.w : FULL_VIEW.w;
  const [mx, my] = [(x0 + x1) / 2, (y0 + y1) / 2];
  const len = Math.hypot(x1 - x0, y1 - y0) || 1;
  const [nx, ny] = [-(y1 - y0) / len, (x1 - x0) / len];
  const bar = 1.1 * U;
  const colour = ARROW_COLOUR[a.kind];
  return (
    <g data-testid={`map-arrow-${a.id}`} data-path={`${a.from}>${a.to}`} data-turned-back={a.kind} pointerEvents="none">
      <path d={`M${x0},${y0} L${mx},${my}`} fill="none" stroke={colour} strokeWidth={3} strokeLinecap="round" vectorEffect="non-scaling-stroke" opacity={0.92} />
      <path d={`M${mx - nx * bar},${my - ny * bar} L${mx + nx * bar},${my + ny * bar}`} stroke={colour} strokeWidth={4} strokeLinecap="round" vectorEffect="non-scaling-stroke" />
    </g>
  );
}

export function ReviewOverlay(props: { marks: readonly Mark[]; turnedBack: readonly TurnedBack[]; places: readonly string[]; lit: readonly string[]; picked?: string; onPlace: (territory: string) => void }) {
  const U = useContext(MapUnit);
  const paths = useMapShapes()?.paths;
  const stacked = new Map<string, number>();
  const font = 1.6 * U;
  return (
    <g className="review-overlay">
      {paths
        ? props.places.map((t) =>
            paths[t] ? (
              <path
                key={`place-${t}`}
                d={paths[t]}
                fillRule="evenodd"
                fill={props.lit.includes(t) ? "rgba(255, 212, 0, 0.28)" : "transparent"}
                stroke={props.lit.includes(t) ? "#e0a800" : t === props.picked ? "#1d232b" : "none"}
                strokeWidth={props.lit.includes(t) ? 4 : 3}
                vectorEffect="non-scaling-stroke"
                role="button"
                tabIndex={0}
                aria-label={`What happened in ${t}`}
                aria-pressed={t === props.picked}
                data-testid={`review-place-${slug(t)}`}
                data-lit={props.lit.includes(t) ? "1" : "0"}
                onClick={(e) => {
                  e.stopPropagation();
                  props.onPlace(t);
                }}
                onKeyDown={keyActivate(() => props.onPlace(t))}
                style={{ cursor: "pointer" }}
              >
                <title>{`${t}: its sentences`}</title>
              </path>
            ) : null,
          )
        : null}
      {props.turnedBack.map((a) => (
        <TurnedBackArrow key={a.id} a={a} />
      ))}
      <g pointerEvents="none">
        {props.marks.map((m) => {
          const [ax, ay] = pointOf(m.at);
          const key = m.at.join("|");
          const n = stacked.get(key) ?? 0;
          stacked.set(key, n + 1);
          const w = (m.text.length * 0.6 + 1.2) * font;
          const h = 1.9 * font;
          const x = ax - w / 2;
          // Just below the territory's anchor, where the arrows end: clear of their heads and of the name.
          // A head-on's mark above its crossing, so it does not cover the marks of the territories at either end.
          const y = m.kind === "head-on" ? ay - 1.2 * U - h - n * (h + 0.3 * U) : ay + 1.2 * U + n * (h + 0.3 * U);
          const colour = colourOf(m);
          return (
            <g key={m.key} data-testid={`review-mark-${m.kind}-${slug(m.at.join(" "))}`} data-text={m.text}>
              <title>{m.title}</title>
              <rect x={x} y={y} width={w} height={h} rx={0.5 * U} fill="#fff" stroke={colour} strokeWidth={2} vectorEffect="non-scaling-stroke" opacity={0.95} />
              <text x={ax} y={y + h * 0.7} textAnchor="middle" fontSize={font} fontWeight={700} fill={colour}>
                {m.text}
              </text>
            </g>
          );
        })}
      </g>
    </g>
  );
}
