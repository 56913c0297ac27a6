"use client";
// The geographic map of the board (issue 6): owners, markers, unit stacks, arrows and clickable
// destinations, with zoom and pan. It draws what it is given; ordering and replay live elsewhere.
// Layers, bottom to top: land and sea, crossings, names and markers, destination outlines, arrows,
// unit badges. Badges lie above the outlines, so a click on a group under a neighbour's outline
// selects the group and never orders a move into the neighbour.
import dynamic from "next/dynamic";
import { useEffect, useMemo, type ReactNode } from "react";
import type { Nation } from "../../../../server/rulesets/1942/engine/types";
import type { OddsInput } from "../../../../server/rulesets/1942/engine/odds";
import type { UnitStack } from "../game-types";
import { FULL_VIEW, SEA_FILL, anchorOf } from "./map-geometry";
import { WORLD_SCALE, mapUnitAt, seaLabelsAt } from "./board-fit";
import { writtenLabels } from "./map-labels";
import { MapUnit, LabelBoxes, ArrowDefs, ArrowLayer, CrossingLayer, LabelLayer, TargetLayer, TerritoryLayer, type Arrow } from "./map-layers";
import type { StackProps } from "./stack-layer";
import { useTerritoryCard } from "./use-territory-card";
import { useMapShapes } from "./use-map-shapes";
import { useMapZoom, type View } from "./use-map-zoom";
import styles from "./board-map.module.css";
import type { CardAttack } from "./territory-card";

// The unit icons and their layout load just after the page (units show a moment after the map's names).
const StackLayer = dynamic(() => import("./stack-layer").then((m) => m.StackLayer), { ssr: false });
// The card loads when first shown (a click, a tap or a mouse resting on a territory): none of it in the first load.
const TerritoryCard = dynamic(() => import("./territory-card").then((m) => m.TerritoryCard), { ssr: false });


export interface BoardMapProps extends Omit<StackProps, "units"> {
  units: readonly UnitStack[];
  owners: Record<string, Nation>;
  victoryCities: boolean;
  selected?: string;
  arrows?: readonly Arrow[];
  targets?: readonly string[];
  unloads?: readonly string[];
  onTarget?: (territory: string) => void;
  /** What a click on a target does, for its label ("Move to" unless told). */
  targetVerb?: string;
  onUnload?: (territory: string) => void;
  /** A click on a draft order's arrow selects that order to change it. */
  onArrow?: (id: string) => void;
  /** The draft's attacks on a territory, for its card. */
  attacksOn?: (territory: string) => CardAttack[];
  /** The battle the territory card's "fill the calculator" link opens (default: the units there defending). */
  battleOn?: (territory: string) => OddsInput;
  /** Extra SVG on top (the replay's battle flashes). */
  overlay?: ReactNode;
  /** Where the player's view is kept (localStorage key); none: the view starts afresh. */
  storageKey?: string;
  /** false: this map starts from the kept view but never replaces it (the landing map's views are its phase's own). */
  keepView?: boolean;
  /** The first view when none is kept: the player's units (spectators see the whole board). */
  start?: View | null;
  /** The least zoom of a first view opened on `start` (default: close enough to order the player's units). */
  startScale?: number;
  /** A box the player must see (the aircraft being landed and its safe places): brought into view when it changes. */
  focus?: View | null;
  /** The map fills its box (the game screen) instead of keeping the map's proportions. */
  fill?: boolean;
  title: string;
  testId?: string;
}

export function BoardMap(props: BoardMapProps) {
  const { units, owners, victoryCities, selected, arrows = [], targets = [], unloads = [], onTarget, onUnload, onArrow, overlay, title, testId = "board-map" } = props;
  const shapes = useMapShapes();
  const zoom = useMapZoom(FULL_VIEW, { storageKey: props.storageKey, start: props.start, startScale: props.startScale, interactive: shapes !== null, keep: props.keepView !== false });
  // The territory whose card shows: a click or tap on it (where it is not a destination), or a mouse resting on it.
  const { card, close, pin, hoverProps } = useTerritoryCard();
  const { x, y, w, h } = zoom.view;
  // Zoom in on a territory (a click on a collapsed stack): a territory of Europe and its neighbours in
  // view (docs/map-projection.md: Europe is drawn large), or twice as close as now, so that a click again on a
  // stack still too crowded to split (a phone) zooms in further until it splits.
  const zoomTo = (territory: string) => {
    const [ax, ay] = anchorOf(territory);
    const w = Math.min(400, zoom.view.w / 2);
    zoom.fit({ x: ax - w / 2, y: ay - 0.3 * w, w, h: 0.6 * w });
  };
  // Bring the focus into view, unless the player's view already shows it all.
  const focus = props.focus;
  const focusKey = focus ? `${focus.x},${focus.y},${focus.w},${focus.h}` : "";
  const measured = zoom.perPixel > 0;
  useEffect(() => {
    if (!focus || !measured) return;
    const inView = focus.x >= x && focus.y >= y && focus.x + focus.w <= x + w && focus.y + focus.h <= y + h;
    if (!inView) zoom.fit(focus);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focusKey, measured]);
  // About 7 px on the screen per map unit (badge text ~11 px) at every zoom: badges keep their size on
  // the screen while the map grows (at most 1.6 times the base on the whole world, a sketch until zoomed).
  // The size moves in steps of about 8 %, so the icons' layout is worked out again only at each step
  // of a zoom, not at every frame of it.
  const unit = mapUnitAt(zoom.perPixel);
  // Names smaller than ~7 px cannot be read: the sea zones' names wait until the map is zoomed in.
  const seaLabels = seaLabelsAt(unit, zoom.perPixel);
  // The whole world, or most of it, in view: each territory shows one stack per nation with its total.
  const world = zoom.scale < WORLD_SCALE;
  // What the labels write at this zoom: drawn by the label layer, kept clear by the overlay's markers.
  const labels = useMemo(() => writtenLabels(units, victoryCities, seaLabels, unit), [units, victoryCities, seaLabels, unit]);
  return (
    <div className={`${styles.map} ${props.fill ? styles.fill : ""}`} data-testid={testId}>
      <div className={styles.tools} role="toolbar" aria-label="Zoom and pan the map">
        <button type="button" className={styles.tool} onClick={zoom.zoomIn} aria-label="Zoom in" data-testid="map-zoom-in">
          +
        </button>
        <button type="button" className={styles.tool} onClick={zoom.zoomOut} aria-label="Zoom out" data-testid="map-zoom-out">
          −
        </button>
        <button type="button" className={styles.tool} onClick={zoom.reset} aria-label="Whole map" title="Whole map" data-testid="map-zoom-reset">
          ⤢
        </button>
        <span className={styles.pan}>
          <button type="button" className={styles.tool} onClick={() => zoom.pan(-0.2, 0)} aria-label="Pan west">
            ←
          </button>
          <button type="button" className={styles.tool} onClick={() => zoom.pan(0, -0.2)} aria-label="Pan north">
            ↑
          </button>
          <button type="button" className={styles.tool} onClick={() => zoom.pan(0, 0.2)} aria-label="Pan south">
            ↓
          </button>
          <button type="button" className={styles.tool} onClick={() => zoom.pan(0.2, 0)} aria-label="Pan east">
            →
          </button>
        </span>
      </div>
      <svg
        ref={zoom.svgRef}
        className={styles.svg}
        viewBox={`${FULL_VIEW.x} ${FULL_VIEW.y} ${FULL_VIEW.w} ${FULL_VIEW.h}`}
        preserveAspectRatio="xMidYMid meet"
        role="group"
        aria-label={title}
        data-viewbox={`${x} ${y} ${w} ${h}`}
        data-scale={zoom.scale}
        data-shapes={shapes ? "loaded" : "loading"}
        data-zoom={zoom.ready ? "ready" : "loading"}
        data-world={world ? "1" : "0"}
        {...hoverProps}
        style={{ background: SEA_FILL }}
      >
        <MapUnit.Provider value={unit}>
          <ArrowDefs />
          <g transform={zoom.transform}>
            <TerritoryLayer owners={owners} selected={selected} paths={shapes?.paths} onInspect={pin} />
            <CrossingLayer crossings={shapes?.crossings ?? []} />
            <LabelLayer units={units} victoryCities={victoryCities} written={labels.names} />
            <TargetLayer targets={targets} unloads={unloads} onTarget={onTarget} onUnload={onUnload} paths={shapes?.paths} targetVerb={props.targetVerb} />
            <ArrowLayer arrows={arrows} onArrow={onArrow} />
            <StackLayer
              units={units}
              nation={props.nation}
              free={props.free}
              onGroup={props.onGroup}
              ordered={props.ordered}
              onZoomTo={zoomTo}
              tapSize={zoom.perPixel > 0 ? 44 * zoom.perPixel : 0}
              world={world}
              labels={{ victoryCities, seaLabels }}
            />
            <LabelBoxes.Provider value={labels.boxes}>{overlay}</LabelBoxes.Provider>
          </g>
        </MapUnit.Provider>
      </svg>
      {card ? (
        <TerritoryCard
          territory={card.territory}
          hover={!card.pinned}
          side={card.side}
          owners={owners}
          units={units}
          attacks={props.attacksOn?.(card.territory)}
          battle={props.battleOn?.(card.territory)}
          onClose={close}
        />
      ) : null}
    </div>
  );
}
