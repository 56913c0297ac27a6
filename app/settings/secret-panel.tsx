// The pieces the /settings panels that hand out a secret share (API tokens, webhooks): the secret
// shown once right after it is made, a choice of several options as checkboxes, and the list of what
// was made.
import styles from "./secret-panel.module.css";

/** A new secret, shown once: the server keeps only its hash (or never shows it again). */
export function SecretShownOnce({ what, secret, testId }: { what: string; secret: string; testId: string }) {
  return (
    <div className={`success ${styles.made}`} role="status" data-testid={`${testId}-new`}>
      <p>Copy {what} now; it is not shown again:</p>
      <code className={styles.secret} data-testid={`${testId}-secret`}>
        {secret}
      </code>
    </div>
  );
}

/** Checkboxes, one option a line; `testId` is followed by the option's value. */
export function CheckboxChoices<T extends string>(props: {
  legend: string;
  options: readonly { value: T; label: string }[];
  chosen: readonly T[];
  onChange: (chosen: T[]) => void;
  testId: string;
}) {
  const { chosen } = props;
  const toggle = (value: T, on: boolean) => props.onChange(on ? [...chosen.filter((x) => x !== value), value] : chosen.filter((x) => x !== value));
  return (
    <fieldset className={styles.choices}>
      <legend>{props.legend}</legend>
      {props.options.map(({ value, label }) => (
        <label key={value} className="checkbox">
          <input type="checkbox" checked={chosen.includes(value)} onChange={(e) => toggle(value, e.target.checked)} data-testid={`${props.testId}-${value}`} /> {label}
        </label>
      ))}
    </fieldset>
  );
}
