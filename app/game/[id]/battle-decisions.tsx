"use client";
// Battles that wait for a side's lead nation (R6.2): casualties (R6.6) or submerge/withdraw (R6.7).
// Identical units are grouped, so a choice is "how many hits each kind of unit takes". Missing
// decisions take the default (R6.9) at the decision deadline.
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { errorText, unitName } from "../../components/format";
import { useTRPC } from "../../trpc/client";
import { Deadline } from "./deadline";
import { slug, type GameView } from "./game-types";

type Phase = NonNullable<GameView["phase"]>;
type Request = NonNullable<Phase["pending"]>["requests"][number];
type CasualtyRequest = Extract<Request, { kind: "casualties" }>;
type RetreatRequest = Extract<Request, { kind: "retreat" }>;
type Candidate = CasualtyRequest["candidates"][number];

const STEP_WORDS: Record<string, string> = {
  bombardment: "from bombardment",
  submarine: "from the submarines' first strike",
  general: "",
};

export function BattleDecisions({ gameId, phase, onChanged }: { gameId: number; phase: Phase; onChanged: () => void }) {
  const pending = phase.pending;
  if (!pending) return null;
  return (
    <section className="card" aria-labelledby="decisions-heading" data-testid="battle-decisions">
      <h2 id="decisions-heading">Battles waiting for decisions</h2>
      <p className="small">
        {pending.pass === "sea" ? "Sea" : "Land"} battles in {pending.battles.map((b) => b.territory).join(", ") || "—"}
        {phase.decisionDeadline ? (
          <>
            {" "}
            — <Deadline iso={phase.decisionDeadline} running label="decisions due" />. Then every missing choice takes the default (R6.9).
          </>
        ) : (
          "."
        )}
      </p>
      {pending.requests.length === 0 ? <p className="muted">Every decision is in; the battles go on.</p> : null}
      <ul className="decision-list">
        {pending.requests.map((r) => (
          <li key={`${r.battle}-${r.round}-${r.team}-${r.kind}`} className="decision">
            {r.kind === "casualties" ? (
              <CasualtyDecision gameId={gameId} request={r} onChanged={onChanged} />
            ) : (
              <RetreatDecision gameId={gameId} request={r} onChanged={onChanged} />
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

interface Group {
  key: string;
  label: string;
  ids: number[];
  room: number;
}

function groupsOf(candidates: Candidate[]): Group[] {
  const map = new Map<string, Group>();
  for (const c of candidates) {
    const key = `${c.nation}|${c.type}|${c.value}|${c.room}`;
    const label = `${c.nation} ${unitName(c.type)} (fires at ${c.value}${c.room === 2 ? ", unharmed: takes 2 hits" : ""})`;
    const g = map.get(key) ?? { key, label, ids: [], room: c.room };
    g.ids.push(c.id);
    map.set(key, g);
  }
  return [...map.values()];
}

/** Hits per group → unit ids, one id per hit (a battleship's id twice for both its hits). */
function idsOf(groups: Group[], hits: Record<string, number>): number[] {
  const out: number[] = [];
  for (const g of groups) {
    let n = hits[g.key] ?? 0;
    for (const id of g.ids) {
      const take = Math.min(n, g.room);
      for (let i = 0; i < take; i++) out.push(id);
      n -= take;
      if (n <= 0) break;
    }
  }
  return out;
}

function useDecide(onChanged: () => void) {
  const trpc = useTRPC();
  return useMutation(trpc.battle.decide.mutationOptions({ onSuccess: onChanged, onError: onChanged }));
}

function CasualtyDecision({ gameId, request, onChanged }: { gameId: number; request: CasualtyRequest; onChanged: () => void }) {
  const groups = groupsOf(request.candidates);
  const defaults = Object.fromEntries(groups.map((g) => [g.key, request.default.filter((id) => g.ids.includes(id)).length]));
  const [hits, setHits] = useState<Record<string, number>>(defaults);
  const decide = useDecide(onChanged);
  const need = Math.min(request.hits, groups.reduce((s, g) => s + g.ids.length * g.room, 0));
  const chosen = Object.values(hits).reduce((s, n) => s + n, 0);
  const send = (units: number[]) =>
    decide.mutate({ gameId, nation: request.chooser, battle: request.battle, round: request.round, step: request.step, decision: { kind: "casualties", units } });

  const what = [
    `${request.team} casualties in ${request.battle}, round ${request.round}: ${request.hits} ${request.hits === 1 ? "hit" : "hits"}`,
    STEP_WORDS[request.step],
  ]
    .filter(Boolean)
    .join(" ");
  if (!request.mine)
    return (
      <p className="small">
        {what}. <span className="muted">{request.chooser} chooses.</span>
      </p>
    );
  return (
    <form
      className="form"
      data-testid={`decision-${slug(request.battle)}-${request.round}`}
      onSubmit={(e) => {
        e.preventDefault();
        send(idsOf(groups, hits));
      }}
    >
      <p>
        <strong>{what}.</strong> You choose for {request.chooser}: which units are lost (R6.6)?
      </p>
      <fieldset className="unit-counts">
        <legend>Hits each kind of unit takes</legend>
        {groups.map((g) => (
          <label key={g.key} className="unit-count">
            <span>
              {g.label} <span className="muted small">×{g.ids.length}</span>
            </span>
            <input
              type="number"
              min={0}
              max={g.ids.length * g.room}
              value={hits[g.key] ?? 0}
              onChange={(e) => setHits((h) => ({ ...h, [g.key]: Math.max(0, Math.min(g.ids.length * g.room, Number(e.target.value) || 0)) }))}
            />
          </label>
        ))}
      </fieldset>
      <p className={chosen === need ? "muted small" : "field-error"}>
        {chosen} of {need} {need === 1 ? "hit" : "hits"} given.
      </p>
      {decide.error ? (
        <p className="alert" role="alert">
          {errorText(decide.error)}
        </p>
      ) : null}
      <div className="actions">
        <button type="submit" className="button" disabled={decide.isPending || chosen !== need}>
          Confirm losses
        </button>
        <button type="button" className="button button-secondary" disabled={decide.isPending} onClick={() => send(request.default)}>
          Take the default (R6.9)
        </button>
      </div>
    </form>
  );
}

function RetreatDecision({ gameId, request, onChanged }: { gameId: number; request: RetreatRequest; onChanged: () => void }) {
  const [submerge, setSubmerge] = useState(false);
  const [withdraw, setWithdraw] = useState(false);
  const decide = useDecide(onChanged);
  const what = `${request.team} in ${request.battle}, after round ${request.round}: submerge submarines or withdraw air units?`;
  if (!request.mine)
    return (
      <p className="small">
        {what} <span className="muted">{request.chooser} chooses.</span>
      </p>
    );
  return (
    <form
      className="form"
      data-testid={`decision-${slug(request.battle)}-${request.round}-retreat`}
      onSubmit={(e) => {
        e.preventDefault();
        decide.mutate({
          gameId,
          nation: request.chooser,
          battle: request.battle,
          round: request.round,
          step: "retreat",
          decision: { kind: "retreat", submerge: submerge ? request.submergeable : [], withdraw: withdraw ? request.withdrawable : [] },
        });
      }}
    >
      <p>
        <strong>{what}</strong> You choose for {request.chooser} (R6.7).
      </p>
      {request.submergeable.length > 0 ? (
        <label className="checkbox">
          <input type="checkbox" checked={submerge} onChange={(e) => setSubmerge(e.target.checked)} /> Submerge all {request.submergeable.length}{" "}
          {request.submergeable.length === 1 ? "submarine" : "submarines"}
        </label>
      ) : null}
      {request.withdrawable.length > 0 ? (
        <label className="checkbox">
          <input type="checkbox" checked={withdraw} onChange={(e) => setWithdraw(e.target.checked)} /> Withdraw all {request.withdrawable.length} air{" "}
          {request.withdrawable.length === 1 ? "unit" : "units"}
        </label>
      ) : null}
      {decide.error ? (
        <p className="alert" role="alert">
          {errorText(decide.error)}
        </p>
      ) : null}
      <button type="submit" className="button" disabled={decide.isPending}>
        {submerge || withdraw ? "Confirm" : "Fight on"}
      </button>
    </form>
  );
}
