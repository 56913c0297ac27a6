// A piece's course choices in selects, a ship's and a piece of ordnance's alike: its gravity choices
// for this turn (IP4.3 weak, IP4.4 two-directed), one per hex felt last turn that offers a choice, and
// a burn's direction (IP3.2, IP6.2).
import { DIRS, type Dir } from "../../../server/rulesets/interplanetary/hex";
import { gravityChoices } from "../../../server/rulesets/interplanetary/plot-aid";
import type { PendingGravity } from "../../../server/rulesets/interplanetary/types";
import styles from "./screen.module.css";

export function GravityFields({ pending, chosen, disabled, onChoose, testId }: { pending: PendingGravity[]; chosen: Record<string, string> | undefined; disabled: boolean; onChoose(hex: string, choice: string, byDefault: string): void; testId(hex: string): string }) {
  return (
    <>
      {gravityChoices(pending).map((g) => (
        <label key={g.hex} className={styles.field}>
          Gravity at {g.hex} ({g.options.includes("ignore") ? "weak, IP4.3" : "two-directed, IP4.4"})
          <select value={chosen?.[g.hex] ?? g.options[0]} disabled={disabled} onChange={(e) => onChoose(g.hex, e.target.value, g.options[0]!)} data-testid={testId(g.hex)}>
            {g.options.map((x) => (
              <option key={x} value={x}>
                {x === "ignore" ? "ignore it" : `pull ${x}`}
              </option>
            ))}
          </select>
        </label>
      ))}
    </>
  );
}

/** One burn: a direction, or none. */
export function BurnSelect({ value, disabled, onChange, testId }: { value: Dir | undefined; disabled: boolean; onChange(burn: Dir | undefined): void; testId: string }) {
  return (
    <select value={value ?? ""} disabled={disabled} onChange={(e) => onChange((e.target.value || undefined) as Dir | undefined)} data-testid={testId}>
      <option value="">none</option>
      {DIRS.map((d) => (
        <option key={d} value={d}>
          {d}
        </option>
      ))}
    </select>
  );
}
