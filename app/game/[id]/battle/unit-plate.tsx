// One unit as the map draws it (stack-layer.tsx's token): the unit type's silhouette from the map's
// sprite on a plate in its nation's colour, for the battle board outside the map's SVG.
import type { Nation, UnitType } from "../../../../server/rulesets/1942/engine/types";
import { NATION_COLOUR } from "../map/map-geometry";
import { UNIT_ICONS } from "../map/unit-icons";
import styles from "./battle-board.module.css";

/** `lost`: crossed out (a casualty, picked or taken); `damaged`: a battleship hit once (R6.4). */
export function UnitPlate({ type, nation, lost, damaged }: { type: UnitType; nation: Nation; lost?: boolean; damaged?: boolean }) {
  const colour = NATION_COLOUR[nation];
  return (
    <svg className={styles.plate} viewBox="0 0 28 28" aria-hidden="true" data-lost={lost ? "1" : undefined}>
      <rect x={0.5} y={0.5} width={27} height={27} rx={5} fill={colour.unit} stroke={damaged ? "#ffd84d" : "#fff"} strokeWidth={damaged ? 2.5 : 1} strokeDasharray={damaged ? "4 2" : undefined} />
      <use href={`${UNIT_ICONS}#${type}`} x={3} y={3} width={22} height={22} fill={colour.ink} />
      {lost ? <path d="M5,5 L23,23 M23,5 L5,23" stroke="#c1121f" strokeWidth={3.5} strokeLinecap="round" /> : null}
    </svg>
  );
}
