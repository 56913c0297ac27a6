// The map's SVG layers, bottom to top: territories by owner, labels and markers (capitals, factories,
// AA guns, victory cities), order arrows, unit stacks, and the clickable destination outlines.
import { createContext, useContext, type KeyboardEvent } from "react";
import { NATIONS, UNIT_TYPES, type Nation, type UnitCounts, type UnitType } from "../../../../server/engine/types";
import { unitName } from "../../../components/format";
import { slug, type UnitStack } from "../game-types";
import { NATION_COLOUR, SEA_FILL, SHAPES, U as U0, anchorOf, arrowPath, capitalOf, victoryCitiesIn, type MapTerritory } from "./map-geometry";
import { shortName } from "../../../components/battle-format";
import { layoutStacks } from "./stack-layout";

const SHAPE_LIST = [...SHAPES.values()];

/**
 * One "map unit" at the current zoom: badges, labels and markers keep about the same size on the
 * screen while the map zooms, within limits (the whole world on a phone stays a sketch until zoomed).
 */
export const MapUnit = createContext(U0);

/** Enter or Space on an SVG "button" does what a click does. */
function keyActivate(action: () => void) {
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

/** Names, and the markers a player reads at a glance: ★ capital, ■ factory, ▲ AA gun, ● victory city (R9.1). */
export function LabelLayer({ units, victoryCities, seaLabels = true }: { units: readonly UnitStack[]; victoryCities: boolean; seaLabels?: boolean }) {
  const U = useContext(MapUnit);
  const factories = new Set(units.filter((u) => u.type === "factory").map((u) => u.at));
  const aa = new Set(units.filter((u) => u.type === "aaGun").map((u) => u.at));
  return (
    <g className="map-labels" pointerEvents="none">
      {SHAPE_LIST.map((t: MapTerritory) => {
        const [x, y] = t.label as unknown as [number, number];
        const capital = capitalOf(t.id);
        const cities = victoryCities ? victoryCitiesIn(t.id) : [];
        const marks: { key: string; glyph: string; colour: string; title: string }[] = [];
        if (capital) marks.push({ key: "cap", glyph: "★", colour: NATION_COLOUR[capital].unit, title: `capital of ${capital}` });
        if (factories.has(t.id)) marks.push({ key: "fac", glyph: "■", colour: "#1d232b", title: "factory" });
        if (aa.has(t.id)) marks.push({ key: "aa", glyph: "▲", colour: "#1d232b", title: "AA gun" });
        for (const c of cities) marks.push({ key: `vc-${c.name}`, glyph: `●${c.points}`, colour: "#7a2e1f", title: `victory city ${c.name}, ${c.points} points` });
        const w = marks.length * 2.6 * U;
        return (
          <g key={t.id} data-testid={`map-label-${slug(t.id)}`}>
            <text
              x={x}
              y={y}
              textAnchor="middle"
              visibility={t.kind === "sea" && !seaLabels ? "hidden" : undefined}
              fontSize={1.45 * U}
              fontStyle={t.kind === "sea" ? "italic" : undefined}
              fill={t.kind === "sea" ? "#2d5a80" : "#1d232b"}
              stroke="rgba(255,255,255,0.8)"
              strokeWidth={0.35 * U}
              paintOrder="stroke"
            >
              {t.id}
            </text>
            {marks.map((m, i) => (
              <text
                key={m.key}
                x={x - w / 2 + (i + 0.5) * 2.6 * U}
                y={y + 1.9 * U}
                textAnchor="middle"
                fontSize={1.5 * U}
                fill={m.colour}
                stroke="#fff"
                strokeWidth={0.3 * U}
                paintOrder="stroke"
                data-testid={`map-mark-${m.key.split("-")[0]}-${slug(t.id)}`}
              >
                <title>{m.title}</title>
                {m.glyph}
              </text>
            ))}
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
const ARROW_COLOUR: Record<Arrow["kind"] | "attack", string> = {
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

export interface StackProps {
  units: readonly UnitStack[];
  /** The ordering nation and what it may still order, per territory: its badges are buttons. */
  nation?: Nation;
  free?: (territory: string) => UnitCounts;
  onGroup?: (territory: string, type: UnitType) => void;
  /** Counts of the ordering nation's units per territory that already have orders: drawn faded and marked. */
  ordered?: (territory: string) => UnitCounts;
  /** A click on the player's collapsed stack zooms in on its territory. */
  onZoomTo?: (territory: string) => void;
}

/**
 * Unit stacks as badges ("3 inf"), laid out by stack-layout.ts so that none covers another: split by
 * nation and type where there is room, else one stack per nation with its total (a click on the
 * player's own zooms in to split it), moved beside the anchor when even that has no room.
 */
export function StackLayer({ units, nation, free, onGroup, ordered, onZoomTo }: StackProps) {
  const U = useContext(MapUnit);
  const BADGE_W = 6.6 * U;
  const BADGE_H = 2.3 * U;
  const byTerritory = new Map<string, UnitStack[]>();
  for (const u of units) if (u.type !== "factory" && u.type !== "aaGun") byTerritory.set(u.at, [...(byTerritory.get(u.at) ?? []), u]);
  const order = (u: UnitStack) => NATIONS.indexOf(u.nation) * 100 + UNIT_TYPES.indexOf(u.type) + (u.aboard ? 50 : 0);
  const orderable = (at: string) => nation !== undefined && free !== undefined && Object.keys(free(at)).length > 0;
  const territories = [...byTerritory.entries()];
  const layout = layoutStacks(
    territories.map(([at, stacks]) => ({ at, anchor: anchorOf(at), badges: stacks.length, nations: new Set(stacks.map((u) => u.nation)).size, first: orderable(at) })),
    { w: BADGE_W, h: BADGE_H, gap: 0.2 * U },
  );
  return (
    <g className="map-stacks">
      {territories.map(([at, stacks]) => {
        const [ax, ay] = anchorOf(at);
        const place = layout.get(at)!;
        const sorted = [...stacks].sort((a, b) => order(a) - order(b));
        const freeHere = nation && free ? free(at) : {};
        if (place.collapsed) {
          const nations = NATIONS.filter((n) => sorted.some((u) => u.nation === n));
          return (
            <g key={at} data-testid={`map-stacks-${slug(at)}`} data-collapsed="1">
              {place.moved ? <line x1={ax} y1={ay} x2={place.x + BADGE_W / 2} y2={place.y + BADGE_H / 2} stroke="#1d232b" strokeWidth={1} vectorEffect="non-scaling-stroke" /> : null}
              {nations.map((n, i) => {
                const total = sorted.filter((u) => u.nation === n).reduce((sum, u) => sum + u.count, 0);
                const x = place.x + (i % place.cols) * BADGE_W;
                const y = place.y + Math.floor(i / place.cols) * (BADGE_H + 0.2 * U);
                const colour = NATION_COLOUR[n];
                const zoomable = n === nation && orderable(at) && onZoomTo !== undefined;
                const label = `${total} units of ${n} in ${at}: ${sorted
                  .filter((u) => u.nation === n)
                  .map((u) => `${u.count} ${unitName(u.type, u.count)}${u.aboard ? " aboard" : ""}`)
                  .join(", ")}`;
                return (
                  <g
                    key={n}
                    data-testid={`map-stack-${slug(n)}-all-${slug(at)}`}
                    data-total={total}
                    className={zoomable ? "map-badge map-badge-active" : "map-badge"}
                    {...(zoomable
                      ? {
                          role: "button",
                          tabIndex: 0,
                          "aria-label": `${label}. Zoom in to order them.`,
                          onClick: (e: React.MouseEvent) => {
                            e.stopPropagation();
                            onZoomTo!(at);
                          },
                          onKeyDown: keyActivate(() => onZoomTo!(at)),
                        }
                      : { "aria-hidden": true, pointerEvents: "none" })}
                  >
                    <title>{label}</title>
                    <rect x={x + 0.1 * U} y={y} width={BADGE_W * 0.6} height={BADGE_H} rx={BADGE_H / 2} fill={colour.unit} stroke={zoomable ? "#ffd400" : "#fff"} strokeWidth={zoomable ? 2.5 : 1} vectorEffect="non-scaling-stroke" />
                    <text x={x + 0.1 * U + BADGE_W * 0.3} y={y + BADGE_H * 0.74} textAnchor="middle" fontSize={1.5 * U} fontWeight={700} fill={colour.ink} pointerEvents="none">
                      {total}
                    </text>
                  </g>
                );
              })}
            </g>
          );
        }
        return (
          <g key={at} data-testid={`map-stacks-${slug(at)}`}>
            {sorted.map((u, i) => {
              const x = place.x + (i % place.cols) * BADGE_W;
              const y = place.y + Math.floor(i / place.cols) * (BADGE_H + 0.2 * U);
              const colour = NATION_COLOUR[u.nation];
              const left = !u.aboard && u.nation === nation ? (freeHere[u.type] ?? 0) : 0;
              const active = left > 0 && onGroup !== undefined;
              // Every unit of this stack has an order: it looks done (faded, with a tick).
              const allOrdered = !u.aboard && u.nation === nation && ordered !== undefined && left === 0 && (ordered(at)[u.type] ?? 0) > 0;
              const label = `${u.count} ${unitName(u.type, u.count)} of ${u.nation} in ${at}${u.aboard ? ", aboard" : ""}`;
              const id = `map-stack-${slug(u.nation)}-${u.type}${u.aboard ? "-aboard" : ""}-${slug(at)}`;
              return (
                <g
                  key={`${u.nation}-${u.type}-${u.aboard ? "a" : ""}`}
                  data-testid={id}
                  data-free={left}
                  className={active ? "map-badge map-badge-active" : "map-badge"}
                  data-ordered={allOrdered ? "1" : "0"}
                  opacity={allOrdered ? 0.55 : undefined}
                  {...(active
                    ? {
                        role: "button",
                        tabIndex: 0,
                        "aria-label": `${label}: ${left} can take orders. Select one more.`,
                        onClick: (e: React.MouseEvent) => {
                          e.stopPropagation();
                          onGroup!(at, u.type);
                        },
                        onKeyDown: keyActivate(() => onGroup!(at, u.type)),
                      }
                    : { "aria-hidden": true, pointerEvents: "none" })}
                >
                  <title>{label}</title>
                  <rect
                    x={x + 0.1 * U}
                    y={y}
                    width={BADGE_W - 0.2 * U}
                    height={BADGE_H}
                    rx={0.5 * U}
                    fill={u.aboard ? "#fff" : colour.unit}
                    stroke={active ? "#ffd400" : u.aboard ? colour.unit : "#fff"}
                    strokeWidth={active ? 2.5 : 1}
                    strokeDasharray={u.aboard ? "3 2" : undefined}
                    vectorEffect="non-scaling-stroke"
                  />
                  <text x={x + BADGE_W / 2} y={y + BADGE_H * 0.74} textAnchor="middle" fontSize={1.5 * U} fontWeight={600} fill={u.aboard ? colour.unit : colour.ink} pointerEvents="none">
                    {allOrdered ? "✓ " : ""}
                    {u.count} {shortName(u.type)}
                  </text>
                </g>
              );
            })}
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
