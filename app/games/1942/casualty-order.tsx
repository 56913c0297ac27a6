"use client";
// A nation's standing casualty order (R6.9; Ruleset.standing, play.setStanding), kept from turn to turn
// and read by its player alone. It decides nothing alone: a battle the nation leaves to its preference
// takes it. So a player sets it whenever it comes to mind — in the orders phase before any battle, in
// post-combat for the next turn — as well as beside the battles (preference-choice.tsx).
import { useEffect, useState } from "react";
import { CASUALTY_PREFERENCES, type CasualtyPreference } from "../../../server/rulesets/1942/engine/combat/preference";
import { CHOICES } from "../../game/[id]/battle-preferences";
import type { ActionResult } from "../contract";

/** The side's standing casualty order (play.standing, checked by the ruleset when saved), "default" when none is kept. */
export function standingOrder(standing: unknown): CasualtyPreference {
  const c = (standing as { casualties?: unknown } | null | undefined)?.casualties;
  return CASUALTY_PREFERENCES.includes(c as CasualtyPreference) ? (c as CasualtyPreference) : "default";
}

/** The choice itself: "My casualties, kept from turn to turn" and the three orders. */
export function CasualtyOrderSelect({ value, onChange, testId, disabled }: { value: CasualtyPreference; onChange: (c: CasualtyPreference) => void; testId: string; disabled?: boolean }) {
  return (
    <label className="small">
      My casualties, kept from turn to turn{" "}
      <select value={value} data-testid={testId} disabled={disabled} onChange={(e) => onChange(e.target.value as CasualtyPreference)}>
        {CHOICES.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </select>
    </label>
  );
}

/** The standing order in a phase without battles (orders, post-combat): the choice, and whether it was kept. */
export function CasualtyOrder({ standing, setStanding }: { standing: unknown; setStanding: (value: unknown) => Promise<ActionResult> }) {
  // The order chosen shows at once and stays while the game's view catches up (it refetches after
  // the save); a refusal puts back the order kept.
  const kept = standingOrder(standing);
  const [shown, setShown] = useState(kept);
  useEffect(() => setShown(kept), [kept]);
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState<{ ok: boolean; text: string } | null>(null);
  const change = async (casualties: CasualtyPreference) => {
    setShown(casualties);
    setBusy(true);
    const r = await setStanding({ casualties });
    setBusy(false);
    if (!r.ok) setShown(kept);
    setSaid(r.ok ? { ok: true, text: "Kept: your casualty order, this turn and the next ones." } : { ok: false, text: `${r.message}${r.rule && !r.message.includes(r.rule) ? ` (${r.rule})` : ""}` });
  };
  return (
    <section className="card stack" aria-labelledby="casualty-order-heading" data-testid="casualty-order">
      <h3 id="casualty-order-heading">Battles</h3>
      <CasualtyOrderSelect value={shown} onChange={(c) => void change(c)} testId="casualty-order-select" disabled={busy} />
      <p className="muted small">A battle you leave to it later (“Decide this and every later round for me”) takes your casualties in this order, with no submerge or withdrawal (R6.9). A decision you make yourself always counts.</p>
      {said ? (
        <p className={said.ok ? "note small" : "alert"} role={said.ok ? "status" : "alert"} data-testid="casualty-order-said">
          {said.text}
        </p>
      ) : null}
    </section>
  );
}
