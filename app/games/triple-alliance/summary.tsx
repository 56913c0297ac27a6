// What an outsider sees of a battle (TA11.1): the scenario, the turn and the units left per army.
import type { View } from "@/server/rulesets/triple-alliance/view";
import styles from "./panel.module.css";

export function Summary({ view }: { view: Extract<View, { kind: "summary" }> }) {
  return (
    <section className={styles.card} data-testid="ta-summary">
      <h3>
        {view.scenario} · turn {view.turn}
      </h3>
      <ul>
        {Object.entries(view.unitsLeft).map(([team, n]) => (
          <li key={team}>
            {team}: {n} unit{n === 1 ? "" : "s"} on the table
          </li>
        ))}
      </ul>
      {view.ended && <p>{view.ended.reason}</p>}
    </section>
  );
}
