"use client";
// The battles of the current pass while they wait for decisions (R6): each battle with its two sides
// and their units (the battle board), the rounds fought so far with their dice, and what it waits for.
// The lead nation of a side (R6.2) picks its casualties (R6.6, battle/casualty-picker.tsx) and, after a
// round, may submerge submarines and withdraw air units (R6.7, battle/retreat-picker.tsx). At the
// decision deadline every missing decision takes the default and the battle goes on (R3.1). A battle
// opened from its marker on the map is brought into view and outlined.
import { useEffect, useRef, type ReactNode } from "react";
import { TEAMS } from "../../../server/rulesets/1942/engine/types";
import type { KnownUnit } from "../../components/battle-format";
import { useBattleFocus } from "./battle/battle-focus";
import { useBattleSource } from "./battle/battle-source";
import { SideView } from "./battle/battle-side";
import { decisionText, requestKey, type Decided } from "./battle/decision-words";
import { RequestView } from "./battle/request-view";
import { ResolveWithPreferences } from "./battle-preferences";
import { RoundsView } from "./battle-rounds";
import { Deadline } from "./deadline";
import { liveBattles, slug, type LiveBattle, type Phase, type PendingRequest } from "./game-types";
import styles from "./battle-decisions.module.css";

export { requestKey };

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

/** One battle on the battle board with its waiting decisions (also the stage screen's, app/games/1942/stage/). */
export function LiveBattleView({
  gameId,
  battle,
  requests,
  decided,
  onChanged,
  after,
}: {
  gameId: number;
  battle: LiveBattle;
  requests: PendingRequest[];
  decided: Decided[];
  onChanged: () => void;
  /** A phased game's own control in place of "Resolve with my preferences" (its batch's BattlePrefer). */
  after?: ReactNode;
}) {
  const known = new Map<number, KnownUnit>(battle.units.map((u) => [u.id, { nation: u.nation, type: u.type }]));
  const done = battle.rounds.length;
  // Opened from its marker on the map: brought into view (once the panel or the phone's sheet shows) and outlined.
  const focus = useBattleFocus();
  // A phased game's battles phase leaves a battle to the preference through its batch (`after`), not here.
  const staged = useBattleSource() !== null;
  const focused = focus?.territory === battle.territory;
  const ref = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!focused) return;
    const frame = requestAnimationFrame(() => bringIntoView(ref.current));
    return () => cancelAnimationFrame(frame);
  }, [focused, focus?.n]);
  return (
    <article
      ref={ref}
      className={`battle ${styles.liveBattle}${focused ? ` ${styles.focused}` : ""}`}
      data-testid={`live-battle-${slug(battle.territory)}`}
      data-focused={focused ? "1" : "0"}
      aria-labelledby={`live-${slug(battle.territory)}`}
    >
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
      {staged ? after : <ResolveWithPreferences gameId={gameId} battle={battle.territory} requests={requests} onChanged={onChanged} />}
    </article>
  );
}

/** Scroll the panel so the battle's top shows just below the panel's sticky tabs (and the phone sheet's handle). */
function bringIntoView(el: HTMLElement | null) {
  if (!el) return;
  el.scrollIntoView({ block: "start" });
  let box = el.parentElement;
  while (box && !/(auto|scroll)/.test(getComputedStyle(box).overflowY)) box = box.parentElement;
  const tabs = el.closest("aside")?.querySelector('[role="tablist"]');
  if (!box || !tabs) return;
  const covered = tabs.getBoundingClientRect().bottom + 8 - el.getBoundingClientRect().top;
  if (covered > 0) box.scrollBy(0, -covered);
}

/** For the game page's header: the decisions waiting for this viewer, in words. */
export { myWaitingText } from "./battle-waiting";
