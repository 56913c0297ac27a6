// The unit silhouettes of the map (issue 12): one SVG symbol per unit type in public/unit-icons.svg,
// drawn with <use>. The file is fetched once and cached, so a board of a hundred stacks stays light
// and the silhouettes add nothing to the page's JavaScript. A silhouette takes its <use>'s fill.
import type { UnitType } from "../../../../server/rulesets/1942/engine/types";

export const UNIT_ICONS = "/unit-icons.svg";

/** One silhouette, `size` map units square, its top left at (x, y). */
export function UnitIcon({ type, x, y, size, fill }: { type: UnitType; x: number; y: number; size: number; fill: string }) {
  return <use href={`${UNIT_ICONS}#${type}`} x={x} y={y} width={size} height={size} fill={fill} pointerEvents="none" />;
}
