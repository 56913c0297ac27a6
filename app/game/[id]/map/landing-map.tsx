"use client";
// Post-combat landing on the map (R7.1): the selected aircraft's safe places are outlined, a click on
// one lands it there; an aircraft's badge selects it. Each chosen landing is drawn as an arrow. The
// map is drawn into the game screen's map area (a portal); the list of aircraft stays in the panel.
// It reads the player's kept view of the map but never writes it.
import { createPortal } from "react-dom";
import type { Nation, UnitCounts, UnitType } from "../../../../server/rulesets/1942/engine/types";
import type { Board } from "../game-types";
import { BoardMap } from "./board-map";
import { anchorOf } from "./map-geometry";
import type { Arrow } from "./map-layers";
import type { View } from "./use-map-zoom";

/** Where the landing map is drawn and how it opens (the same view the orders map keeps). */
export interface LandingMapHost {
  host: HTMLElement | null;
  nation: Nation | null;
  board: Board;
  victoryCities: boolean;
  storageKey: string;
  start: View | null;
}

/** One aircraft: its group (type and where it fought), its place in the group, its landing ("" = default). */
export interface Aircraft {
  type: string;
  from: string;
  index: number;
  to: string;
  destinations: readonly string[];
}

export function LandingMap({
  map,
  nation,
  aircraft,
  selected,
  readOnly,
  onSelect,
  onLand,
}: {
  map: LandingMapHost;
  nation: Nation;
  aircraft: readonly Aircraft[];
  selected: Aircraft | null;
  /** Locked (or saving): the landings show, nothing is clickable. */
  readOnly: boolean;
  /** A click on an aircraft badge: select the first aircraft of that group still there. */
  onSelect: (from: string, type: UnitType) => void;
  onLand: (to: string) => void;
}) {
  if (!map.host) return null;
  // The badges of aircraft that must land are buttons (one count per group still to choose).
  const free = (t: string): UnitCounts => {
    const counts: UnitCounts = {};
    for (const a of aircraft) if (a.from === t && a.destinations.length > 0) counts[a.type as UnitType] = (counts[a.type as UnitType] ?? 0) + 1;
    return counts;
  };
  const arrows: Arrow[] = aircraft
    .filter((a) => a.to && a.to !== a.from && (readOnly || a !== selected))
    .map((a) => ({ id: `land-${a.type}-${a.from}-${a.index}`, from: a.from, path: [a.to], kind: "draft" as const }));
  if (selected && !readOnly && selected.to && selected.to !== selected.from) arrows.push({ id: "land-selected", from: selected.from, path: [selected.to], kind: "pending" });
  // The selected aircraft and its safe places are brought into view.
  const focus = selected && !readOnly ? boxAround([selected.from, ...selected.destinations]) : null;
  return createPortal(
    <BoardMap
      units={map.board.units}
      owners={map.board.owners}
      victoryCities={map.victoryCities}
      nation={readOnly ? undefined : nation}
      free={free}
      onGroup={readOnly ? undefined : onSelect}
      selected={readOnly ? undefined : selected?.from}
      arrows={arrows}
      targets={selected && !readOnly ? selected.destinations : []}
      onTarget={onLand}
      targetVerb="Land in"
      focus={focus}
      storageKey={map.storageKey}
      // It opens on the player's view and moves to the aircraft being landed, but that view is this
      // phase's: the player's own comes back when the phase ends (issue 19).
      keepView={false}
      start={map.start}
      fill
      title={`Map of the board; landing ${nation}'s aircraft`}
      testId="landing-map"
    />,
    map.host,
  );
}

/** The box around some territories' anchors, with room for their badges. */
function boxAround(territories: readonly string[]): View {
  const points = territories.map(anchorOf);
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  // Room for the icons around the anchors, not only the anchors: a block of three icons is ~100 px wide,
  // and a box filling the map's width would cut the aircraft's own icons at its edge.
  const pad = 45;
  const x = Math.min(...xs) - pad;
  const y = Math.min(...ys) - pad;
  return { x, y, w: Math.max(...xs) + pad - x, h: Math.max(...ys) + pad - y };
}
