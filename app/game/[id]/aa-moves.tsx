"use client";
// R7.2 in the post-combat panel: each group of AA guns may stay or move one step to land the nation
// held at the start of the turn.
import type { AaChoice } from "./post-combat-port";
import { slug } from "./game-types";

/** Destination per AA group, keyed by where it stands ("" or absent: it stays). */
export type AaPicks = Record<string, string>;

export function AaMoves({ guns, picks, disabled, onPick }: { guns: AaChoice[]; picks: AaPicks; disabled: boolean; onPick: (from: string, to: string) => void }) {
  if (guns.length === 0) return null;
  return (
    <fieldset className="aa-moves">
      <legend>AA guns may move one step to land you held at the start of the turn (R7.2)</legend>
      {guns.map((g) => (
        <AaRow key={g.from} choice={g} value={picks[g.from] ?? ""} disabled={disabled} onChange={(to) => onPick(g.from, to)} />
      ))}
    </fieldset>
  );
}

function AaRow({ choice, value, disabled, onChange }: { choice: AaChoice; value: string; disabled: boolean; onChange: (to: string) => void }) {
  return (
    <label className="field-inline" data-testid={`aa-move-${slug(choice.from)}`}>
      {choice.count} AA gun{choice.count === 1 ? "" : "s"} in {choice.from}:{" "}
      <select value={value} disabled={disabled} onChange={(e) => onChange(e.target.value)}>
        <option value="">stay</option>
        {choice.destinations.map((to) => (
          <option key={to} value={to}>
            move to {to}
          </option>
        ))}
      </select>
    </label>
  );
}
