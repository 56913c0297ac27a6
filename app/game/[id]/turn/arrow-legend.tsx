// What the colours of the review's arrows say (the outcomes of R5.2), for the kinds on the map now.
import { ARROW_COLOUR, type Arrow } from "../map/map-layers";
import styles from "./review.module.css";

const WORDS: Partial<Record<Arrow["kind"], string>> = {
  pending: "fired at by AA",
  completed: "moved",
  stopped: "stopped short",
  bounced: "bounced",
  destroyed: "shot down",
};

export function ArrowLegend({ arrows }: { arrows: readonly { kind: Arrow["kind"] }[] }) {
  const kinds = (Object.keys(WORDS) as Arrow["kind"][]).filter((k) => arrows.some((a) => a.kind === k));
  if (kinds.length === 0) return null;
  return (
    <p className={`small muted ${styles.legend}`} data-testid="review-legend">
      Arrows:{" "}
      {kinds.map((k) => (
        <span key={k} className={styles.legendItem}>
          <span className={styles.swatch} style={{ background: ARROW_COLOUR[k] }} aria-hidden /> {WORDS[k]}
        </span>
      ))}
    </p>
  );
}
