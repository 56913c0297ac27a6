// A battle's rounds as they were fought (R6.3, R6.11): per sub-phase the dice of both sides (or the
// low-luck total and roll, R6.8), the hits, every casualty choice and who made it (player or default),
// and what each side lost. No hooks: the live game page and the history (a server component) share it.
import { TEAMS, type Team, type UnitCounts } from "../../../server/rulesets/1942/engine/types";
import type { BattleReport } from "../../../server/rulesets/1942/engine/report";
import {
  SUBPHASE_WORDS,
  byText,
  choiceText,
  diceOf,
  fireBySubphase,
  fireText,
  hitsText,
  unitsFromDice,
  type FireEntry,
  type KnownUnit,
  type RoundRecord,
} from "../../components/battle-format";
import { countsText } from "../../components/format";
import { slug } from "./game-types";
import styles from "./battle-rounds.module.css";

function nonEmpty(c: UnitCounts | undefined): boolean {
  return !!c && Object.values(c).some((n) => (n ?? 0) > 0);
}

function FireLine({ team, entry }: { team: Team; entry: FireEntry | undefined }) {
  if (!entry)
    return (
      <div className={`${styles.fireLine} muted small`}>
        <strong>{team}</strong>: did not fire
      </div>
    );
  const dice = diceOf(entry);
  return (
    <div className={styles.fireLine} data-testid={`fire-${entry.step}-${team.toLowerCase()}`}>
      <strong>{team}</strong>: <span className={styles.fireHits}>{hitsText(entry.hits)}</span>
      {entry.lowLuck ? <span className="small"> — low luck, {fireText(entry)}</span> : null}
      {dice.length > 0 ? (
        <span className={styles.dice} aria-label={`${team} dice`}>
          {dice.map((d) => (
            <span key={d.key} className={d.hit ? `${styles.die} ${styles.dieHit}` : styles.die} title={d.title}>
              <span className={styles.dieUnit}>
                {d.label}≤{d.value}
              </span>{" "}
              <b>{d.roll}</b>
              <span className="sr-only">{d.hit ? " hit" : " miss"}</span>
            </span>
          ))}
        </span>
      ) : entry.lowLuck ? null : (
        <span className="muted small"> — nobody fired</span>
      )}
    </div>
  );
}

function Removals({ round }: { round: RoundRecord }) {
  const parts = TEAMS.map((t) => {
    const bits = [
      nonEmpty(round.lost[t]) ? `lost ${countsText(round.lost[t])}` : null,
      nonEmpty(round.damaged[t]) ? `damaged ${countsText(round.damaged[t])}` : null,
      nonEmpty(round.submerged[t]) ? `submerged ${countsText(round.submerged[t])}` : null,
      nonEmpty(round.withdrawn[t]) ? `withdrew ${countsText(round.withdrawn[t])}` : null,
    ].filter(Boolean);
    return `${t}: ${bits.length ? bits.join(", ") : "no losses"}`;
  });
  return <p className={`small ${styles.removals}`}>End of round — {parts.join(" · ")}</p>;
}

export function RoundView({ round, known, inProgress = false }: { round: RoundRecord; known: ReadonlyMap<number, KnownUnit>; inProgress?: boolean }) {
  return (
    <li className={inProgress ? `${styles.round} ${styles.roundLive}` : styles.round} data-testid={`round-${round.round}`} data-state={inProgress ? "in-progress" : "done"}>
      <h5 className={styles.roundHead}>
        Round {round.round}
        {inProgress ? <span className="tag tag-stopped">in progress</span> : null}
        <span className="muted small">hits scored: {TEAMS.map((t) => `${t} ${round.hits[t]}`).join(" · ")}</span>
      </h5>
      {round.fire.length === 0 ? <p className="muted small">Nobody fired.</p> : null}
      {fireBySubphase(round).map((sp) => (
        <div key={sp.step} className={styles.subphase} data-testid={`subphase-${sp.step}`}>
          <div className={styles.subphaseName}>{SUBPHASE_WORDS[sp.step]}</div>
          {TEAMS.map((t) => (
            <FireLine key={t} team={t} entry={sp.entries[t]} />
          ))}
        </div>
      ))}
      {round.choices.length > 0 ? (
        <div className={styles.subphase}>
          <div className={styles.subphaseName}>Choices</div>
          <ul className={styles.choices}>
            {round.choices.map((c, i) => (
              <li key={i} data-testid={`choice-${c.step}-${c.team.toLowerCase()}`} data-by={c.by} data-chooser={c.chooser}>
                <strong>{c.team}</strong>
                {c.step === "general" || c.step === "retreat" ? "" : ` (${SUBPHASE_WORDS[c.step].toLowerCase()})`} {choiceText(c, round, known)}{" "}
                <span className={`${styles.by} by-${c.by}`}>{byText(c.by, c.chooser)}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {inProgress ? null : <Removals round={round} />}
    </li>
  );
}

export function RoundsView({ rounds, current, known }: { rounds: readonly RoundRecord[]; current?: RoundRecord; known: ReadonlyMap<number, KnownUnit> }) {
  if (rounds.length === 0 && !current) return null;
  return (
    <ol className={styles.rounds}>
      {rounds.map((r) => (
        <RoundView key={r.round} round={r} known={known} />
      ))}
      {current ? <RoundView key={`current-${current.round}`} round={current} known={known} inProgress /> : null}
    </ol>
  );
}

function sideText(battle: BattleReport, team: Team): string {
  const list = battle.sides[team] ?? [];
  if (list.length === 0) return "nobody";
  const byNation = new Map<string, UnitCounts>();
  for (const u of list) {
    const c = byNation.get(u.nation) ?? {};
    c[u.type] = (c[u.type] ?? 0) + u.count;
    byNation.set(u.nation, c);
  }
  const attacking = list.filter((u) => u.attacking).length;
  const role = attacking === 0 ? "defending" : attacking === list.length ? "attacking" : "some attacking, some defending";
  return `${[...byNation.entries()].map(([n, c]) => `${n}: ${countsText(c)}`).join("; ")} (${role})`;
}

function teamCounts(by: Partial<Record<Team, UnitCounts>> | undefined): string {
  const parts = TEAMS.filter((t) => nonEmpty(by?.[t])).map((t) => `${t} ${countsText(by![t])}`);
  return parts.length ? parts.join("; ") : "nothing";
}

/** One finished battle of a turn's report. */
export function BattleReportView({ battle }: { battle: BattleReport }) {
  const winner = battle.winner === undefined ? "not fought" : battle.winner === "none" ? "no winner" : `${battle.winner} won`;
  const known = unitsFromDice(battle.rounds, [battle.bombardment.fire]);
  const bombardChoices = battle.bombardment.choices ?? [];
  return (
    <div className="battle" data-testid={`battle-${slug(battle.territory)}`}>
      <h4>
        Battle in {battle.territory}{" "}
        <span className="muted small">
          ({battle.pass}
          {battle.amphibious ? ", amphibious assault" : ""}, {battle.rounds.length} {battle.rounds.length === 1 ? "round" : "rounds"})
        </span>{" "}
        — <span data-testid="battle-winner">{winner}</span>
      </h4>
      <ul className={`small ${styles.sidesList}`}>
        {TEAMS.map((t) => (
          <li key={t}>
            <strong>{t}</strong>: {sideText(battle, t)}
          </li>
        ))}
        {battle.bombardment.hits > 0 || battle.bombardment.fire ? (
          <li>
            Bombardment (R5.5): {hitsText(battle.bombardment.hits)}
            {battle.bombardment.fire ? ` — ${fireText(battle.bombardment.fire)}` : ""}; lost {teamCounts(battle.bombardment.lost)}
            {bombardChoices.map((c, i) => (
              <span key={i}>
                {" "}
                · {c.team} {choiceText(c, undefined, known)} <span className={`${styles.by} by-${c.by}`}>{byText(c.by, c.chooser)}</span>
              </span>
            ))}
          </li>
        ) : null}
        {nonEmpty(battle.destroyedAtOnce.Axis) || nonEmpty(battle.destroyedAtOnce.Allies) ? (
          <li>Destroyed at once, unable to hurt the other side (R6.10): {teamCounts(battle.destroyedAtOnce)}</li>
        ) : null}
      </ul>
      <RoundsView rounds={battle.rounds} known={known} />
    </div>
  );
}
