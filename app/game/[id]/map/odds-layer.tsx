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
        // Left of the territory's badges (a block about two badges wide around its anchor), so it
        // covers neither the units nor the name and markers above them.
        const w = (text.length * 0.75 + 1.4) * U;
        const right = x - 7 * U;
        const top = y - 1.4 * U;
        return (
          <g key={territory} data-testid={`map-odds-${slug(territory)}`} data-p={chanceOf(odds[territory], sea)} aria-label={`Odds of taking ${territory}: ${text}`}>
            <rect x={right - w} y={top} width={w} height={2.5 * U} rx={0.6 * U} fill="#1d232b" stroke="#ffd84d" strokeWidth={1.5} vectorEffect="non-scaling-stroke" />
            <text x={right - w / 2} y={top + 1.85 * U} textAnchor="middle" fontSize={1.75 * U} fontWeight={700} fill="#ffd84d">
              {text}
            </text>
          </g>
        );
      })}
    </g>
  );
}
