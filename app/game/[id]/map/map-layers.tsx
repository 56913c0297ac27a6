// The map's SVG layers, bottom to top: territories by owner, labels and markers (capitals, factories,
// AA guns, victory cities), the clickable destination outlines and order arrows (the unit stacks,
// above them all, are in stack-layer.tsx).
import { createContext, useContext, type KeyboardEvent } from "react";
import type { Nation } from "../../../../server/rulesets/1942/engine/types";
import { slug, type UnitStack } from "../game-types";
import { NATION_COLOUR, SEA_FILL, U as U0, arrowPath, type MapTerritory } from "./map-geometry";
import { LABEL, SHAPE_LIST, labelAt, marksOf, works } from "./map-labels";
import type { Rect } from "./stack-layout";
import { UnitIcon } from "./unit-icons";

/**
 * One "map unit" at the current zoom: badges, labels and markers keep about the same size on the
 * screen while the map zooms, within limits (the whole world on a phone stays a sketch until zoomed).
 */
export const MapUnit = createContext(U0);

/**
 * The boxes of what the label layer writes at this zoom (map-labels.ts: the names shown, and every
 * row of ★, factory and AA marks), for an overlay to keep clear (the battle markers, marker-layout.ts).
 */
export const LabelBoxes = createContext<readonly Rect[]>([]);

/** Enter or Space on an SVG "button" does what a click does. */
export function keyActivate(action: () => void) {
  return (e: KeyboardEvent) => {
    if (e.key === "Enter" || e.key === " ") {
      e.preventDefault();
      action();
    }
  };
}

/** Land by owner and the sea; nothing until the shapes have loaded (names and units show meanwhile). */
export function TerritoryLayer(props: { owners: Record<string, Nation>; selected?: string; paths?: Record<string, string>; onInspect?: (territory: string) => void }) {
  const { owners, selected, paths, onInspect } = props;
  if (!paths) return null;
  return (
    <g className="map-territories">
      {SHAPE_LIST.map((t) => {
        const owner = owners[t.id];
        const fill = t.kind === "sea" ? SEA_FILL : owner ? NATION_COLOUR[owner].land : "#e8e2d4";
        return (
          <path
            key={t.id}
            d={paths[t.id]}
            fillRule="evenodd"
            fill={fill}
            stroke={t.id === selected ? "#1d232b" : t.kind === "sea" ? "#9fbcd4" : "#6f6a60"}
            strokeWidth={t.id === selected ? 3 : 0.8}
            vectorEffect="non-scaling-stroke"
            data-testid={`map-territory-${slug(t.id)}`}
            data-territory={t.id}
            data-owner={owner ?? ""}
            onClick={onInspect ? () => onInspect(t.id) : undefined}
          >
            <title>{owner ? `${t.id} (${owner})` : t.id}</title>
          </path>
        );
      })}
    </g>
  );
}

export function CrossingLayer({ crossings }: { crossings: readonly { between: readonly [string, string] | string[]; path: string }[] }) {
  return (
    <g className="map-crossings" pointerEvents="none">
      {crossings.map((c) => (
        <path key={c.between.join("|")} d={c.path} fill="none" stroke="#6f6a60" strokeWidth={1.2} strokeDasharray="4 3" vectorEffect="non-scaling-stroke" />
      ))}
    </g>
  );
}

/** Names, and the markers a player reads at a glance (map-labels.ts): ★ capital, factory, AA gun, ● victory city (R9.1). */
export function LabelLayer({ units, victoryCities, written }: { units: readonly UnitStack[]; victoryCities: boolean; written: ReadonlySet<string> }) {
  const U = useContext(MapUnit);
  const at = works(units);
  return (
    <g className="map-labels" pointerEvents="none">
      {SHAPE_LIST.map((t: MapTerritory) => {
        const [x, y] = labelAt(t, U);
        const marks = marksOf(t, at, victoryCities);
        const w = marks.length * LABEL.markW * U;
        return (
          <g key={t.id} data-testid={`map-label-${slug(t.id)}`}>
            <text
              x={x}
              y={y}
              textAnchor="middle"
              visibility={written.has(t.id) ? undefined : "hidden"}
              fontSize={LABEL.font * U}
              fontStyle={t.kind === "sea" ? "italic" : undefined}
              fill={t.kind === "sea" ? "#2d5a80" : "#1d232b"}
              stroke="rgba(255,255,255,0.8)"
              strokeWidth={0.35 * U}
              paintOrder="stroke"
            >
              {t.id}
            </text>
            {marks.map((m, i) => {
              const cx = x - w / 2 + (i + 0.5) * LABEL.markW * U;
              const testId = `map-mark-${m.key.split("-")[0]}-${slug(t.id)}`;
              if (m.icon) {
                const s = 1.7 * U;
                const top = y + LABEL.markY * U - 0.8 * LABEL.markFont * U;
                return (
                  <g key={m.key} data-testid={testId}>
                    <title>{m.title}</title>
                    <rect x={cx - s / 2 - 0.1 * U} y={top - 0.1 * U} width={s + 0.2 * U} height={s + 0.2 * U} rx={0.3 * U} fill="rgba(255,255,255,0.85)" />
                    <UnitIcon type={m.icon} x={cx - s / 2} y={top} size={s} fill={m.colour} />
                  </g>
                );
              }
              return (
                <text
                  key={m.key}
                  x={cx}
                  y={y + LABEL.markY * U}
                  textAnchor="middle"
                  fontSize={LABEL.markFont * U}
                  fill={m.colour}
                  stroke="#fff"
                  strokeWidth={0.3 * U}
                  paintOrder="stroke"
                  data-testid={testId}
                >
                  <title>{m.title}</title>
                  {m.glyph}
                </text>
              );
            })}
          </g>
        );
      })}
    </g>
  );
}

export interface Arrow {
  id: string;
  from: string;
  path: readonly string[];
  unload?: string;
  /** Drawing style: the order in the draft, the one being built, or a replayed move's outcome. */
  kind: "draft" | "pending" | "completed" | "stopped" | "bounced" | "destroyed";
  /** The move ends where an enemy holds or stands: drawn as an attack, not a friendly move. */
  attack?: boolean;
}

const ATTACK_COLOUR = "#c1121f";
export const ARROW_COLOUR: Record<Arrow["kind"] | "attack", string> = {
  attack: ATTACK_COLOUR,
  draft: "#1f5fbf",
  pending: "#d4a000",
  completed: "#1f5fbf",
  stopped: "#b35c00",
  bounced: "#a4161a",
  destroyed: "#a4161a",
};

export function ArrowDefs() {
  return (
    <defs>
      {Object.entries(ARROW_COLOUR).map(([kind, colour]) => (
        <marker key={kind} id={`arrow-${kind}`} viewBox="0 0 10 10" refX="8" refY="5" markerWidth="5" markerHeight="5" orient="auto-start-reverse">
          <path d="M0,0 L10,5 L0,10 z" fill={colour} />
        </marker>
      ))}
    </defs>
  );
}

/**
 * Order arrows: friendly moves blue and dashed, attacks red and solid, the order being built yellow.
 * With `onArrow`, a draft order's arrow is a button that selects the order to change it.
 */
export function ArrowLayer({ arrows, onArrow }: { arrows: readonly Arrow[]; onArrow?: (id: string) => void }) {
  const U = useContext(MapUnit);
  return (
    <g className="map-arrows">
      {arrows.map((a) => {
        const style = a.attack && a.kind === "draft" ? "attack" : a.kind;
        const colour = ARROW_COLOUR[style];
        const clickable = onArrow !== undefined && a.kind === "draft";
        const d = a.path.length > 0 ? arrowPath(a.from, a.path) : null;
        const unload = a.unload ? arrowPath(a.path.length ? a.path[a.path.length - 1]! : a.from, [a.unload]) : null;
        return (
          <g
            key={a.id}
            data-testid={`map-arrow-${a.id}`}
            data-path={[a.from, ...a.path].join(">")}
            data-attack={a.attack ? "1" : "0"}
            pointerEvents={clickable ? "visibleStroke" : "none"}
            {...(clickable
              ? {
                  role: "button",
                  tabIndex: 0,
                  "aria-label": `Change order ${a.id}: ${[a.from, ...a.path].join(" to ")}`,
                  onClick: (e: React.MouseEvent) => {
                    e.stopPropagation();
                    onArrow!(a.id);
                  },
                  onKeyDown: keyActivate(() => onArrow!(a.id)),
                  style: { cursor: "pointer" },
                }
              : {})}
          >
            {clickable && d ? <path d={d} fill="none" stroke="transparent" strokeWidth={1.6 * U} strokeLinecap="round" data-testid={`map-arrow-hit-${a.id}`} /> : null}
            {d ? (
              <path
                d={d}
                fill="none"
                stroke={colour}
                strokeWidth={a.kind === "pending" ? 4 : style === "attack" ? 3.5 : 3}
                strokeDasharray={a.kind === "pending" ? "8 4" : style === "draft" ? "7 3" : undefined}
                strokeLinejoin="round"
                vectorEffect="non-scaling-stroke"
                markerEnd={`url(#arrow-${style})`}
                opacity={0.92}
                pointerEvents="none"
              />
            ) : null}
            {unload ? (
              <path d={unload} fill="none" stroke={colour} strokeWidth={2} strokeDasharray="3 3" vectorEffect="non-scaling-stroke" markerEnd={`url(#arrow-${style})`} pointerEvents="none" />
            ) : null}
          </g>
        );
      })}
    </g>
  );
}

/** Outlines the player may click: legal destinations (from the engine) and transport unload targets. */
export function TargetLayer(props: {
  targets: readonly string[];
  unloads: readonly string[];
  onTarget?: (t: string) => void;
  onUnload?: (t: string) => void;
  paths?: Record<string, string>;
  /** What a click on a target does ("Move to", or "Land in" after combat). */
  targetVerb?: string;
}) {
  const { targets, unloads, onTarget, onUnload, paths, targetVerb = "Move to" } = props;
  const draw = (t: string, kind: "target" | "unload", action?: (t: string) => void) => {
    const d = paths?.[t];
    if (!d) return null;
    const verb = kind === "target" ? targetVerb : "Unload into";
    return (
      <path
        key={`${kind}-${t}`}
        d={d}
        fillRule="evenodd"
        className={`map-${kind}`}
        // A light wash and a strong outline: a large legal territory must not tint half a continent.
        fill={kind === "target" ? "rgba(255, 212, 0, 0.12)" : "rgba(31, 95, 191, 0.12)"}
        stroke={kind === "target" ? "#b38600" : "#1f5fbf"}
        strokeWidth={3}
        strokeDasharray="6 3"
        vectorEffect="non-scaling-stroke"
        role="button"
        tabIndex={0}
        aria-label={`${verb} ${t}`}
        data-testid={`map-${kind}-${slug(t)}`}
        data-territory={t}
        onClick={(e) => {
          e.stopPropagation();
          action?.(t);
        }}
        onKeyDown={keyActivate(() => action?.(t))}
        style={{ cursor: "pointer" }}
      >
        <title>{`${verb} ${t}`}</title>
      </path>
    );
  };
  return (
    <g className="map-targets">
      {targets.map((t) => draw(t, "target", onTarget))}
      {unloads.filter((t) => !targets.includes(t)).map((t) => draw(t, "unload", onUnload))}
    </g>
  );
}
