"use client";
// The geographic map of the board (issue 6): owners, markers, unit stacks, arrows and clickable
// destinations, with zoom and pan. It draws what it is given; ordering and replay live elsewhere.
import type { ReactNode } from "react";
import type { Nation } from "../../../../server/engine/types";
import type { UnitStack } from "../game-types";
import { CROSSINGS, FULL_VIEW, U } from "./map-geometry";
import { MapUnit, ArrowDefs, ArrowLayer, CrossingLayer, LabelLayer, StackLayer, TargetLayer, TerritoryLayer, type Arrow, type StackProps } from "./map-layers";
import { useZoom } from "./use-zoom";

export interface BoardMapProps extends Omit<StackProps, "units"> {
  units: readonly UnitStack[];
  owners: Record<string, Nation>;
  victoryCities: boolean;
  selected?: string;
  arrows?: readonly Arrow[];
  targets?: readonly string[];
  unloads?: readonly string[];
  onTarget?: (territory: string) => void;
  onUnload?: (territory: string) => void;
  /** Extra SVG on top (the replay's battle flashes). */
  overlay?: ReactNode;
  title: string;
  testId?: string;
}

export function BoardMap(props: BoardMapProps) {
  const { units, owners, victoryCities, selected, arrows = [], targets = [], unloads = [], onTarget, onUnload, overlay, title, testId = "board-map" } = props;
  const zoom = useZoom(FULL_VIEW);
  const { x, y, w, h } = zoom.view;
  // About 7 px on the screen per map unit (badge text ~11 px), kept between a quarter and 1.6 times the base.
  const unit = zoom.perPixel > 0 ? Math.min(1.6 * U, Math.max(0.25 * U, 7 * zoom.perPixel)) : U;
  // Names smaller than ~7 px cannot be read: the sea zones' names wait until the map is zoomed in.
  const seaLabels = zoom.perPixel === 0 || (1.45 * unit) / zoom.perPixel >= 7;
  return (
    <div className="board-map" data-testid={testId}>
      <div className="map-tools" role="toolbar" aria-label="Zoom and pan the map">
        <button type="button" className="button button-small button-quiet" onClick={zoom.zoomIn} aria-label="Zoom in" data-testid="map-zoom-in">
          +
        </button>
        <button type="button" className="button button-small button-quiet" onClick={zoom.zoomOut} aria-label="Zoom out" data-testid="map-zoom-out">
          −
        </button>
        <button type="button" className="button button-small button-quiet" onClick={zoom.reset} data-testid="map-zoom-reset">
          Whole map
        </button>
        <span className="map-pan">
          <button type="button" className="button button-small button-quiet" onClick={() => zoom.pan(-0.2, 0)} aria-label="Pan west">
            ←
          </button>
          <button type="button" className="button button-small button-quiet" onClick={() => zoom.pan(0, -0.2)} aria-label="Pan north">
            ↑
          </button>
          <button type="button" className="button button-small button-quiet" onClick={() => zoom.pan(0, 0.2)} aria-label="Pan south">
            ↓
          </button>
          <button type="button" className="button button-small button-quiet" onClick={() => zoom.pan(0.2, 0)} aria-label="Pan east">
            →
          </button>
        </span>
      </div>
      <svg
        ref={zoom.svgRef}
        className="map-svg"
        viewBox={`${x} ${y} ${w} ${h}`}
        preserveAspectRatio="xMidYMid meet"
        role="group"
        aria-label={title}
        data-viewbox={`${x} ${y} ${w} ${h}`}
        {...zoom.handlers}
      >
        <MapUnit.Provider value={unit}>
          <ArrowDefs />
          <rect x={FULL_VIEW.x} y={FULL_VIEW.y} width={FULL_VIEW.w} height={FULL_VIEW.h} fill="#dfeaf3" />
          <TerritoryLayer owners={owners} selected={selected} />
          <CrossingLayer crossings={CROSSINGS} />
          <LabelLayer units={units} victoryCities={victoryCities} seaLabels={seaLabels} />
          <ArrowLayer arrows={arrows} />
          <StackLayer units={units} nation={props.nation} free={props.free} onGroup={props.onGroup} />
          <TargetLayer targets={targets} unloads={unloads} onTarget={onTarget} onUnload={onUnload} />
          {overlay}
        </MapUnit.Provider>
      </svg>
    </div>
  );
}
