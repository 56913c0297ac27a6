// The units on the map (issue 12): small icons, a unit-type silhouette in the nation's colour with its
// count, laid out by stack-layout.ts so that none covers another and they keep off the names. At the
// whole world's zoom, and wherever the split form has no room, a territory shows one stack per nation
// (its most numerous type, drawn as a pile, with the total); a click on the player's own zooms in to
// split it. Groups that can take orders are ringed in yellow and are buttons; units that all have
// orders are faded.
import { useContext, useMemo, useSyncExternalStore, type ReactNode } from "react";
import { NATIONS, UNIT_TYPES, type Nation, type UnitCounts, type UnitType } from "../../../../server/rulesets/1942/engine/types";
import { unitName } from "../../../components/format";
import { slug, type UnitStack } from "../game-types";
import { FULL_VIEW, NATION_COLOUR, anchorOf } from "./map-geometry";
import { labelBoxes } from "./map-labels";
import { MapUnit, keyActivate } from "./map-layers";
import { TOKEN, layoutStacks } from "./stack-layout";
import { UnitIcon } from "./unit-icons";
import styles from "./board-map.module.css";

export interface StackProps {
  units: readonly UnitStack[];
  /** The ordering nation and what it may still order, per territory: its icons are buttons. */
  nation?: Nation;
  free?: (territory: string) => UnitCounts;
  onGroup?: (territory: string, type: UnitType) => void;
  /** Counts of the ordering nation's units per territory that already have orders: drawn faded. */
  ordered?: (territory: string) => UnitCounts;
  /** A click on the player's collapsed stack zooms in on its territory. */
  onZoomTo?: (territory: string) => void;
  /** The side of a finger's tap target (44 px on the screen), in the map's units; 0: none drawn. */
  tapSize?: number;
}

export { TOKEN };
/** The collapsed stack's pile: the plate behind is shifted by this much. */
const PILE = 0.35;
const RING = "#ffd400";

const isWorks = (t: UnitType) => t === "factory" || t === "aaGun";
const sortKey = (u: UnitStack) => NATIONS.indexOf(u.nation) * 100 + UNIT_TYPES.indexOf(u.type) + (u.aboard ? 50 : 0);

/** The type a nation's collapsed stack shows: its most numerous (the first in the unit table on a tie). */
export function dominantType(stacks: readonly UnitStack[]): UnitType {
  const counts = new Map<UnitType, number>();
  for (const u of stacks) counts.set(u.type, (counts.get(u.type) ?? 0) + u.count);
  return [...counts.entries()].sort((a, b) => b[1] - a[1] || UNIT_TYPES.indexOf(a[0]) - UNIT_TYPES.indexOf(b[0]))[0]![0];
}

/** One icon: a plate in the nation's colour (white with a dashed rim for cargo aboard), the silhouette, the count. */
function Token(props: { x: number; y: number; type: UnitType; count: number; nation: Nation; aboard?: boolean; ring: boolean; pile?: boolean }) {
  const U = useContext(MapUnit);
  const { x, y, type, count, nation, aboard, ring, pile } = props;
  const colour = NATION_COLOUR[nation];
  const p = pile ? PILE * U : 0;
  const w = TOKEN.w * U - p;
  const h = TOKEN.h * U - p;
  const top = y + p;
  const icon = h - 0.3 * U;
  const ink = aboard ? colour.unit : colour.ink;
  return (
    <>
      {pile ? <rect x={x + p} y={y} width={w} height={h} rx={0.5 * U} fill={colour.unit} stroke="#fff" strokeWidth={1} vectorEffect="non-scaling-stroke" opacity={0.7} /> : null}
      <rect
        x={x}
        y={top}
        width={w}
        height={h}
        rx={0.5 * U}
        fill={aboard ? "#fff" : colour.unit}
        stroke={ring ? RING : aboard ? colour.unit : "#fff"}
        strokeWidth={ring ? 2.5 : 1}
        strokeDasharray={aboard ? "3 2" : undefined}
        vectorEffect="non-scaling-stroke"
      />
      <UnitIcon type={type} x={x + 0.15 * U} y={top + 0.15 * U} size={icon} fill={ink} />
      <text x={x + 0.15 * U + icon + (w - icon - 0.15 * U) / 2} y={top + h * 0.72} textAnchor="middle" fontSize={1.6 * U} fontWeight={700} fill={ink} pointerEvents="none">
        {count}
      </text>
    </>
  );
}

/** Props of an SVG group that is a button, or of one that is only a picture. */
function button(label: string, action: (() => void) | null) {
  return action
    ? {
        role: "button",
        tabIndex: 0,
        "aria-label": label,
        onClick: (e: React.MouseEvent) => {
          e.stopPropagation();
          action();
        },
        onKeyDown: keyActivate(action),
      }
    : { "aria-hidden": true, pointerEvents: "none" };
}

/** Screens tapped with a finger: a phone's width, or a touch screen. */
const FINGERS = "(max-width: 56rem), (pointer: coarse)";
function onFingersChange(changed: () => void): () => void {
  const query = matchMedia(FINGERS);
  query.addEventListener("change", changed);
  return () => query.removeEventListener("change", changed);
}
const fingersNow = () => matchMedia(FINGERS).matches;
const noFingers = () => false;
function useFingers(): boolean {
  return useSyncExternalStore(onFingersChange, fingersNow, noFingers);
}

export function StackLayer({ units, nation, free, onGroup, ordered, onZoomTo, tapSize = 0, world, labels }: StackProps & { world: boolean; labels: { victoryCities: boolean; seaLabels: boolean } }) {
  const U = useContext(MapUnit);
  const W = TOKEN.w * U;
  const H = TOKEN.h * U;
  // For fingers, each icon gets a cell of a tap target's size (44 px, more than the icon's 31×18) and
  // is drawn in its middle: the cells never overlap, so every icon's tap target is 44×44 px at least.
  // The size moves in half steps of the map unit, so the layout is not worked out again at every frame
  // of a zoom. At the whole world's zoom the stacks keep their small cells (the world has no room).
  const fingers = useFingers();
  const tapU = fingers && !world && tapSize > 0 ? Math.ceil((tapSize / U) * 2) / 2 : 0;
  const CW = Math.max(W, tapU * U);
  const CH = Math.max(H, tapU * U);
  const GAP = tapU > 0 ? 0 : TOKEN.gap * U;
  const byTerritory = new Map<string, UnitStack[]>();
  for (const u of units) if (!isWorks(u.type)) byTerritory.set(u.at, [...(byTerritory.get(u.at) ?? []), u]);
  const territories = [...byTerritory.entries()].map(([at, stacks]) => [at, [...stacks].sort((a, b) => sortKey(a) - sortKey(b))] as const);
  const orderable = (at: string) => nation !== undefined && free !== undefined && Object.keys(free(at)).length > 0;
  const firstKey = territories.filter(([at]) => orderable(at)).map(([at]) => at).join("|");
  const layout = useMemo(
    () =>
      layoutStacks(
        territories.map(([at, stacks]) => ({ at, anchor: anchorOf(at), badges: stacks.length, nations: new Set(stacks.map((u) => u.nation)).size, first: firstKey.split("|").includes(at) })),
        { w: CW, h: CH, gap: GAP },
        { world, labels: labelBoxes(units, labels.victoryCities, labels.seaLabels, U), bounds: FULL_VIEW },
      ),
    // The layout follows the units, the zoom and the player's orderable territories.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [units, U, tapU, world, labels.victoryCities, labels.seaLabels, firstKey],
  );
  // The icon's top left corner, in the middle of its cell.
  const cell = (place: { x: number; y: number; cols: number }, i: number) => ({
    x: place.x + (i % place.cols) * (CW + GAP) + (CW - W) / 2,
    y: place.y + Math.floor(i / place.cols) * (CH + GAP) + (CH - H) / 2,
  });
  // Each icon that takes a tap has its tap target: its cell, or at the world's zoom a finger's size
  // around it, drawn under all the icons (a tap on an icon stays that icon's).
  const hits: ReactNode[] = [];
  const tapTarget = (id: string, at: { x: number; y: number }, action: () => void) => {
    if (!fingers || tapSize <= 0) return;
    const tw = tapU > 0 ? CW : Math.max(W, tapSize);
    const th = tapU > 0 ? CH : Math.max(H, tapSize);
    hits.push(
      <rect
        key={id}
        className={styles.badgeHit}
        x={at.x + W / 2 - tw / 2}
        y={at.y + H / 2 - th / 2}
        width={tw}
        height={th}
        data-hit-for={id}
        onClick={(e) => {
          e.stopPropagation();
          action();
        }}
      />,
    );
  };
  const stacks = territories.map(([at, sorted]) => {
    const [ax, ay] = anchorOf(at);
    const place = layout.get(at)!;
    const freeHere = nation && free ? free(at) : {};
    const leader = place.moved ? <line x1={ax} y1={ay} x2={place.x + CW / 2} y2={place.y + CH / 2} stroke="#1d232b" strokeWidth={1} vectorEffect="non-scaling-stroke" pointerEvents="none" /> : null;
    if (place.collapsed) {
      const nations = NATIONS.filter((n) => sorted.some((u) => u.nation === n));
      return (
        <g key={at} data-testid={`map-stacks-${slug(at)}`} data-territory={at} data-collapsed="1">
          {leader}
          {nations.map((n, i) => {
            const own = sorted.filter((u) => u.nation === n);
            const total = own.reduce((sum, u) => sum + u.count, 0);
            const zoomable = n === nation && orderable(at) && onZoomTo !== undefined;
            const label = `${total} units of ${n} in ${at}: ${own.map((u) => `${u.count} ${unitName(u.type, u.count)}${u.aboard ? " aboard" : ""}`).join(", ")}`;
            if (zoomable) tapTarget(`map-stack-${slug(n)}-all-${slug(at)}`, cell(place, i), () => onZoomTo!(at));
            return (
              <g
                key={n}
                data-testid={`map-stack-${slug(n)}-all-${slug(at)}`}
                data-total={total}
                className={zoomable ? "map-badge map-badge-active" : "map-badge"}
                {...button(`${label}. Zoom in to order them.`, zoomable ? () => onZoomTo!(at) : null)}
              >
                <title>{label}</title>
                <Token {...cell(place, i)} type={dominantType(own)} count={total} nation={n} ring={zoomable} pile />
              </g>
            );
          })}
        </g>
      );
    }
    return (
      <g key={at} data-testid={`map-stacks-${slug(at)}`} data-territory={at}>
        {leader}
        {sorted.map((u, i) => {
          const left = !u.aboard && u.nation === nation ? (freeHere[u.type] ?? 0) : 0;
          const active = left > 0 && onGroup !== undefined;
          // Every unit of this group has an order: it looks done (faded).
          const allOrdered = !u.aboard && u.nation === nation && ordered !== undefined && left === 0 && (ordered(at)[u.type] ?? 0) > 0;
          const label = `${u.count} ${unitName(u.type, u.count)} of ${u.nation} in ${at}${u.aboard ? ", aboard" : ""}${allOrdered ? ", all with orders" : ""}`;
          const id = `map-stack-${slug(u.nation)}-${u.type}${u.aboard ? "-aboard" : ""}-${slug(at)}`;
          if (active) tapTarget(id, cell(place, i), () => onGroup!(at, u.type));
          return (
            <g
              key={`${u.nation}-${u.type}-${u.aboard ? "a" : ""}`}
              data-testid={id}
              data-free={left}
              data-count={u.count}
              className={active ? "map-badge map-badge-active" : "map-badge"}
              data-ordered={allOrdered ? "1" : "0"}
              opacity={allOrdered ? 0.5 : undefined}
              {...button(`${label}: ${left} can take orders. Select one more.`, active ? () => onGroup!(at, u.type) : null)}
            >
              <title>{label}</title>
              <Token {...cell(place, i)} type={u.type} count={u.count} nation={u.nation} aboard={u.aboard} ring={active} />
            </g>
          );
        })}
      </g>
    );
  });
  return (
    <g className="map-stacks">
      <g className="map-badge-hits" aria-hidden>
        {hits}
      </g>
      {stacks}
    </g>
  );
}
