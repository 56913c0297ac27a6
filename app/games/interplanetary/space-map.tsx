"use client";
// The board on screen: an SVG that fills its box, with pan, zoom and pinch by d3-zoom through the
// 1942 map's own hook (the same gestures and kept view on every game). Pieces, courses and tap
// targets are the children, drawn over the board in map units.
import type { ReactNode } from "react";
import { useMapZoom, type View } from "../../game/[id]/map/use-map-zoom";
import type { BaseState } from "../../../server/rulesets/interplanetary/types";
import { BoardLayer } from "./board-layer";
import { FULL_VIEW } from "./geometry";
import styles from "./space-map.module.css";

export interface SpaceMapProps {
  bases: Record<string, BaseState>;
  sides: string[];
  /** Where the view is kept between visits (localStorage key). */
  storageKey?: string;
  /** A box to bring into view on demand ("my ships"). */
  home?: View | null;
  title: string;
  children?: ReactNode;
  testId?: string;
}

export function SpaceMap({ bases, sides, storageKey, home, title, children, testId = "space-map" }: SpaceMapProps) {
  // The first view, unless one is kept: the player's own ships, close enough to tap their endpoints.
  const zoom = useMapZoom(FULL_VIEW, { storageKey, start: home });
  return (
    <div className={styles.map} data-testid={testId}>
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
        {home ? (
          <button type="button" className={styles.tool} onClick={() => zoom.fit(home)} aria-label="My ships" title="My ships" data-testid="map-home">
            ◎
          </button>
        ) : null}
      </div>
      <svg
        ref={zoom.svgRef}
        className={styles.svg}
        viewBox={`${FULL_VIEW.x} ${FULL_VIEW.y} ${FULL_VIEW.w} ${FULL_VIEW.h}`}
        preserveAspectRatio="xMidYMid meet"
        role="group"
        aria-label={title}
        data-scale={zoom.scale}
        data-zoom={zoom.ready ? "ready" : "loading"}
      >
        <g transform={zoom.transform}>
          <BoardLayer bases={bases} sides={sides} />
          {children}
        </g>
      </svg>
    </div>
  );
}
