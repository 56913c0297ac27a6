// The exact spread of hits of a shot or charge (from odds.ts): one bar per hit count, its chance in
// sixths, the die faces that give it, and the chance of a base lost or the unit gone.
import type { Odds } from "./odds";
import styles from "./panel.module.css";

const PIPS = ["", "⚀", "⚁", "⚂", "⚃", "⚄", "⚅"];

export function OddsBars({ odds, title }: { odds: Odds; title: string }) {
  return (
    <figure className={styles.odds} data-testid="ta-odds">
      <figcaption>{title}</figcaption>
      <ul>
        {odds.spread.map((x) => (
          <li key={x.hits}>
            <span className={styles.oddsHits}>
              {x.hits} hit{x.hits === 1 ? "" : "s"}
            </span>
            <span className={styles.oddsBar} style={{ width: `${Math.round(x.chance * 100)}%` }} />
            <span className={styles.oddsChance}>
              {Math.round(x.chance * 6)}/6 <span aria-hidden="true">{odds.outcomes.filter((o) => o.hits === x.hits).map((o) => PIPS[o.roll]).join("")}</span>
            </span>
          </li>
        ))}
      </ul>
      <p className={styles.oddsNotes}>
        {odds.notes.join(" · ")}
        {odds.baseLost > 0 ? ` · a base lost ${Math.round(odds.baseLost * 6)}/6` : ""}
        {odds.eliminated > 0 ? ` · destroyed ${Math.round(odds.eliminated * 6)}/6` : ""}
      </p>
    </figure>
  );
}
