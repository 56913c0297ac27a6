"use client";
// The casualty preference in a battles phase (R6.9, docs/rules-decisions.md): the side's standing
// order (cheapest first, keep my air, keep my armour), kept from turn to turn (play.setStanding, read
// by the side's player alone), and the battles left to it — one at a time under each battle ("Decide
// this and every later round for me", BattlePrefer) or all the side decides in now. Every decision of
// the side it does not make itself in those battles, this round and every later round of the turn,
// takes the standing order when the phase closes, with no submerge or withdrawal. The battles are kept
// in the side's batch (`prefer`, saved like a decision); those left in an earlier phase are listed.
import type { CasualtyPreference } from "../../../../server/rulesets/1942/engine/combat/preference";
import type { BattleOrders } from "../../../../server/rulesets/1942/phases/battle-choices";
import { CHOICES } from "../../../game/[id]/battle-preferences";
import { CasualtyOrderSelect } from "../casualty-order";
import { slug } from "../../../game/[id]/game-types";

export const orderLabel = (c: CasualtyPreference) => CHOICES.find((x) => x.value === c)?.label ?? c;

export function PreferenceChoice({
  standing,
  prefer,
  earlier,
  battles,
  locked,
  busy,
  onStanding,
  onRest,
}: {
  /** The side's standing casualty order (play.standing), "default" when none is kept. */
  standing: CasualtyPreference;
  /** The batch's preference, as saved. */
  prefer: BattleOrders["prefer"];
  /** The side's battles left to its preference in an earlier phase of this turn (StageView.preference). */
  earlier: { casualties: CasualtyPreference; battles: readonly string[] } | undefined;
  /** The battles the side decides in now. */
  battles: readonly string[];
  locked: boolean;
  busy: boolean;
  onStanding: (casualties: CasualtyPreference) => void;
  /** All of `battles` left to the preference (true) or none (false). */
  onRest: (on: boolean) => void;
}) {
  const left = prefer?.battles ?? [];
  const all = battles.length > 0 && battles.every((b) => left.includes(b));
  const before = earlier?.battles.filter((b) => !battles.includes(b)) ?? [];
  return (
    <fieldset className="stack" data-testid="stage-prefer" disabled={busy} style={{ border: 0, padding: 0, margin: 0 }}>
      <CasualtyOrderSelect value={standing} onChange={onStanding} testId="stage-prefer-order" />
      <label className="small">
        <input type="checkbox" checked={all} disabled={locked} data-testid="stage-prefer-rest" onChange={(e) => onRest(e.target.checked)} /> Decide the rest of my battles this turn with it
        {battles.length > 0 ? ` (${battles.join(", ")})` : ""}
      </label>
      <p className="muted small" data-testid="stage-prefer-note">
        {left.length > 0
          ? `Left to your preference: ${left.join(", ")} — every decision you do not make yourself there, now and in later rounds, takes it (no submerge or withdrawal, R6.9).`
          : "A decision you make yourself always counts; the preference only fills the ones you leave to it."}
        {before.length > 0 ? ` Already left to it earlier this turn: ${before.join(", ")}.` : ""}
      </p>
    </fieldset>
  );
}

/** Under one battle: leave this and every later round of it to the standing order, or take it back. */
export function BattlePrefer({
  battle,
  on,
  earlier,
  order,
  locked,
  busy,
  onChange,
}: {
  battle: string;
  /** Left to the preference in this phase's batch. */
  on: boolean;
  /** Left to it in an earlier phase of the turn: it stays so (no button). */
  earlier: boolean;
  order: CasualtyPreference;
  locked: boolean;
  busy: boolean;
  onChange: (on: boolean) => void;
}) {
  const id = `stage-prefer-${slug(battle)}`;
  if (earlier)
    return (
      <div className="battle-preferences" data-testid={id} data-on="1">
        <p className="note small" data-testid={`${id}-note`}>
          Left to your preference ({orderLabel(order)}) earlier this turn: every later round of {battle} is decided for you (R6.9).
        </p>
      </div>
    );
  return (
    <div className="battle-preferences" data-testid={id} data-on={on ? "1" : "0"}>
      {on ? (
        <p className="note small" data-testid={`${id}-note`}>
          Left to your preference ({orderLabel(order)}): this and every later round of {battle} are decided for you — no submerge or withdrawal (R6.9).
        </p>
      ) : null}
      {locked ? null : (
        <button type="button" className="button button-secondary" disabled={busy} onClick={() => onChange(!on)} data-testid={`${id}-toggle`}>
          {on ? "Decide it myself" : "Decide this and every later round for me"}
        </button>
      )}
    </div>
  );
}
