"use client";
// The battles of the current pass while they wait for decisions (R6): each battle with its two sides
// and their units, the rounds fought so far with their dice, and what it waits for. The lead nation of
// a side (R6.2) picks its casualties (R6.6) — pre-filled with the player's standing preference (the
// default, R6.9, unless the player keeps air or armour for last), one tap accepts it —
// and, after a round, may submerge submarines and withdraw air units (R6.7). At the decision deadline
// every missing decision takes the default and the battle goes on (R3.1).
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { TEAMS, type Nation, type Team, type UnitCounts, type UnitType } from "../../../server/engine/types";
import { SUBPHASE_WORDS, hitsText, ruleWords, type KnownUnit } from "../../components/battle-format";
import { countsText, errorText, unitName } from "../../components/format";
import { useTRPC } from "../../trpc/client";
import { CHOICES, ResolveWithPreferences } from "./battle-preferences";
import { RoundsView } from "./battle-rounds";
import { CasualtyOdds } from "./casualty-odds";
import { Deadline } from "./deadline";
import { retreatQuestion, retreatQuestionShort } from "./retreat-question";
import { liveBattles, slug, type LiveBattle, type Phase, type PendingRequest } from "./game-types";
import styles from "./battle-decisions.module.css";

type CasualtyRequest = Extract<PendingRequest, { kind: "casualties" }>;
type RetreatRequest = Extract<PendingRequest, { kind: "retreat" }>;
type Candidate = CasualtyRequest["candidates"][number];
type Decided = NonNullable<Phase["pending"]>["decided"][number];

/** A stable key and test id per request: a side has at most one request per battle, round and step. */
export function requestKey(r: PendingRequest): string {
  return `decision-${slug(r.battle)}-${r.round}-${r.kind === "casualties" ? r.step : "retreat"}-${r.team.toLowerCase()}`;
}

export function Battles({ gameId, phase, onChanged, gameZone }: { gameId: number; phase: Phase; onChanged: () => void; gameZone?: string }) {
  const pending = phase.pending;
  if (!pending) return null;
  const battles = liveBattles(pending);
  const listed = new Set(battles.map((b) => b.territory));
  const orphans = pending.requests.filter((r) => !listed.has(r.battle));
  return (
    <section className="card battles-card" id="battles" aria-labelledby="battles-heading" data-testid="battle-decisions">
      <h2 id="battles-heading">{pending.pass === "sea" ? "Sea battles" : "Land battles"}</h2>
      <p className="small">
        {phase.decisionDeadline ? (
          <>
            <Deadline iso={phase.decisionDeadline} running label="Decisions due" testId="decision-deadline" gameZone={gameZone} />
            <br />
            At the deadline every missing decision takes the default (R6.9) and the battles go on.
          </>
        ) : (
          "Every missing decision takes the default (R6.9) at the decision deadline."
        )}
      </p>
      {battles.map((b) => (
        <LiveBattleView
          key={b.territory}
          gameId={gameId}
          battle={b}
          requests={pending.requests.filter((r) => r.battle === b.territory)}
          decided={pending.decided.filter((d) => d.battle === b.territory)}
          onChanged={onChanged}
        />
      ))}
      {orphans.length > 0 ? (
        <ul className="card-list">
          {orphans.map((r) => (
            <li key={requestKey(r)} className={`card-item ${styles.decision}`}>
              <RequestView gameId={gameId} request={r} known={new Map()} onChanged={onChanged} />
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

// ---- a battle: sides, units, rounds ---------------------------------------------------------

function add(c: UnitCounts, t: UnitType, n = 1) {
  c[t] = (c[t] ?? 0) + n;
}

function nonEmpty(c: UnitCounts): boolean {
  return Object.values(c).some((n) => (n ?? 0) > 0);
}

function SideView({ battle, team }: { battle: LiveBattle; team: Team }) {
  const units = battle.units.filter((u) => u.team === team);
  const nations = [...new Set(units.map((u) => u.nation))];
  const attacking = units.filter((u) => u.attacking).length;
  const role = units.length === 0 ? "" : attacking === 0 ? "defending" : attacking === units.length ? "attacking" : "attacking and defending";
  return (
    <div className={styles.side} data-testid={`side-${team.toLowerCase()}`}>
      <h4>
        {team} <span className="muted small">{role}</span>
      </h4>
      {units.length === 0 ? <p className="muted small">Nobody.</p> : null}
      <ul className={styles.sideUnits}>
        {nations.map((n) => {
          const mine = units.filter((u) => u.nation === n);
          const standing: UnitCounts = {};
          const hit: UnitCounts = {};
          const damaged: UnitCounts = {};
          const lost: UnitCounts = {};
          const out: UnitCounts = {};
          for (const u of mine) {
            if (u.status === "in") {
              add(standing, u.type);
              // A marked unit took its last hit this round (its `damage` counts that hit too).
              // The server keeps a choice of a sub-phase still open out of the battle (R6.3), so every mark shown is public.
              if (u.marked) add(hit, u.type);
              else if (u.damage > 0) add(damaged, u.type);
            } else if (u.status === "dead") add(lost, u.type);
            else add(out, u.type);
          }
          const extra = [
            nonEmpty(hit) ? `hit, removed at the end of the round: ${countsText(hit)}` : null,
            nonEmpty(damaged) ? `damaged: ${countsText(damaged)}` : null,
            nonEmpty(lost) ? `lost: ${countsText(lost)}` : null,
            nonEmpty(out) ? `left the battle: ${countsText(out)}` : null,
          ].filter(Boolean);
          return (
            <li key={n}>
              <strong>{n}</strong>: {nonEmpty(standing) ? countsText(standing) : "no units left"}
              {extra.length ? <span className="muted small"> ({extra.join("; ")})</span> : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function LiveBattleView({
  gameId,
  battle,
  requests,
  decided,
  onChanged,
}: {
  gameId: number;
  battle: LiveBattle;
  requests: PendingRequest[];
  decided: Decided[];
  onChanged: () => void;
}) {
  const known = new Map<number, KnownUnit>(battle.units.map((u) => [u.id, { nation: u.nation, type: u.type }]));
  const done = battle.rounds.length;
  return (
    <article className={`battle ${styles.liveBattle}`} data-testid={`live-battle-${slug(battle.territory)}`} aria-labelledby={`live-${slug(battle.territory)}`}>
      <h3 id={`live-${slug(battle.territory)}`}>
        Battle in {battle.territory}{" "}
        <span className="muted small">
          ({battle.pass}, {done === 0 ? "round 1 under way" : `${done} ${done === 1 ? "round" : "rounds"} fought`})
        </span>
      </h3>
      <div className={styles.sides}>
        {TEAMS.map((t) => (
          <SideView key={t} battle={battle} team={t} />
        ))}
      </div>
      <RoundsView rounds={battle.rounds} current={battle.current} known={known} />
      {decided.map((d) => (
        <p key={`${d.team}-${d.step}`} className="small" data-testid={`decided-${slug(battle.territory)}-${d.round}-${d.step}-${d.team.toLowerCase()}`}>
          <strong>{d.team}</strong>: {d.chooser} has chosen{d.decision ? ` (${decisionText(d.decision, known)})` : ""}.{" "}
          <span className="muted">Both sides choose at once (R6.3): the choice is shown when the other side has chosen too.</span>
        </p>
      ))}
      {requests.length === 0 && decided.length === 0 ? (
        <p className="muted small">Nothing to decide here now: it waits for the other battles&rsquo; decisions.</p>
      ) : (
        <ul className="card-list">
          {requests.map((r) => (
            <li key={requestKey(r)} className={`card-item ${styles.decision}${r.mine ? ` ${styles.decisionMine}` : ""}`}>
              <RequestView gameId={gameId} request={r} known={known} onChanged={onChanged} />
            </li>
          ))}
        </ul>
      )}
      <ResolveWithPreferences gameId={gameId} battle={battle.territory} requests={requests} onChanged={onChanged} />
    </article>
  );
}

// ---- decisions ------------------------------------------------------------------------------

function RequestView({ gameId, request, known, onChanged }: { gameId: number; request: PendingRequest; known: ReadonlyMap<number, KnownUnit>; onChanged: () => void }) {
  if (request.kind === "casualties") {
    if (request.mine) return <CasualtyPicker gameId={gameId} request={request} onChanged={onChanged} />;
    return (
      <p className="small" data-testid={`${requestKey(request)}-waiting`}>
        <strong>{request.team}</strong>: {casualtyWhat(request)}. <span className="muted">Waiting for {request.chooser} to choose; the default is {idsText(request.default, known)}.</span>
      </p>
    );
  }
  if (request.mine) return <RetreatPicker gameId={gameId} request={request} known={known} onChanged={onChanged} />;
  return (
    <p className="small" data-testid={`${requestKey(request)}-waiting`}>
      <strong>{request.team}</strong>: after round {request.round}, {retreatQuestionShort(request)}{" "}
      <span className="muted">Waiting for {request.chooser}; the default is to fight on.</span>
    </p>
  );
}

/** The viewer's own sealed choice, in words. */
function decisionText(decision: NonNullable<Decided["decision"]>, known: ReadonlyMap<number, KnownUnit>): string {
  if (decision.kind === "casualties") return `your casualties: ${idsText(decision.units, known)}`;
  const parts = [decision.submerge.length ? `submerge ${idsText(decision.submerge, known)}` : "", decision.withdraw.length ? `withdraw ${idsText(decision.withdraw, known)}` : ""].filter(Boolean);
  return parts.length ? `you chose to ${parts.join(" and ")}` : "you chose to fight on";
}

function casualtyWhat(r: CasualtyRequest): string {
  const by = r.step === "bombardment" ? "the bombardment" : r.step === "submarine" ? "the submarine strike" : "general fire";
  return `${hitsText(r.hits)} taken from ${by} in round ${r.round}`;
}

function idsText(ids: readonly number[], known: ReadonlyMap<number, KnownUnit>): string {
  const counts: UnitCounts = {};
  for (const id of new Set(ids)) {
    const u = known.get(id);
    if (!u) return `${ids.length} ${ids.length === 1 ? "unit" : "units"}`;
    add(counts, u.type);
  }
  return countsText(counts);
}

function useDecide(onChanged: () => void) {
  const trpc = useTRPC();
  return useMutation(trpc.battle.decide.mutationOptions({ onSuccess: onChanged, onError: onChanged }));
}

interface Group {
  key: string;
  testId: string;
  nation: Nation;
  type: UnitType;
  label: string;
  ids: number[];
  /** Hits each unit of the group can still take: 2 for an unharmed battleship. */
  room: number;
}

function groupsOf(candidates: readonly Candidate[]): Group[] {
  const nations = new Set(candidates.map((c) => c.nation));
  const map = new Map<string, Group>();
  const seen = new Map<string, number>();
  for (const c of candidates) {
    const key = `${c.nation}|${c.type}|${c.value}|${c.room}`;
    let g = map.get(key);
    if (!g) {
      const base = `pick-${slug(c.nation)}-${c.type}`;
      const n = (seen.get(base) ?? 0) + 1;
      seen.set(base, n);
      const notes = [`fires at ${c.value}`, c.type === "battleship" ? (c.room === 2 ? "unharmed: takes 2 hits" : "damaged: sinks on the next hit") : null].filter(Boolean);
      g = {
        key,
        testId: n === 1 ? base : `${base}-${n}`,
        nation: c.nation,
        type: c.type,
        label: "",
        ids: [],
        room: c.room,
      };
      g.label = ` (${notes.join(", ")})`;
      map.set(key, g);
    }
    g.ids.push(c.id);
  }
  // "fighter" for one, "fighters" for several; the nation only when several share the side.
  for (const g of map.values()) g.label = `${nations.size > 1 ? `${g.nation} ` : ""}${unitName(g.type, g.ids.length)}${g.label}`;
  return [...map.values()];
}

/** Hits per group → one unit id per hit, spread over the group first (a battleship is damaged before another sinks). */
function idsOf(groups: readonly Group[], hits: Record<string, number>): number[] {
  const out: number[] = [];
  for (const g of groups) {
    let n = hits[g.key] ?? 0;
    for (let pass = 0; pass < g.room && n > 0; pass++)
      for (const id of g.ids) {
        if (n <= 0) break;
        out.push(id);
        n--;
      }
  }
  return out;
}

/** What a choice does: units lost and battleships only damaged. */
function outcomeOf(groups: readonly Group[], ids: readonly number[]): { lost: UnitCounts; damaged: UnitCounts } {
  const per = new Map<number, number>();
  for (const id of ids) per.set(id, (per.get(id) ?? 0) + 1);
  const lost: UnitCounts = {};
  const damaged: UnitCounts = {};
  for (const g of groups)
    for (const id of g.ids) {
      const n = per.get(id) ?? 0;
      if (n === 0) continue;
      if (n >= g.room) add(lost, g.type);
      else add(damaged, g.type);
    }
  return { lost, damaged };
}

function outcomeText(o: { lost: UnitCounts; damaged: UnitCounts }): string {
  const parts = [nonEmpty(o.lost) ? `lose ${countsText(o.lost)}` : null, nonEmpty(o.damaged) ? `damage ${countsText(o.damaged)}` : null].filter(Boolean);
  return parts.length ? parts.join(" and ") : "lose nothing";
}

function sameMultiset(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && [...a].sort((x, y) => x - y).every((v, i) => v === [...b].sort((x, y) => x - y)[i]);
}

function CasualtyPicker({ gameId, request, onChanged }: { gameId: number; request: CasualtyRequest; onChanged: () => void }) {
  const groups = groupsOf(request.candidates);
  // The picks the player's preference makes (the server runs the engine's preferredCasualties, as the
  // one-tap resolve does); the R6.9 default when the view carries none.
  const prefill = request.preferred?.units ?? request.default;
  const byPreference = request.preferred !== undefined && request.preferred.preference !== "default";
  const prefillHits = Object.fromEntries(groups.map((g) => [g.key, prefill.filter((id) => g.ids.includes(id)).length]));
  // null until the player changes a count: a new preference re-fills an untouched picker.
  const [edited, setEdited] = useState<Record<string, number> | null>(null);
  const hits = edited ?? prefillHits;
  const decide = useDecide(onChanged);
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
      <fieldset className="unit-counts picker-groups" disabled={busy}>
        <legend>Hits each kind of unit takes</legend>
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
          Sent. The battle goes on once every side has decided (or at the deadline).
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

interface RetreatGroup {
  key: string;
  testId: string;
  label: string;
  ids: number[];
}

function retreatGroups(ids: readonly number[], known: ReadonlyMap<number, KnownUnit>, what: "submerge" | "withdraw"): RetreatGroup[] {
  const map = new Map<string, RetreatGroup>();
  for (const id of ids) {
    const u = known.get(id);
    const key = u ? `${u.nation}|${u.type}` : "unknown";
    const g = map.get(key) ?? {
      key,
      testId: `${what}-${u ? `${slug(u.nation)}-${u.type}` : "units"}`,
      label: u ? `${u.nation} ${unitName(u.type, 2)}` : what === "submerge" ? "submarines" : "air units",
      ids: [],
    };
    g.ids.push(id);
    map.set(key, g);
  }
  return [...map.values()];
}

function RetreatPicker({ gameId, request, known, onChanged }: { gameId: number; request: RetreatRequest; known: ReadonlyMap<number, KnownUnit>; onChanged: () => void }) {
  const groups = [
    ...retreatGroups(request.submergeable, known, "submerge").map((g) => ({ ...g, kind: "submerge" as const })),
    ...retreatGroups(request.withdrawable, known, "withdraw").map((g) => ({ ...g, kind: "withdraw" as const })),
  ];
  const [counts, setCounts] = useState<Record<string, number>>({});
  const decide = useDecide(onChanged);
  const busy = decide.isPending || decide.isSuccess;
  const pick = (kind: "submerge" | "withdraw") => groups.filter((g) => g.kind === kind).flatMap((g) => g.ids.slice(0, counts[`${kind}|${g.key}`] ?? 0));
  const submerge = pick("submerge");
  const withdraw = pick("withdraw");
  const send = (s: number[], w: number[]) =>
    decide.mutate({ gameId, nation: request.chooser, battle: request.battle, round: request.round, step: "retreat", decision: { kind: "retreat", submerge: s, withdraw: w } });
  const id = requestKey(request);
  const leaving = [submerge.length ? `submerge ${idsText(submerge, known)}` : null, withdraw.length ? `withdraw ${idsText(withdraw, known)}` : null].filter(Boolean);

  return (
    <form
      className={`form ${styles.picker}`}
      data-testid={id}
      onSubmit={(e) => {
        e.preventDefault();
        send(submerge, withdraw);
      }}
    >
      <p>
        <strong>{request.chooser}: round {request.round} is over.</strong> {retreatQuestion(request)} The default is to fight on (R6.7, R6.9).
      </p>
      <fieldset className="unit-counts picker-groups" disabled={busy}>
        <legend>Units that leave the battle</legend>
        {groups.map((g) => {
          const k = `${g.kind}|${g.key}`;
          const inputId = `${id}-${g.testId}`;
          return (
            <div key={k} className={`unit-count ${styles.pickerRow}`}>
              <label htmlFor={inputId}>
                {g.kind === "submerge" ? "Submerge" : "Withdraw"} {g.label} <span className="muted small">of {g.ids.length}</span>
              </label>
              <input
                id={inputId}
                data-testid={g.testId}
                type="number"
                inputMode="numeric"
                min={0}
                max={g.ids.length}
                value={counts[k] ?? 0}
                onChange={(e) => setCounts((c) => ({ ...c, [k]: Math.max(0, Math.min(g.ids.length, Number(e.target.value) || 0)) }))}
              />
            </div>
          );
        })}
      </fieldset>
      {decide.error ? (
        <p className="alert" role="alert" data-testid={`${id}-error`}>
          {ruleWords(errorText(decide.error))}
        </p>
      ) : null}
      {decide.isSuccess ? (
        <p className="note small" role="status">
          Sent. The battle goes on once every side has decided (or at the deadline).
        </p>
      ) : null}
      <div className="actions">
        <button type="button" className="button" disabled={busy} onClick={() => send([], [])} data-testid={`${id}-fight-on`}>
          Fight on
        </button>
        <button type="submit" className="button button-secondary" disabled={busy || leaving.length === 0} data-testid={`${id}-confirm`}>
          {leaving.length ? `Confirm: ${leaving.join(", ")}` : "Confirm"}
        </button>
      </div>
    </form>
  );
}

/** For the game page's header: the decisions waiting for this viewer, in words. */
export { myWaitingText } from "./battle-waiting";
