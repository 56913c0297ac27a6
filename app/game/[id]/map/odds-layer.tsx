"use client";
// The odds of taking each territory the draft attacks, as small labels above its badges (issue 13).
import { useContext } from "react";
import type { OddsList } from "../../../odds/use-odds-list";
import { slug } from "../game-types";
import { anchorOf } from "./map-geometry";
import { MapUnit } from "./map-layers";

/** "72 %" of taking a land territory, of winning a sea battle; "…" while the worker prices it. */
export function oddsLabel(odds: OddsList[string] | undefined, sea: boolean): string {
  const p = chanceOf(odds, sea);
  if (p !== undefined) return `${percent(p)} %`;
  return odds?.error ? "?" : "…";
}

/** The chance of taking the territory (of winning, at sea); undefined while priced. */
export function chanceOf(odds: OddsList[string] | undefined, sea: boolean): number | undefined {
  return odds?.result ? (sea ? odds.result.attackerWins : odds.result.taken) : undefined;
}

export function percent(p: number): string {
  const x = 100 * p;
  if (x > 0 && x < 1) return "<1";
  if (x < 100 && x > 99) return ">99";
  return String(Math.round(x));
}

export function OddsLayer({ battles, odds }: { battles: readonly { territory: string; sea: boolean }[]; odds: OddsList }) {
  const U = useContext(MapUnit);
  return (
    <g className="map-odds" pointerEvents="none" aria-live="polite">
      {battles.map(({ territory, sea }) => {
        const [x, y] = anchorOf(territory);
        const text = oddsLabel(odds[territory], sea);
        const w = (text.length * 0.62 + 1.2) * U;
        const top = y - 3.2 * U;
        return (
          <g key={territory} data-testid={`map-odds-${slug(territory)}`} data-p={chanceOf(odds[territory], sea)} aria-label={`Odds of taking ${territory}: ${text}`}>
            <rect x={x - w / 2} y={top} width={w} height={1.9 * U} rx={0.5 * U} fill="#fffbe6" stroke="#8a6d00" strokeWidth={1} vectorEffect="non-scaling-stroke" />
            <text x={x} y={top + 1.4 * U} textAnchor="middle" fontSize={1.3 * U} fontWeight={700} fill="#3d3000">
              {text}
            </text>
          </g>
        );
      })}
    </g>
  );
}
