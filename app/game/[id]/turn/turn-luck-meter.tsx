// The whole-turn luck meter of the review (issue 24): per nation, how many of its attacks succeeded,
// where that sits among every way the turn could have gone (a bar: the turns that go worse, as well,
// and better), and, opened, each attack with its chance. Exact odds with the default choices (R6.9).
import type { NationLuck } from "../../../../server/rulesets/1942/engine/odds/turn-luck";
import { Citations } from "../../../rules/rule";
import { attackText, countText, nationText, parText, percent, worseText } from "./turn-luck-text";
import styles from "./turn-luck.module.css";

const slug = (s: string) => s.toLowerCase().replace(/[^a-z0-9]+/g, "-");

export function TurnLuckMeter({ luck }: { luck: readonly NationLuck[] }) {
  if (luck.length === 0) return null;
  return (
    <details className={styles.meter} open data-testid="turn-luck">
      <summary>
        <strong>Luck of the turn</strong> <span className="muted small">exact odds before the dice</span>
      </summary>
      <ul className={styles.nations}>
        {luck.map((l) => (
          <li key={l.nation}>
            <details data-testid={`turn-luck-${slug(l.nation)}`} data-worse={l.worse} data-better={l.better} data-succeeded={l.succeeded} data-attacks={l.attacks.length}>
              <summary className={styles.row} aria-label={nationText(l)}>
                <span className={styles.nation}>{l.nation}</span>
                <span className={styles.count} data-testid="turn-luck-count">
                  {countText(l)}
                </span>
                <span className={styles.bar} aria-hidden title={`worse ${percent(l.worse)} · as well ${percent(l.same)} · better ${percent(l.better)}`}>
                  <span className={styles.worse} style={{ width: `${l.worse * 100}%` }} />
                  <span className={styles.same} style={{ width: `${l.same * 100}%` }} />
                </span>
                <span className={styles.place} data-testid="turn-luck-place">
                  {worseText(l)} · <span data-par={parText(l)}>{parText(l)}</span>
                </span>
              </summary>
              <ul className={styles.attacks}>
                {l.attacks.map((a) => (
                  <li key={a.territory} data-testid="turn-luck-attack" data-p={a.p} data-succeeded={a.succeeded}>
                    {attackText(a)}
                  </li>
                ))}
                {l.unpriced.length > 0 ? (
                  <li className="muted" data-testid="turn-luck-unpriced">
                    Not counted, both sides moved in (a meeting, no exact odds): {l.unpriced.join(", ")}.
                  </li>
                ) : null}
                <li className="muted small">
                  Par {Math.round(l.expected * 10) / 10} of {l.attacks.length}; a battle with the default choices <Citations ids={["R6.9"]} />
                </li>
              </ul>
            </details>
          </li>
        ))}
      </ul>
    </details>
  );
}
