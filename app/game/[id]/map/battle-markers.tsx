"use client";
// The battle phase on the map (R6): a marker on each battle's territory with who fights (the nations'
// colours and short names), the round, the live odds from here (the exact odds engine in the odds
// worker, as casualty-odds.tsx prices them) and "Your decision needed" where the viewer's side must
// choose. A click or a tap opens the battle in the Battles panel. The battle is read from the game
// screen's own query of game.get (no read path of its own), or given (`data`) by a phased game's stage
// screen from its StageView.
import { useQuery } from "@tanstack/react-query";
import { useContext, useLayoutEffect, useMemo, useRef, useState } from "react";
import type { Nation } from "../../../../server/rulesets/1942/engine/types";
import { useOddsList } from "../../../odds/use-odds-list";
import { useTRPC } from "../../../trpc/client";
import { focusBattle } from "../battle/battle-focus";
import { battleFromHere, chanceFor } from "../casualty-odds-input";
import { liveBattles, slug, type LiveBattle } from "../game-types";
import { battleMarks, defaultPicks, goalWords, NATION_SHORT, type BattleMark } from "./battle-marks";
import { FULL_VIEW, NATION_COLOUR, SHAPES, anchorOf } from "./map-geometry";
import { nameBox } from "./map-labels";
import { layoutMarkers, type Bounds, type Placed } from "./marker-layout";
import { LabelBoxes, MapUnit, keyActivate } from "./map-layers";
import { percent } from "./odds-layer";

/** A marker's size in marker units; one marker unit is the map's unit, or more where the map is small on the screen. */
const BOX = { h: 7.4, pad: 0.7, line: 2.2, font: 1.45 } as const;
/** A marker is at least this tall on the screen: a finger's tap target on a phone. */
const MIN_PX = 54;

/** The battles a marker layer draws, as a phased game's stage screen gives them. */
export interface MarkerData {
  battles: readonly LiveBattle[];
  requests: readonly { battle: string; round: number; mine: boolean; kind: string; default?: readonly number[] }[];
  myNations: readonly Nation[];
  lowLuck: boolean;
}

export function BattleMarkers({ gameId, data }: { gameId: number; data?: MarkerData }) {
  const trpc = useTRPC();
  const view = useQuery({ ...trpc.game.get.queryOptions({ gameId }), enabled: false }).data;
  const classic = view?.phase?.status === "battles" ? view.phase.pending : null;
  const requests = data ? data.requests : classic?.requests;
  const lowLuck = data ? data.lowLuck : view?.game.lowLuck === true;
  const myNations = data ? data.myNations : view?.myNations;
  const battles = useMemo(() => data?.battles ?? (classic ? liveBattles(classic) : []), [data, classic]);
  const marks = useMemo(() => (requests ? battleMarks(battles, requests, (myNations ?? []) as Nation[]) : []), [battles, requests, myNations]);
  const inputs = useMemo(
    () => battles.flatMap((b) => {
      // The hits already scored this round count, with their default casualties (R6.9).
      const input = battleFromHere(b, defaultPicks(b.territory, requests ?? []), lowLuck);
      return input ? [{ key: b.territory, input }] : [];
    }),
    [battles, requests, lowLuck],
  );
  const odds = useOddsList(inputs);
  const ref = useRef<SVGGElement>(null);
  const screen = useScreenView(ref);
  const perMapUnit = screen.perMapUnit;
  const U = useContext(MapUnit);
  // Never smaller on the screen than a tap target (the whole world on a phone draws the map's unit small).
  const k = perMapUnit > 0 ? Math.max(U, MIN_PX / (BOX.h * perMapUnit)) : U;
  const shown = marks.map((m) => {
    const o = odds[m.territory]?.result;
    const p = o ? chanceFor(m.oddsFor, m.attackerTeam, o, m.sea) : undefined;
    // A battle the calculator cannot price (attackers on both sides, or nobody left in it) shows no odds.
    const text = !inputs.some((i) => i.key === m.territory) ? null : p !== undefined ? `${percent(p)} %` : odds[m.territory]?.error ? "?" : "…";
    const [ax, ay] = anchorOf(m.territory);
    const shape = SHAPES.get(m.territory);
    return { mark: m, p, text, ax, ay, w: markerWidth(m, text) * k, h: BOX.h * k, own: shape ? nameBox(shape, U) : undefined };
  });
  // Markers kept apart (marker-layout.ts): on the screen's part of the map, or the whole map before it is measured.
  const bounds: Bounds = screen.view ?? { x0: FULL_VIEW.x, y0: FULL_VIEW.y, x1: FULL_VIEW.x + FULL_VIEW.w, y1: FULL_VIEW.y + FULL_VIEW.h };
  // They keep off the names and marks the map writes where they can (on a phone's whole world a marker
  // on its territory would cover its name).
  const names = useContext(LabelBoxes);
  const at = layoutMarkers(shown, bounds, names);
  return (
    <g ref={ref} className="map-battles" data-testid="map-battles">
      {shown.map((s, i) => (
        <Marker key={s.mark.territory} mark={s.mark} k={k} at={at[i]!} w={s.w} odds={s.text} p={s.p} />
      ))}
    </g>
  );
}

/** About how wide a line of text is, in marker units (the sans-serif's average glyph is ~0.62 em wide, bold ~0.68). */
const textWidth = (text: string, bold = false) => text.length * BOX.font * (bold ? 0.68 : 0.62);

const CHIP = 3.4;
const statusOf = (mark: BattleMark) => (mark.mine ? "Your decision needed" : "Waiting for decisions");

/** A marker's width in marker units: as wide as its longest line. */
function markerWidth(mark: BattleMark, odds: string | null): number {
  const nations = mark.sides.reduce((n, s) => n + s.nations.length, 0);
  const chipsWidth = nations * (CHIP + 0.35) + 2.2;
  const roundText = odds === null ? `Round ${mark.round}` : `Round ${mark.round} · ${odds} ${goalWords(mark)}`;
  return Math.max(chipsWidth, textWidth(roundText), textWidth(statusOf(mark), mark.mine)) + 2 * BOX.pad;
}

function Marker({ mark, k, at, w, odds, p }: { mark: BattleMark; k: number; at: Placed; w: number; odds: string | null; p: number | undefined }) {
  const [ax, ay] = anchorOf(mark.territory);
  const chip = CHIP;
  const status = statusOf(mark);
  const h = BOX.h * k;
  // On the territory, over its unit badges: during the battles the battle board tells what fights there.
  // Kept on the screen when its territory is (a territory at the map's edge) and off the other markers
  // (marker-layout.ts), then tied to it by a line.
  const { x, y } = at;
  const line = (i: number) => y + BOX.pad * k + (i + 0.78) * BOX.line * k;
  const open = () => focusBattle(mark.territory);
  let cx = x + BOX.pad * k;
  const chips: React.ReactNode[] = [];
  mark.sides.forEach((side, si) => {
    if (si === 1) {
      chips.push(
        <text key="vs" x={cx + 1.1 * k} y={line(0)} textAnchor="middle" fontSize={BOX.font * k} fill="#f4efe4">
          ⚔
        </text>,
      );
      cx += 2.2 * k;
    }
    for (const n of side.nations) {
      chips.push(
        <g key={n} data-nation={n}>
          <rect x={cx} y={line(0) - 1.55 * k} width={chip * k} height={2 * k} rx={0.4 * k} fill={NATION_COLOUR[n].unit} stroke="#fff" strokeWidth={0.8} vectorEffect="non-scaling-stroke" />
          <text x={cx + (chip * k) / 2} y={line(0)} textAnchor="middle" fontSize={1.25 * k} fontWeight={700} fill={NATION_COLOUR[n].ink}>
            {NATION_SHORT[n]}
          </text>
        </g>,
      );
      cx += (chip + 0.35) * k;
    }
  });
  return (
    <g
      role="button"
      tabIndex={0}
      aria-label={`${mark.label}${odds !== null ? `; odds ${goalWords(mark)} from here ${odds}` : ""}. Open the battle.`}
      data-testid={`map-battle-${slug(mark.territory)}`}
      data-territory={mark.territory}
      data-anchor={`${ax},${ay}`}
      data-round={mark.round}
      data-mine={mark.mine ? "1" : "0"}
      data-p={p}
      onClick={(e) => {
        e.stopPropagation();
        open();
      }}
      onKeyDown={keyActivate(open)}
      style={{ cursor: "pointer" }}
    >
      <title>{mark.label}</title>
      {x !== ax - w / 2 || y !== ay - h / 2 ? (
        <>
          <line x1={clamp(ax, x, x + w)} y1={clamp(ay, y, y + h)} x2={ax} y2={ay} stroke="#1d232b" strokeWidth={2} vectorEffect="non-scaling-stroke" />
          <circle cx={ax} cy={ay} r={0.6 * k} fill={mark.mine ? "#ffd84d" : "#c1121f"} stroke="#1d232b" strokeWidth={1.5} vectorEffect="non-scaling-stroke" />
        </>
      ) : null}
      <rect x={x} y={y} width={w} height={h} rx={0.8 * k} fill="#1d232b" fillOpacity={0.94} stroke={mark.mine ? "#ffd84d" : "#c1121f"} strokeWidth={mark.mine ? 3 : 2} vectorEffect="non-scaling-stroke" />
      {chips}
      <text x={x + BOX.pad * k} y={line(1)} fontSize={BOX.font * k} fill="#f4efe4">
        Round {mark.round}
        {odds !== null ? (
          <>
            {" · "}
            <tspan fontWeight={700} fill="#ffd84d" data-testid={`map-battle-odds-${slug(mark.territory)}`}>
              {odds}
            </tspan>{" "}
            {goalWords(mark)}
          </>
        ) : null}
      </text>
      {mark.mine ? (
        <>
          <rect x={x + 0.35 * k} y={line(2) - 1.6 * k} width={w - 0.7 * k} height={2.15 * k} rx={0.5 * k} fill="#ffd84d" />
          <text x={x + w / 2} y={line(2)} textAnchor="middle" fontSize={BOX.font * k} fontWeight={700} fill="#1d232b" data-testid={`map-battle-decide-${slug(mark.territory)}`}>
            {status}
          </text>
        </>
      ) : (
        <text x={x + BOX.pad * k} y={line(2)} fontSize={BOX.font * k} fill="#b9b2a4">
          {status}
        </text>
      )}
    </g>
  );
}

/** Markers keep this many pixels off the map's edges. */
const EDGE_PX = 4;

function clamp(v: number, lo: number, hi: number): number {
  return hi < lo ? v : Math.min(Math.max(v, lo), hi);
}

/**
 * Screen pixels per map unit where `ref` is drawn, and the part of the map on the screen (in map
 * coordinates): follows the map's zoom (its transform) and the window's size.
 */
function useScreenView(ref: React.RefObject<SVGGElement | null>): { perMapUnit: number; view: Bounds | null } {
  const [state, setState] = useState<{ perMapUnit: number; view: Bounds | null }>({ perMapUnit: 0, view: null });
  useLayoutEffect(() => {
    const g = ref.current;
    if (!g) return;
    const svg = g.ownerSVGElement;
    const measure = () => {
      const m = g.getScreenCTM();
      if (!m || !svg) return;
      const r = svg.getBoundingClientRect();
      const inv = m.inverse();
      const a = new DOMPoint(r.left + EDGE_PX, r.top + EDGE_PX).matrixTransform(inv);
      const b = new DOMPoint(r.right - EDGE_PX, r.bottom - EDGE_PX).matrixTransform(inv);
      setState({ perMapUnit: m.a, view: { x0: a.x, y0: a.y, x1: b.x, y1: b.y } });
    };
    measure();
    const zoomed = g.parentElement;
    const mutations = new MutationObserver(measure);
    if (zoomed) mutations.observe(zoomed, { attributes: true, attributeFilter: ["transform"] });
    const resize = new ResizeObserver(measure);
    if (svg) resize.observe(svg);
    return () => {
      mutations.disconnect();
      resize.disconnect();
    };
  }, [ref]);
  return state;
}
