"use client";
// A 1942 turn told on the map (issue 19), in two parts a page places: the board (the game's one map,
// BoardMap, with the step's arrows, battles and captures) and the panel (the step control, the step's
// sentences, the luck meter, the legend, the story as text). The classic review page puts them in its
// own screen (review-screen.tsx); a game played a phase at a time hands them to the platform's frame
// (app/games/1942/review.tsx). The state they share — the step, the sentence pointed at or chosen, the
// place clicked — lives here, so both pages walk a turn alike.
import { useMemo, useRef, useState, type ReactNode } from "react";
import type { NationLuck } from "../../../../server/rulesets/1942/engine/odds/turn-luck";
import type { TurnReport } from "../../../../server/rulesets/1942/engine/turn";
import type { Nation } from "../../../../server/rulesets/1942/engine/types";
import type { OrderLike } from "../../../components/format";
import { Citations } from "../../../rules/rule";
import { BoardMap } from "../map/board-map";
import { placesBox } from "../map/map-geometry";
import { ArrowLegend } from "./arrow-legend";
import { ReviewOverlay } from "./review-overlay";
import { stepMap } from "./review-map-state";
import { reviewSteps } from "./review-steps";
import { StepLines } from "./review-step-lines";
import { TurnLuckMeter } from "./turn-luck-meter";
import styles from "./review.module.css";

export interface TurnReviewProps {
  turn: number;
  report: TurnReport;
  orders: Partial<Record<Nation, OrderLike[]>>;
  lowLuck: boolean;
  victoryCities: boolean;
  /** Each nation's luck over the whole turn (issue 24); empty when none was priced. */
  luck: readonly NationLuck[];
  /** Put at the panel's head (the classic page's title and links); the frame's bar holds them otherwise. */
  header?: ReactNode;
  /** The story as text, and the luck of the dice, under "Read as text". */
  children: ReactNode;
  /**
   * On a phone the sheet's peek shows the step control first and the luck meter after the sentences
   * (the frame's panel, whose own head is not the review's); the classic page keeps its own order.
   */
  stepsFirst?: boolean;
  /** A place was clicked on the map: a page that hides the panel (a phone's sheet) shows it. */
  onPlace?: () => void;
  /** Where the two parts go. */
  layout: (parts: { board: ReactNode; panel: ReactNode }) => ReactNode;
}

export function TurnReview(props: TurnReviewProps) {
  const { report, orders, turn } = props;
  const steps = useMemo(() => reviewSteps(report, orders, { lowLuck: props.lowLuck }), [report, orders, props.lowLuck]);
  const [index, setIndex] = useState(0);
  const step = steps[Math.min(index, steps.length - 1)]!;
  const map = useMemo(() => stepMap(report, orders, step.id), [report, orders, step.id]);
  // A sentence pointed at lights its places; a chosen one (click, tap, Enter) keeps them lit.
  const [hovered, setHovered] = useState<number | null>(null);
  const [chosen, setChosen] = useState<number | null>(null);
  // A place clicked on the map: the panel shows only its sentences.
  const [place, setPlace] = useState<string | null>(null);
  // The step control: a new step scrolls the panel holding it back to its top.
  const control = useRef<HTMLDivElement>(null);
  // The map opens on where the turn happened: every place its moves, battles and landings name (income
  // and victory name every capital, the whole world).
  const start = useMemo(() => placesBox([...new Set(steps.filter((s) => s.id !== "income").flatMap((s) => s.lines.flatMap((l) => l.places)))]), [steps]);

  const go = (i: number) => {
    setIndex(Math.max(0, Math.min(steps.length - 1, i)));
    setHovered(null);
    setChosen(null);
    setPlace(null);
    control.current?.closest("aside")?.scrollTo({ top: 0 });
  };
  const places = [...new Set(step.lines.flatMap((l) => l.places))];
  const active = hovered ?? chosen;
  const lit = active !== null ? (step.lines[active]?.places ?? []) : place ? [place] : [];
  // A chosen sentence's places, else the step's, are brought into view (when not in view already).
  const focus = placesBox(chosen !== null ? (step.lines[chosen]?.places ?? []) : places);

  const board = (
    <BoardMap
      units={[]}
      owners={map.owners}
      victoryCities={props.victoryCities}
      arrows={map.arrows}
      overlay={<ReviewOverlay marks={map.marks} turnedBack={map.turnedBack} places={places} lit={lit} picked={place ?? undefined} onPlace={(t) => (setPlace((p) => (p === t ? null : t)), setChosen(null), props.onPlace?.())} />}
      focus={focus}
      start={start}
      fill
      title={`Map of turn ${turn}: ${step.title}`}
      testId="review-map"
    />
  );
  const panel = (
    <>
      {props.header ? <div className={styles.head}>{props.header}</div> : null}
      {props.stepsFirst ? (
        <div className={styles.luckLater}>
          <TurnLuckMeter luck={props.luck} />
        </div>
      ) : (
        <TurnLuckMeter luck={props.luck} />
      )}
      <div ref={control} className={styles.steps}>
        <div className={styles.stepBar} role="toolbar" aria-label="Steps of the turn">
          <button type="button" className="button button-small button-quiet" onClick={() => go(index - 1)} disabled={index === 0} data-testid="review-back" aria-label="Previous step">
            ◀
          </button>
          <span className={styles.stepName} role="status" aria-live="polite" data-testid="review-step" data-step={step.id}>
            <span className="muted small">
              Step {index + 1} of {steps.length}
            </span>{" "}
            <strong>{step.title}</strong>
          </span>
          <button type="button" className="button button-small" onClick={() => go(index + 1)} disabled={index >= steps.length - 1} data-testid="review-next" aria-label="Next step">
            ▶
          </button>
        </div>
        <ol className={styles.stepList} aria-label="The turn's steps (R3)">
          {steps.map((s, i) => (
            <li key={s.id}>
              <button type="button" className={styles.stepChip} aria-current={i === index ? "step" : undefined} onClick={() => go(i)} data-testid={`review-step-${s.id}`}>
                {s.title}
              </button>
            </li>
          ))}
        </ol>
      </div>
      <section className={styles.lines} aria-labelledby="review-step-heading" data-testid="review-step-lines">
        <h2 id="review-step-heading" className={styles.stepHeading}>
          {place ? `${step.title} in ${place}` : step.title}
          <span className="muted small">
            <Citations ids={step.rules} />
          </span>
        </h2>
        {place ? (
          <button type="button" className="button button-small button-quiet" onClick={() => setPlace(null)} data-testid="review-all-places">
            Show all of this step
          </button>
        ) : null}
        <StepLines lines={step.lines} only={place} chosen={chosen} onHover={setHovered} onChoose={(i) => (setChosen((c) => (c === i ? null : i)), setPlace(null))} />
      </section>
      <ArrowLegend arrows={[...map.arrows, ...map.turnedBack]} />
      <details className={styles.text} data-testid="review-text">
        <summary>Read as text</summary>
        {props.children}
      </details>
    </>
  );
  return props.layout({ board, panel });
}
