"use client";
// The replay of a resolved turn on the map (issue 6): moves step by step, stops and bounces marked,
// battles flashing where they happened, captures changing colour; step back and forth or play.
import { useQuery } from "@tanstack/react-query";
import { useContext, useEffect, useMemo, useState } from "react";
import { DEFAULT_BOARD } from "../../../../server/engine/board/default-board";
import type { Nation, UnitType } from "../../../../server/engine/types";
import { countsText } from "../../../components/format";
import { useTRPC } from "../../../trpc/client";
import { slug } from "../game-types";
import { BoardMap } from "./board-map";
import { NATION_COLOUR, anchorOf } from "./map-geometry";
import { MapUnit, type Arrow } from "./map-layers";
import { replayFrames, type Frame, type ReplayInput } from "./replay-timeline";
import { shortName } from "../../../components/battle-format";

const DEFAULT_OWNERS = Object.fromEntries(DEFAULT_BOARD.territories.filter((t) => t.owner).map((t) => [t.id, t.owner!])) as Record<string, Nation>;
const MARK: Record<string, string> = { stopped: "✋ stopped", bounced: "↩ bounced", destroyed: "✖ shot down", invalid: "⊘ invalid" };

export function Replay({ gameId, turn, victoryCities, open: openAtFirst }: { gameId: number; turn: number; victoryCities: boolean; open: boolean }) {
  const trpc = useTRPC();
  const history = useQuery({ ...trpc.game.history.queryOptions({ gameId }), staleTime: 60_000 });
  const [open, setOpen] = useState(openAtFirst);
  useEffect(() => {
    if (openAtFirst) setOpen(true);
  }, [openAtFirst]);
  const frames = useMemo(() => {
    const phases = history.data?.phases ?? [];
    const phase = phases.find((p) => p.turn === turn && p.report);
    if (!phase?.report) return null;
    const before = phases.find((p) => p.turn === turn - 1 && p.report);
    const input: ReplayInput = {
      orders: (phase.orders ?? {}) as ReplayInput["orders"],
      outcomes: phase.report.orders,
      battles: phase.report.battles,
      startOwners: before?.report?.owners ?? DEFAULT_OWNERS,
      endOwners: phase.report.owners,
    };
    return { list: replayFrames(input), outcomes: phase.report.orders };
  }, [history.data, turn]);
  const [index, setIndex] = useState(0);
  const [playing, setPlaying] = useState(false);
  const count = frames?.list.length ?? 0;
  useEffect(() => {
    if (!playing) return;
    if (index >= count - 1) return setPlaying(false);
    const t = setTimeout(() => setIndex((i) => Math.min(count - 1, i + 1)), 1100);
    return () => clearTimeout(t);
  }, [playing, index, count]);

  if (!frames) return null;
  const frame = frames.list[Math.min(index, count - 1)]!;
  const go = (i: number) => {
    setPlaying(false);
    setIndex(Math.max(0, Math.min(count - 1, i)));
  };
  return (
    <section className="card card-wide" aria-labelledby="replay-heading" data-testid="replay">
      <div className="card-head">
        <h2 id="replay-heading">Replay of turn {turn}</h2>
        <button type="button" className="button button-small button-quiet" aria-expanded={open} onClick={() => setOpen((o) => !o)} data-testid="replay-toggle">
          {open ? "Hide" : "Show on the map"}
        </button>
      </div>
      {open ? (
        <>
          <div className="replay-controls" role="toolbar" aria-label="Replay steps">
            <button type="button" className="button button-small button-quiet" onClick={() => go(0)} disabled={index === 0} data-testid="replay-start">
              First
            </button>
            <button type="button" className="button button-small button-quiet" onClick={() => go(index - 1)} disabled={index === 0} data-testid="replay-back">
              ◀ Back
            </button>
            <button type="button" className="button button-small" onClick={() => (index >= count - 1 ? (go(0), setPlaying(true)) : setPlaying((p) => !p))} data-testid="replay-play">
              {playing ? "Pause" : "Play"}
            </button>
            <button type="button" className="button button-small button-quiet" onClick={() => go(index + 1)} disabled={index >= count - 1} data-testid="replay-next">
              Next ▶
            </button>
            <button type="button" className="button button-small button-quiet" onClick={() => go(count - 1)} disabled={index >= count - 1} data-testid="replay-end">
              Last
            </button>
            <span role="status" aria-live="polite" data-testid="replay-step">
              {index + 1}/{count}: {frame.label}
            </span>
          </div>
          <BoardMap
            units={[]}
            owners={frame.owners}
            victoryCities={victoryCities}
            arrows={frame.tokens.filter((t) => t.walked.length > 0).map((t): Arrow => ({ id: `${slug(t.nation)}-${t.id}`, from: t.from, path: t.walked, kind: t.mark === "invalid" ? "bounced" : (t.mark ?? "completed") }))}
            overlay={<ReplayOverlay frame={frame} />}
            title={`Replay of turn ${turn}: ${frame.label}`}
            testId="map-replay"
          />
          <details className="small">
            <summary>What every order did</summary>
            <ul data-testid="replay-log">
              {frames.outcomes.map((o) => (
                <li key={`${o.nation}-${o.id}`}>
                  {o.nation} {o.id}: {o.status}, ended at {o.endedAt}
                  {o.reason ? ` — ${o.reason}` : ""}
                </li>
              ))}
            </ul>
          </details>
        </>
      ) : null}
    </section>
  );
}

/** The moving groups, their fates, and the battles of this frame. */
function ReplayOverlay({ frame }: { frame: Frame }) {
  const U = useContext(MapUnit);
  const seen = new Map<string, number>();
  return (
    <g className="map-replay" pointerEvents="none">
      {frame.battles.map((t) => {
        const [x, y] = anchorOf(t);
        return <circle key={t} className="map-battle" cx={x} cy={y} r={4 * U} fill="#d62828" data-testid={`map-replay-battle-${slug(t)}`} />;
      })}
      {frame.tokens.map((t) => {
        const n = seen.get(t.at) ?? 0;
        seen.set(t.at, n + 1);
        const [ax, ay] = anchorOf(t.at);
        const x = ax - 3.4 * U + (n % 2) * 6.8 * U;
        const y = ay - 2.6 * U + Math.floor(n / 2) * 2.6 * U;
        const colour = NATION_COLOUR[t.nation];
        const text = Object.entries(t.units)
          .map(([type, c]) => `${c} ${shortName(type as UnitType)}`)
          .join(" ");
        return (
          <g key={t.key} data-testid={`map-replay-unit-${slug(t.nation)}-${t.id}`} data-at={t.at} data-mark={t.mark ?? ""}>
            <title>{`${t.nation} ${t.id}: ${countsText(t.units)} at ${t.at}${t.mark ? ` (${t.mark})` : ""}`}</title>
            <rect x={x} y={y} width={6.6 * U} height={2.3 * U} rx={0.5 * U} fill={colour.unit} stroke={t.mark ? "#d62828" : "#ffd400"} strokeWidth={2} vectorEffect="non-scaling-stroke" />
            <text x={x + 3.3 * U} y={y + 1.7 * U} textAnchor="middle" fontSize={1.4 * U} fontWeight={600} fill={colour.ink}>
              {text}
            </text>
            {t.mark ? (
              <text x={x + 3.3 * U} y={y - 0.4 * U} textAnchor="middle" fontSize={1.4 * U} fill="#a4161a" stroke="#fff" strokeWidth={0.3 * U} paintOrder="stroke">
                {MARK[t.mark]}
              </text>
            ) : null}
          </g>
        );
      })}
    </g>
  );
}
