// The survivor distribution of one side: for each type, a bar per number left, as tall as its chance.
import type { UnitType } from "@/server/rulesets/1942/engine/types";
import { unitName } from "../components/format";
import styles from "./calculator.module.css";

export function SurvivorChart({ title, survivors }: { title: string; survivors: Partial<Record<UnitType, number[]>> }) {
  const types = Object.entries(survivors) as [UnitType, number[]][];
  return (
    <figure className={styles.survivorChart}>
      <figcaption>{title}</figcaption>
      {types.map(([type, dist]) => {
        const top = Math.max(...dist, 1e-12);
        return (
          <div key={type} className={styles.survivorType} role="img" aria-label={`${title}: ${unitName(type)}, ${dist.map((p, k) => `${k} left ${(p * 100).toFixed(1)} %`).join(", ")}`}>
            <span className={styles.survivorName}>{unitName(type)}</span>
            <div className={styles.survivorBars}>
              {dist.map((p, k) => (
                <div key={k} className={styles.survivorBar} title={`${k} ${unitName(type, k)} left: ${(p * 100).toFixed(2)} %`}>
                  <div className={styles.survivorFill} style={{ height: `${(p / top) * 100}%` }} />
                  <span className={styles.survivorK}>{k}</span>
                </div>
              ))}
            </div>
          </div>
        );
      })}
    </figure>
  );
}
