"use client";
// The viewer's part of a battles phase: how many of its decisions are kept, each in words with a way
// to take it back, and Lock / Unlock. A request left open takes the default when the phase resolves
// (R6.9), as a classic game's does at its deadline.
import type { ReactNode } from "react";
import type { KnownUnit } from "../../../components/battle-format";
import type { BattleOrders } from "../../../../server/rulesets/1942/phases/battle-choices";
import { decisionText, requestKey } from "../../../game/[id]/battle/decision-words";
import type { LiveBattle, PendingRequest } from "../../../game/[id]/game-types";
import { answers, keyOf, waitingIn } from "./battle-batch";

type Key = ReturnType<typeof keyOf>;

export function DecisionBar({
  requests,
  batch,
  locked,
  busy,
  message,
  known,
  onChange,
  onLock,
  onUnlock,
  preferred,
  preference,
}: {
  requests: readonly PendingRequest[];
  batch: BattleOrders;
  locked: boolean;
  busy: boolean;
  message: { ok: boolean; text: string } | null;
  known: readonly LiveBattle[];
  onChange: (k: Key) => void;
  onLock: () => void;
  onUnlock: () => void;
  /** Whether a battle's open decisions go to the side's casualty preference (R6.9) rather than the default. */
  preferred: (battle: string) => boolean;
  /** The preference's control (preference-choice.tsx), over the buttons. */
  preference: ReactNode;
}) {
  const units = new Map<number, KnownUnit>(known.flatMap((b) => b.units.map((u) => [u.id, { nation: u.nation, type: u.type }] as const)));
  const kept = requests.filter((r) => batch.choices.some((c) => answers(c, keyOf(r))));
  const open = waitingIn(requests, batch, preferred).length;
  const toPreference = requests.length - kept.length - open;
  return (
    <div className="stack" data-testid="stage-decisions">
      <p className="small" data-testid="stage-decisions-count">
        <strong>
          {kept.length} of {requests.length} {requests.length === 1 ? "decision" : "decisions"} made
        </strong>
        {toPreference > 0 ? ` — ${toPreference} left to your preference` : ""}
        {open > 0 ? ` — ${open === requests.length ? "every one" : `the other ${open}`} left open takes the default (R6.9) when you lock.` : "."}
        {locked ? " Locked: the battles go on once every side has decided (or at the deadline)." : ""}
      </p>
      {kept.length > 0 ? (
        <ul className="small">
          {kept.map((r) => {
            const k = keyOf(r);
            const choice = batch.choices.find((c) => answers(c, k))!;
            return (
              <li key={requestKey(r)} data-testid={`stage-kept-${requestKey(r)}`}>
                {r.battle}, round {r.round}: {decisionText(choice.decision, units)}{" "}
                {locked ? null : (
                  <button type="button" className="button button-quiet button-small" disabled={busy} onClick={() => onChange(k)} data-testid={`stage-change-${requestKey(r)}`}>
                    Change
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      ) : null}
      {preference}
      <div className="actions">
        {locked ? (
          <button type="button" className="button button-secondary" disabled={busy} onClick={onUnlock} data-testid="stage-unlock">
            Unlock
          </button>
        ) : (
          <button type="button" className="button" disabled={busy} onClick={onLock} data-testid="stage-lock">
            {open > 0 && kept.length === 0 && toPreference === 0 ? "Lock: take the defaults" : "Lock my decisions"}
          </button>
        )}
      </div>
      {message ? (
        <p className={message.ok ? "note small" : "alert"} role={message.ok ? "status" : "alert"} data-testid="stage-message">
          {message.text}
        </p>
      ) : null}
    </div>
  );
}
