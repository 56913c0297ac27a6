"use client";
// A game's own options in the challenge form (Ruleset.options, offered by play.games): a checkbox for an
// option that is on or off, a number for a count (left empty: the scenario's own). The ruleset's setup
// judges the values when the challenge is made; the form only turns what was typed into numbers.

export interface OfferedOption {
  id: string;
  name: string;
  /** Without a kind the form does not offer the option (1942's house rules have a form of their own). */
  kind?: "flag" | "count";
}

/** What the form holds for each option: a checkbox's state, or the number as typed. */
export type OptionValues = Record<string, boolean | string>;

export function GameOptions({ options: offered, values, onChange }: { options: OfferedOption[]; values: OptionValues; onChange: (values: OptionValues) => void }) {
  const options = offered.filter((o) => o.kind);
  if (options.length === 0) return null;
  return (
    <fieldset className="seat-choices" data-testid="ruleset-options">
      <legend>Options</legend>
      {options.map((o) =>
        o.kind === "count" ? (
          <div key={o.id} className="form">
            <label htmlFor={`ruleset-option-${o.id}`}>{o.name}</label>
            <input
              id={`ruleset-option-${o.id}`}
              type="number"
              min="1"
              step="1"
              inputMode="numeric"
              placeholder="the scenario's"
              value={typeof values[o.id] === "string" ? (values[o.id] as string) : ""}
              onChange={(e) => onChange({ ...values, [o.id]: e.target.value })}
              data-testid={`ruleset-option-${o.id}`}
            />
          </div>
        ) : (
          <label key={o.id} className="checkbox">
            <input type="checkbox" checked={values[o.id] === true} onChange={(e) => onChange({ ...values, [o.id]: e.target.checked })} data-testid={`ruleset-option-${o.id}`} /> {o.name}
          </label>
        ),
      )}
    </fieldset>
  );
}

/** The challenge's `rules` from the form, or the first value that is no whole number, as the player reads it. */
export function rulesFrom(options: OfferedOption[], values: OptionValues): { rules: Record<string, boolean | number> } | { error: string } {
  const rules: Record<string, boolean | number> = {};
  for (const o of options) {
    const value = values[o.id];
    if (!o.kind) continue;
    if (o.kind === "flag") {
      if (value === true) rules[o.id] = true;
      continue;
    }
    if (typeof value !== "string" || value.trim() === "") continue;
    const n = Number(value);
    if (!Number.isInteger(n) || n < 1) return { error: `${o.name}: a whole number of at least 1, or empty for the scenario's.` };
    rules[o.id] = n;
  }
  return { rules };
}
