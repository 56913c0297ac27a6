"use client";
// The review of a resolved turn (issue 21): the board steps through the turn as the judge resolved
// it (review-steps.ts). Before the movement step the pieces stand where the turn began; from it on,
// where they ended, with every course drawn from the report; attacks are drawn from attacker to
// target and every roll shows its die, on the board and in the list. Play runs the steps by
// themselves, the ships gliding along their courses (review-player.tsx).
import type { ReactNode } from "react";
import type { GameReviewProps } from "../contract";
import { Glide, PlayButton, useStepPlayer } from "../review-player";
import { key, parseKey, type Hex } from "../../../server/rulesets/interplanetary/hex";
import type { Report, ReportLine } from "../../../server/rulesets/interplanetary/types";
import type { View } from "../../../server/rulesets/interplanetary/view";
import { boxAround, sideColour, toPixel } from "./geometry";
import { CourseLine, OrdnanceMark, ShipMark, spread } from "./pieces";
import { dieFace, reviewSteps } from "./review-steps";
import { SpaceMap } from "./space-map";
import styles from "./screen.module.css";

type SideView = Exclude<View, { viewer: "outsider" }>;

export function Review(props: GameReviewProps) {
  const before = props.before as View;
  const after = props.after as View;
  const report = props.report as Report;
  const steps = reviewSteps(report);
  const { at, setAt, playing, toggle } = useStepPlayer(steps.length);
  if (before.viewer === "outsider" || after.viewer === "outsider") return props.layout({ board: <p className={styles.note}>Turn {props.turn} was resolved.</p>, panel: null });
  const moved = steps.findIndex((s) => s.id === "movement");
  const shown: SideView = moved >= 0 && at >= moved ? after : before;
  const step = steps[at];
  const colourOf = (side: string) => sideColour(before.sides, side);
  // The first view: every piece that moved this turn, where it began and where it ended.
  const action = boxAround(
    report.lines.filter((l) => l.kind === "move" || l.kind === "ordnance-move").flatMap((l) => [parseKey(String(l.from)), parseKey(String(l.to))].filter((h): h is Hex => h !== null)),
    4,
  );
  const posOf = (id: unknown): Hex | null => after.ships.find((s) => s.id === id)?.pos ?? after.ordnance.find((o) => o.id === id)?.pos ?? before.ordnance.find((o) => o.id === id)?.pos ?? null;
  return props.layout({
    board: (
      <div className={styles.mapArea} data-testid="ip-review" data-step={step?.id ?? "none"}>
        <SpaceMap bases={shown.bases} sides={before.sides} home={action} title={`Review of turn ${props.turn}`} testId="review-map">
          {moved >= 0 && at >= moved
            ? steps[moved]!.lines.filter((l) => l.kind === "move" || l.kind === "ordnance-move").map((l, i) => {
                const owner = after.ships.find((s) => s.id === l.ship)?.side ?? after.ordnance.find((o) => o.id === l.ordnance)?.side ?? before.ordnance.find((o) => o.id === l.ordnance)?.side;
                return <CourseLine key={i} from={parseKey(String(l.from))!} to={parseKey(String(l.to))!} colour={owner ? colourOf(owner) : "#fff"} ghost={l.kind === "ordnance-move"} testId={`review-course-${l.ship ?? l.ordnance}`} />;
              })
            : null}
          <GlidingPieces start={before} shown={shown} />
          {step ? <AttackMarks lines={step.lines} posOf={posOf} /> : null}
        </SpaceMap>
      </div>
    ),
    panel: (
      <section className={styles.panel} aria-label="Review">
        <header className={styles.head}>
          <strong>Turn {props.turn}</strong>
          <span className={styles.muted}>
            step {Math.min(at + 1, steps.length)}/{steps.length}
          </span>
        </header>
        <div className={styles.actions}>
          <button type="button" className="button button-quiet" disabled={at === 0} onClick={() => setAt(at - 1)} data-testid="review-prev">
            ← Back
          </button>
          <PlayButton playing={playing} toggle={toggle} className="button button-secondary" />
          <button type="button" className="button" disabled={at >= steps.length - 1} onClick={() => setAt(at + 1)} data-testid="review-next">
            Next →
          </button>
        </div>
        {steps.map((s, i) => (
          <section key={i} className={`${styles.step} ${i === at ? styles.current : ""}`} data-testid={`review-step-${s.id}`} onClick={() => setAt(i)}>
            <h3>{s.title}</h3>
            <ul>
              {s.lines.map((l, j) => (
                <ReviewLine key={j} line={l} />
              ))}
            </ul>
          </section>
        ))}
      </section>
    ),
  });
}

/**
 * The pieces of a step, each drawn where it stood at the turn's start and gliding to where the step
 * shows it: a ship's course is a straight line between hex centres (IP1.3), so the glide follows it.
 */
function GlidingPieces({ start, shown }: { start: SideView; shown: SideView }) {
  const byHex = new Map<string, string[]>();
  for (const p of [...shown.ships, ...shown.ordnance]) byHex.set(key(p.pos), [...(byHex.get(key(p.pos)) ?? []), p.id]);
  const offset = (p: { id: string; pos: Hex }) => {
    const here = byHex.get(key(p.pos)) ?? [];
    return spread(here.indexOf(p.id), here.length);
  };
  const glide = (id: string, pos: Hex, from: Hex | undefined, draw: (at: Hex) => ReactNode) => {
    const a = toPixel(from ?? pos);
    const b = toPixel(pos);
    return (
      <Glide key={id} dx={b.x - a.x} dy={b.y - a.y}>
        {draw(from ?? pos)}
      </Glide>
    );
  };
  return (
    <g data-layer="pieces">
      {shown.ordnance.map((o) => glide(o.id, o.pos, start.ordnance.find((x) => x.id === o.id)?.pos, (at) => <OrdnanceMark o={{ ...o, pos: at }} colour={sideColour(shown.sides, o.side)} offset={offset(o)} />))}
      {shown.ships.map((s) => glide(s.id, s.pos, start.ships.find((x) => x.id === s.id)?.pos, (at) => <ShipMark ship={{ ...s, pos: at }} colour={sideColour(shown.sides, s.side)} offset={offset(s)} />))}
    </g>
  );
}

function ReviewLine({ line }: { line: ReportLine }) {
  const die = dieFace(line.roll);
  return (
    <li data-kind={line.kind} data-rule={line.rule}>
      {die ? (
        <span className={styles.die} aria-label={`die ${String(line.roll)}`} data-testid="die">
          {die}
        </span>
      ) : null}
      {line.text} <span className={styles.rule}>{line.rule}</span>
    </li>
  );
}

/** Attacks of the step: a line from the attacker to its target, and a ring on every ship hit. */
function AttackMarks({ lines, posOf }: { lines: ReportLine[]; posOf: (id: unknown) => Hex | null }) {
  return (
    <g pointerEvents="none" data-layer="attacks">
      {lines.map((l, i) => {
        if (l.kind !== "gun" && l.kind !== "attack" && l.kind !== "ordnance-attack" && l.kind !== "hit" && l.kind !== "destroyed") return null;
        const target = posOf(l.kind === "hit" || l.kind === "destroyed" ? l.ship : l.target);
        if (!target) return null;
        const t = toPixel(target);
        const source = l.kind === "gun" ? posOf(l.ship) : l.kind === "attack" ? posOf(l.source) : l.kind === "ordnance-attack" ? posOf(l.ordnance) : null;
        const s = source ? toPixel(source) : null;
        const miss = l.result === "M";
        // The die that decided it, beside the target (several rolls at one target stand side by side).
        const die = dieFace(l.roll);
        return (
          <g key={i} className={styles.flash}>
            {s ? <line x1={s.x} y1={s.y} x2={t.x} y2={t.y} stroke={miss ? "#9aa3ad" : "#ff5252"} strokeWidth={0.9} strokeDasharray="1.5 1" /> : null}
            <circle cx={t.x} cy={t.y} r={7} fill="none" stroke={l.kind === "destroyed" ? "#ff5252" : miss ? "#9aa3ad" : "#ffb347"} strokeWidth={1} />
            {die ? (
              <text x={t.x + 7.5 + (i % 3) * 5} y={t.y - 6} fontSize={6} fill="#fff" data-testid="board-die">
                {die}
              </text>
            ) : null}
          </g>
        );
      })}
    </g>
  );
}
