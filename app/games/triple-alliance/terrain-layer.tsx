// Terrain of a battlefield (TA5.1): areas as filled polygons, rivers and roads as lines, names at
// their middle, clear of each other (terrain-labels.ts). Drawn once per battlefield; nothing here is clickable.
import { memo } from "react";
import type { Battlefield } from "@/server/rulesets/triple-alliance/types";
import { points, TERRAIN_FILL } from "./draw";
import styles from "./table.module.css";
import { placeTerrainLabels } from "./terrain-labels";

const ORDER = ["hill", "marsh", "lake", "woods", "town", "trench", "ford", "bridge"];

export const TerrainLayer = memo(function TerrainLayer({ battlefield: bf }: { battlefield: Battlefield }) {
  const H = bf.height;
  const areas = [...bf.areas].sort((a, b) => ORDER.indexOf(a.kind) - ORDER.indexOf(b.kind));
  const line = (pts: { x: number; y: number }[]) => pts.map((p) => `${p.x},${H - p.y}`).join(" ");
  return (
    <g aria-hidden="true">
      <defs>
        <pattern id="ta-marsh" width="24" height="12" patternUnits="userSpaceOnUse">
          <path d="M2 8 h8 M14 4 h8" stroke="#5f7f63" strokeWidth="1.5" />
        </pattern>
        <pattern id="ta-woods" width="30" height="30" patternUnits="userSpaceOnUse">
          <circle cx="8" cy="8" r="6" fill="#587f43" />
          <circle cx="23" cy="21" r="7" fill="#587f43" />
        </pattern>
        <pattern id="ta-town" width="26" height="26" patternUnits="userSpaceOnUse">
          <rect x="4" y="4" width="10" height="8" fill="#8d6f55" />
        </pattern>
      </defs>
      <rect x={0} y={0} width={bf.width} height={bf.height} className={styles.ground} />
      {bf.lines
        .filter((l) => l.kind === "road")
        .map((l, i) => (
          <polyline key={`r${i}`} points={line(l.points)} fill="none" stroke="#d9c9a0" strokeWidth={l.width ?? 40} strokeLinejoin="round" strokeLinecap="round" opacity={0.9} />
        ))}
      {areas.map((a, i) => {
        const fill = TERRAIN_FILL[a.kind] ?? "#ccc";
        const pattern = a.kind === "marsh" || a.kind === "woods" || a.kind === "town" ? `url(#ta-${a.kind})` : null;
        return (
          <g key={i} data-terrain={a.kind}>
            <polygon points={points(a.poly, H)} fill={fill} opacity={a.kind === "hill" ? 0.8 : 1} stroke={a.kind === "hill" ? "#a8925e" : a.kind === "trench" ? "#4d3f28" : "none"} strokeWidth={a.kind === "trench" ? 3 : 2} strokeDasharray={a.kind === "trench" ? "8 4" : undefined} />
            {pattern && <polygon points={points(a.poly, H)} fill={pattern} />}
          </g>
        );
      })}
      {bf.lines
        .filter((l) => l.kind === "river")
        .map((l, i) => (
          <polyline key={`w${i}`} points={line(l.points)} fill="none" stroke="#5b9ccc" strokeWidth={10} strokeLinejoin="round" strokeLinecap="round" />
        ))}
      {bf.areas
        .filter((a) => (a.kind === "ford" || a.kind === "bridge"))
        .map((a, i) => (
          <polygon key={`f${i}`} points={points(a.poly, H)} fill="none" stroke="#3f6f8f" strokeWidth={2} strokeDasharray="6 4" />
        ))}
      {placeTerrainLabels(bf).map((label, i) => (
        <text key={`n${i}`} x={label.x} y={label.y} className={styles.terrainName} textAnchor="middle">
          {label.name}
        </text>
      ))}
    </g>
  );
});
