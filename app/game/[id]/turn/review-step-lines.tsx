"use client";
// The sentences of one step of the turn review, each with its rule citations and dice; pointing at one
// lights its places on the map, a click, a tap or Enter keeps them lit (and brings them into view).
import { Citations } from "../../../rules/rule";
import { Dice } from "./story-view";
import type { PlacedLine } from "./review-steps";
import styles from "./review.module.css";

export function StepLines(props: { lines: readonly PlacedLine[]; only: string | null; chosen: number | null; onHover: (i: number | null) => void; onChoose: (i: number) => void }) {
  const shown = props.lines.map((l, i) => ({ l, i })).filter(({ l }) => props.only === null || l.places.includes(props.only));
  if (shown.length === 0) return <p className="muted small">Nothing in this step happened there.</p>;
  return (
    <ul className={styles.lineList}>
      {shown.map(({ l, i }, k) => {
        const prev = k > 0 ? shown[k - 1]!.l : undefined;
        const round = l.round !== undefined && l.round !== prev?.round ? l.round : undefined;
        return (
          <li
            key={i}
            className={`${styles.line} ${props.chosen === i ? styles.chosen : ""} ${l.round !== undefined ? styles.inRound : ""}`}
            data-testid="review-line"
            data-line-id={l.id ?? ""}
            data-places={l.places.join("|")}
            data-rules={l.rules.join(" ")}
            tabIndex={0}
            aria-current={props.chosen === i ? "true" : undefined}
            onMouseEnter={() => props.onHover(i)}
            onMouseLeave={() => props.onHover(null)}
            onClick={() => props.onChoose(i)}
            onKeyDown={(e) => {
              if (e.target === e.currentTarget && (e.key === "Enter" || e.key === " ")) {
                e.preventDefault();
                props.onChoose(i);
              }
            }}
          >
            {round !== undefined ? <span className={styles.round}>Round {round}</span> : null}
            {l.text}
            <Citations ids={l.rules} />
            {l.dice && l.dice.length > 0 ? (
              <>
                {" "}
                <Dice dice={l.dice} />
              </>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
