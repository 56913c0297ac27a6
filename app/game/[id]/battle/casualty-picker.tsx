"use client";
// The lead nation of a side picks its casualties (R6.2, R6.6): pre-filled with the player's standing
// preference (the default, R6.9, unless the player keeps air or armour for last); the player taps the
// units to lose on the battle board, or counts hits per kind with the steppers, and confirms once the
// hits given match the hits taken.
import { useState } from "react";
import { ruleWords } from "../../../components/battle-format";
import { errorText } from "../../../components/format";
import { CHOICES } from "../battle-preferences";
import { CasualtyOdds } from "../casualty-odds";
import { groupsOf, idsOf, outcomeOf, outcomeText, sameMultiset, type Group } from "./casualty-groups";
import { CasualtyTaps } from "./casualty-taps";
import { casualtyWhat, requestKey, type CasualtyRequest } from "./decision-words";
import { useDecide } from "./use-decide";
import styles from "../battle-decisions.module.css";

export function CasualtyPicker({ gameId, request, onChanged }: { gameId: number; request: CasualtyRequest; onChanged: () => void }) {
  const groups = groupsOf(request.candidates);
  // The picks the player's preference makes (the server runs the engine's preferredCasualties, as the
  // one-tap resolve does); the R6.9 default when the view carries none.
  const prefill = request.preferred?.units ?? request.default;
  const byPreference = request.preferred !== undefined && request.preferred.preference !== "default";
  const prefillHits = Object.fromEntries(groups.map((g) => [g.key, prefill.filter((id) => g.ids.includes(id)).length]));
  // null until the player changes a count: a new preference re-fills an untouched picker.
  const [edited, setEdited] = useState<Record<string, number> | null>(null);
  const hits = edited ?? prefillHits;
  const decide = useDecide(onChanged, request);
  const need = Math.min(request.hits, groups.reduce((s, g) => s + g.ids.length * g.room, 0));
  const chosen = Object.values(hits).reduce((s, n) => s + n, 0);
  const ids = idsOf(groups, hits);
  const isPrefill = sameMultiset(ids, prefill);
  const isDefault = sameMultiset(ids, request.default);
  const busy = decide.isPending || decide.isSuccess;
  const send = (units: number[]) =>
    decide.mutate({ gameId, nation: request.chooser, battle: request.battle, round: request.round, step: request.step, decision: { kind: "casualties", units } });
  const set = (g: Group, n: number) => setEdited((h) => ({ ...(h ?? prefillHits), [g.key]: Math.max(0, Math.min(g.ids.length * g.room, n)) }));
  const preferenceWords = CHOICES.find((c) => c.value === request.preferred?.preference)?.label.toLowerCase();
  const id = requestKey(request);

  return (
    <form
      className={`form ${styles.picker}`}
      data-testid={id}
      onSubmit={(e) => {
        e.preventDefault();
        send(ids);
      }}
    >
      <p>
        <strong>
          {request.chooser}: choose {need} {need === 1 ? "casualty hit" : "casualty hits"}
        </strong>{" "}
        — {casualtyWhat(request)}
        {request.step === "submarine" ? "; submarine hits may only take ships" : ""}. You lead the {request.team} here (R6.2).
      </p>
      <p className="small muted" data-testid={`${id}-prefill`}>
        {byPreference ? `Pre-filled with your preference (${preferenceWords})` : "Pre-filled with the default (R6.9)"}: {outcomeText(outcomeOf(groups, prefill))}.
      </p>
      <CasualtyTaps id={id} groups={groups} hits={hits} disabled={busy} onSet={set} />
      <details className={styles.counts}>
        <summary className="small" data-testid={`${id}-counts`}>
          Or count the hits by kind
        </summary>
        <fieldset className="unit-counts picker-groups" disabled={busy}>
          <legend className="sr-only">Hits each kind of unit takes</legend>
          {groups.map((g) => {
            const max = g.ids.length * g.room;
            const value = hits[g.key] ?? 0;
            const inputId = `${id}-${g.testId}`;
            return (
              <div key={g.key} className={`unit-count ${styles.pickerRow}`}>
                <label htmlFor={inputId}>
                  {g.label} <span className="muted small">×{g.ids.length}</span>
                </label>
                <span className={styles.stepper}>
                  <button type="button" className="button button-secondary button-small" aria-label={`One hit less on ${g.label}`} disabled={value <= 0} onClick={() => set(g, value - 1)}>
                    −
                  </button>
                  <input id={inputId} data-testid={g.testId} type="number" inputMode="numeric" min={0} max={max} value={value} onChange={(e) => set(g, Number(e.target.value) || 0)} />
                  <button type="button" className="button button-secondary button-small" aria-label={`One hit more on ${g.label}`} disabled={value >= max} onClick={() => set(g, value + 1)}>
                    +
                  </button>
                </span>
              </div>
            );
          })}
        </fieldset>
      </details>
      <p className={chosen === need ? "small" : "field-error"} aria-live="polite" data-testid={`${id}-summary`}>
        {chosen} of {need} {need === 1 ? "hit" : "hits"} given
        {chosen === need
          ? `: you ${outcomeText(outcomeOf(groups, ids))}${isDefault ? " (the default)" : isPrefill ? " (your preference)" : ""}.`
          : chosen < need
            ? `: give ${need - chosen} more.`
            : `: ${chosen - need} too many.`}
      </p>
      {chosen === need ? <CasualtyOdds gameId={gameId} request={request} picks={ids} /> : null}
      {decide.error ? (
        <p className="alert" role="alert" data-testid={`${id}-error`}>
          {ruleWords(errorText(decide.error))}
        </p>
      ) : null}
      {decide.isSuccess ? (
        <p className="note small" role="status">
          {decide.sentText}
        </p>
      ) : null}
      {/* Once the player changes the pre-filled picks, committing their own picks is the prominent button. */}
      <div className="actions">
        <button type="button" className={isPrefill ? "button" : "button button-secondary"} disabled={busy} onClick={() => send(prefill)} data-testid={`${id}-accept-default`}>
          {byPreference ? "Accept my preference" : "Accept default"}
        </button>
        <button type="submit" className={isPrefill ? "button button-secondary" : "button"} disabled={busy || chosen !== need} data-testid={`${id}-confirm`}>
          Confirm these losses
        </button>
        {!isPrefill ? (
          <button type="button" className="button button-quiet" disabled={busy} onClick={() => setEdited(null)} data-testid={`${id}-reset`}>
            {byPreference ? "Reset to my preference" : "Reset to default"}
          </button>
        ) : null}
      </div>
    </form>
  );
}
