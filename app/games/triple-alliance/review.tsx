"use client";
// The review of a turn on the table (TA2.3): step through before, movement, shooting (dice shown),
// hand-to-hand and withdrawals, and the end, each step drawn from the report over the turn's start.
// Play runs the steps by themselves, the units gliding to their new ground (review-player.tsx).
import { useMemo, type ReactNode } from "react";
import type { GameReviewProps } from "@/app/games/contract";
import { Glide, PlayButton, useStepPlayer } from "@/app/games/review-player";
import type { Pt } from "@/server/rulesets/triple-alliance/geometry";
import type { Report } from "@/server/rulesets/triple-alliance/types";
import type { View } from "@/server/rulesets/triple-alliance/view";
import styles from "./panel.module.css";
import { lineText, namer } from "./report-text";
import { reviewSteps, type Arrow } from "./review-steps";
import { Summary } from "./summary";
import { TableMap, useTable } from "./table-map";
import { GeneralShape, UnitShape } from "./unit-layer";

const COLOURS: Record<Arrow["kind"], string> = { move: "#3d4a5c", charge: "#7a1f14", shot: "#c0392b", melee: "#7a1f14", withdraw: "#8a6d1d" };

function ArrowsLayer({ arrows }: { arrows: Arrow[] }) {
  const { height: H, px } = useTable();
  return (
    <g pointerEvents="none" data-testid="ta-review-arrows">
      {arrows.map((a, i) => (
        <g key={i}>
          <line x1={a.from.x} y1={H - a.from.y} x2={a.to.x} y2={H - a.to.y} stroke={COLOURS[a.kind]} strokeWidth={(a.kind === "charge" || a.kind === "melee" ? 4 : 2.5) * px} strokeDasharray={a.kind === "shot" ? `${6 * px} ${4 * px}` : undefined} markerEnd="url(#ta-head)" opacity={0.9} />
          {a.label && (
            <g transform={`translate(${(a.from.x + a.to.x) / 2},${H - (a.from.y + a.to.y) / 2})`}>
              <rect x={-26 * px} y={-10 * px} width={52 * px} height={18 * px} rx={4 * px} fill="#fffdf4" stroke={COLOURS[a.kind]} strokeWidth={px} />
              <text y={4 * px} fontSize={12 * px} textAnchor="middle" fill="#222">
                {a.label}
              </text>
            </g>
          )}
        </g>
      ))}
      <defs>
        <marker id="ta-head" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="4" markerHeight="4" orient="auto-start-reverse">
          <path d="M0 0 L10 5 L0 10 z" fill="#333" />
        </marker>
      </defs>
    </g>
  );
}

export function Review(props: GameReviewProps) {
  const before = props.before as View;
  const after = props.after as View;
  if (before.kind !== "full" || after.kind !== "full") return props.layout({ board: <Summary view={(after.kind === "summary" ? after : before) as Extract<View, { kind: "summary" }>} />, panel: null });
  return <ReviewTable before={before.state} after={after.state} report={props.report as Report} gameId={props.gameId} layout={props.layout} />;
}

type FullState = Extract<View, { kind: "full" }>["state"];

/** The army of a step, each unit and general gliding from where it stood at the turn's start. */
function GlidingArmy({ start, shown }: { start: FullState; shown: FullState }) {
  const nationOfSide = (side: string) => shown.units.find((u) => u.side === side)?.nation ?? (shown.teams[side] === "Paraguay" ? "Paraguay" : "Brazil");
  const from = (id: string, pos: Pt) => start.units.find((u) => u.id === id)?.pos ?? start.generals.find((g) => g.id === id)?.pos ?? pos;
  // The table's y grows up the page, the screen's down.
  const glide = (id: string, pos: Pt, draw: (at: Pt) => ReactNode) => {
    const at = from(id, pos);
    return (
      <Glide key={id} dx={pos.x - at.x} dy={at.y - pos.y}>
        {draw(at)}
      </Glide>
    );
  };
  return (
    <g>
      {shown.generals.map((g) => glide(g.id, g.pos, (at) => <GeneralShape general={g} nation={nationOfSide(g.side)} at={at} />))}
      {shown.units.map((u) => glide(u.id, u.pos, (at) => <UnitShape unit={u} at={at} />))}
    </g>
  );
}

function ReviewTable({ before, after, report, gameId, layout }: { before: FullState; after: FullState; report: Report; gameId: number; layout: GameReviewProps["layout"] }) {
  const steps = useMemo(() => reviewSteps(before, after, report), [before, after, report]);
  const { at, setAt, playing, toggle } = useStepPlayer(steps.length, 1);
  const step = steps[at]!;
  const names = useMemo(() => namer(before, after), [before, after]);
  const shown = { ...before, units: step.units, generals: step.id === "after" || step.id === "melee" ? after.generals : before.generals };
  return layout({
    board: (
      <div className={styles.mapArea} data-testid="ta-review" data-step={step.id}>
        <TableMap battlefield={before.battlefield} storageKey={`ta-view:${gameId}`} label={`Turn ${report.turn}: ${step.title}`}>
          {step.gone.map((u) => (
            <UnitShape key={u.id} unit={u} ghost />
          ))}
          <GlidingArmy start={before} shown={shown} />
          <ArrowsLayer arrows={step.arrows} />
        </TableMap>
      </div>
    ),
    panel: (
      <section className={styles.panel} aria-label="Turn report">
        <p className={styles.turn}>
          <strong>Turn {report.turn}</strong> · {step.title}
        </p>
        <div className={styles.steps} role="tablist">
          {steps.map((x, i) => (
            <button key={x.id} type="button" role="tab" aria-selected={i === at} className={i === at ? styles.active : undefined} onClick={() => setAt(i)} data-testid={`ta-step-${x.id}`}>
              {x.title}
            </button>
          ))}
        </div>
        <div className={styles.commitButtons}>
          <button type="button" disabled={at === 0} onClick={() => setAt(at - 1)}>
            ← Back
          </button>
          <PlayButton playing={playing} toggle={toggle} />
          <button type="button" className={styles.primary} disabled={at === steps.length - 1} onClick={() => setAt(at + 1)} data-testid="ta-step-next">
            Next →
          </button>
        </div>
        <ol className={styles.log} data-testid="ta-review-log">
          {step.lines.length === 0 && <li className={styles.hint}>Nothing happened in this step.</li>}
          {step.lines.map((l, i) => (
            <li key={i}>{lineText(l, names)}</li>
          ))}
        </ol>
      </section>
    ),
  });
}
