// The board itself (IP1.2, IP1.4): the hex grid, gravity hexes with their arrows (double around the
// Sun, dashed where weak, two where two-directed), the bodies, the asteroid belt and the bases.
// Drawn once: nothing here changes during a game but the bases' owners and ruins.
import { memo } from "react";
import { BOARD } from "../../../server/rulesets/interplanetary/board";
import { DIR_VECTORS, parseKey } from "../../../server/rulesets/interplanetary/hex";
import type { BaseState } from "../../../server/rulesets/interplanetary/types";
import { HEX, corners, gridPath, sideColour, toPixel } from "./geometry";

const GRID = gridPath();
const BODY_FILL: Record<string, string> = { Sun: "#ffcc33", Mercury: "#b0a89a", Venus: "#e8cf8a", Earth: "#3f8fd8", Moon: "#c9c9c9", Mars: "#d0623a", Jupiter: "#d9a66b" };

function GravityHexes() {
  return (
    <g data-layer="gravity">
      {[...BOARD.gravity].map(([k, g]) => {
        const h = parseKey(k)!;
        const c = toPixel(h);
        return (
          <g key={k}>
            <polygon points={corners(h)} fill={g.strength === 2 ? "rgba(255,170,40,0.22)" : g.weak ? "rgba(150,170,255,0.10)" : "rgba(150,170,255,0.2)"} />
            {g.arrows.map((a, i) => {
              const v = toPixel(DIR_VECTORS[a.dir]);
              const len = Math.hypot(v.x, v.y);
              const ux = v.x / len;
              const uy = v.y / len;
              // Two arrows of a two-directed hex sit side by side; a double arrow has two heads.
              const off = g.arrows.length > 1 ? (i === 0 ? -2.2 : 2.2) : 0;
              const sx = c.x - ux * 4.5 - uy * off;
              const sy = c.y - uy * 4.5 + ux * off;
              return (
                <line
                  key={a.dir}
                  x1={sx}
                  y1={sy}
                  x2={sx + ux * 8}
                  y2={sy + uy * 8}
                  stroke={g.strength === 2 ? "#ffb347" : "#9fb4ff"}
                  strokeWidth={0.9}
                  strokeDasharray={g.weak ? "1.5 1.2" : undefined}
                  markerEnd={g.strength === 2 ? "url(#ip-arrow-double)" : "url(#ip-arrow)"}
                />
              );
            })}
          </g>
        );
      })}
    </g>
  );
}

export const BoardLayer = memo(function BoardLayer({ bases, sides }: { bases: Record<string, BaseState>; sides: string[] }) {
  return (
    <g>
      <defs>
        <marker id="ip-arrow" viewBox="0 0 6 6" refX="5" refY="3" markerWidth="3" markerHeight="3" orient="auto">
          <path d="M0,0 L6,3 L0,6 Z" fill="#9fb4ff" />
        </marker>
        <marker id="ip-arrow-double" viewBox="0 0 12 6" refX="11" refY="3" markerWidth="6" markerHeight="3" orient="auto">
          <path d="M0,0 L6,3 L0,6 Z M6,0 L12,3 L6,6 Z" fill="#ffb347" />
        </marker>
      </defs>
      <path d={GRID} fill="none" stroke="#26304d" strokeWidth={0.5} />
      <GravityHexes />
      <g data-layer="asteroids">
        {[...BOARD.asteroids].map((k) => {
          const c = toPixel(parseKey(k)!);
          return (
            <g key={k} fill="#8d8373">
              <circle cx={c.x - 3} cy={c.y - 2} r={1.6} />
              <circle cx={c.x + 2.5} cy={c.y - 3} r={1.1} />
              <circle cx={c.x + 1} cy={c.y + 2.5} r={1.9} />
              <circle cx={c.x - 3.5} cy={c.y + 3} r={0.9} />
            </g>
          );
        })}
      </g>
      <g data-layer="bodies">
        {BOARD.bodies.map((b) => {
          const c = toPixel(b.hex);
          return (
            <g key={b.name}>
              <circle cx={c.x} cy={c.y} r={b.name === "Sun" ? HEX * 0.95 : HEX * 0.78} fill={BODY_FILL[b.name] ?? "#9aa3ad"} />
              <text x={c.x} y={c.y + HEX * 1.9} textAnchor="middle" fontSize={6} fill="#d8def0">
                {b.name}
              </text>
            </g>
          );
        })}
      </g>
      <g data-layer="bases">
        {[...BOARD.bases.values()].map((base) => {
          const c = toPixel(base.hex);
          const state = bases[base.id];
          const colour = state?.owner ? sideColour(sides, state.owner) : "#e6e6e6";
          return (
            <g key={base.id} opacity={state?.closed ? 0.45 : 1}>
              <title>{`${base.name} (${base.kind} base${state?.owner ? `, ${state.owner}'s` : ""}${state?.closed ? ", closed" : ""}${state?.destroyed ? ", destroyed" : ""})`}</title>
              <rect x={c.x - 2} y={c.y + 3.5} width={4} height={4} fill={state?.destroyed ? "none" : colour} stroke={colour} strokeWidth={0.7} transform={`rotate(45 ${c.x} ${c.y + 5.5})`} />
              {state?.destroyed ? <path d={`M${c.x - 3},${c.y + 2.5}L${c.x + 3},${c.y + 8.5}M${c.x + 3},${c.y + 2.5}L${c.x - 3},${c.y + 8.5}`} stroke="#ff5252" strokeWidth={0.8} /> : null}
            </g>
          );
        })}
      </g>
    </g>
  );
});
