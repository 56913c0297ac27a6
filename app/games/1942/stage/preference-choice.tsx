"use client";
// The standing casualty preference in a battles phase (R6.9, docs/rules-decisions.md): the player picks
// an order (cheapest first, keep my air, keep my armour) and may leave the rest of its battles to it —
// every decision of its side it does not make itself in those battles, this round and every later
// round of the turn, takes the preference, with no submerge or withdrawal. Kept in the side's batch
// (`prefer`, saved like a decision); battles left to it in an earlier phase of the turn are listed.
import { useState } from "react";
import type { CasualtyPreference } from "../../../../server/rulesets/1942/engine/combat/preference";
import type { BattleOrders } from "../../../../server/rulesets/1942/phases/battle-choices";
import { CHOICES } from "../../../game/[id]/battle-preferences";

export function PreferenceChoice({
  prefer,
  earlier,
  battles,
  locked,
  busy,
  onChange,
}: {
  /** The batch's preference, as saved. */
  prefer: BattleOrders["prefer"];
  /** The side's battles left to its preference in an earlier phase of this turn (StageView.preference). */
  earlier: { casualties: CasualtyPreference; battles: readonly string[] } | undefined;
  /** The battles the side decides in now: those the preference takes over. */
  battles: readonly string[];
  locked: boolean;
  busy: boolean;
  /** Null: the player decides its battles itself again. */
  onChange: (casualties: CasualtyPreference | null) => void;
}) {
  const [order, setOrder] = useState<CasualtyPreference>(prefer?.casualties ?? earlier?.casualties ?? "default");
  const shown = prefer?.casualties ?? order;
  const on = prefer !== undefined;
  const before = earlier?.battles.filter((b) => !battles.includes(b)) ?? [];
  return (
    <fieldset className="stack" data-testid="stage-prefer" disabled={locked || busy} style={{ border: 0, padding: 0, margin: 0 }}>
      <label className="small">
        My casualties{" "}
        <select
          value={shown}
          data-testid="stage-prefer-order"
          onChange={(e) => {
            const next = e.target.value as CasualtyPreference;
            setOrder(next);
            if (on) onChange(next);
          }}
        >
          {CHOICES.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </select>
      </label>
      <label className="small">
        <input type="checkbox" checked={on} data-testid="stage-prefer-rest" onChange={(e) => onChange(e.target.checked ? shown : null)} /> Decide the rest of my battles this turn with it
        {battles.length > 0 ? ` (${battles.join(", ")})` : ""}
      </label>
      <p className="muted small" data-testid="stage-prefer-note">
        {on
          ? "Left to your preference: every decision you do not make yourself in these battles, now and in their later rounds, takes it — no submerge or withdrawal (R6.9)."
          : "A decision you make yourself always counts; the preference only fills the ones you leave."}
        {before.length > 0 ? ` Already left to it earlier this turn: ${before.join(", ")}.` : ""}
      </p>
    </fieldset>
  );
}
