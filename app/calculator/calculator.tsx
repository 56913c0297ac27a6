"use client";
// The battle calculator: any units of any nations, every option of the exact odds (R5.1, R5.5,
// R6.7, R6.8, casualty order), computed in a Web Worker as the form changes; the URL follows the
// form, so a battle can be shared or linked to.
import { useEffect, useMemo, useState } from "react";
import type { OddsInput, OddsResult, SideChoices } from "@/server/rulesets/1942/engine/odds";
import { teamOf } from "@/server/rulesets/1942/engine/teams";
import { NATIONS, UNIT_TYPES, type Nation, type UnitCounts, type UnitType } from "@/server/rulesets/1942/engine/types";
import { UNIT_STATS, isCombatUnit } from "@/server/rulesets/1942/engine/units";
import { parseOddsInput } from "@/server/scenario/odds-input";
import { unitName } from "../components/format";
import { oddsFromQuery, oddsQuery } from "../odds/query";
import { useOdds } from "../odds/use-odds";
import { SurvivorChart } from "./survivor-chart";
import styles from "./calculator.module.css";

type Role = "attacker" | "defender";
const ROLES: Role[] = ["attacker", "defender"];

function typesFor(sea: boolean, role: Role): UnitType[] {
  return UNIT_TYPES.filter((t) => {
    if (t === "aaGun") return !sea && role === "defender";
    if (!isCombatUnit(t)) return false;
    const m = UNIT_STATS[t].medium;
    return m === "air" || (sea ? m === "sea" : m === "land");
  });
}

const pct = (p: number) => `${(p * 100).toFixed(p > 0 && p < 0.001 ? 3 : 1)} %`;

export function Calculator({ query }: { query: string }) {
  const initial = useMemo(() => oddsFromQuery(new URLSearchParams(query)), [query]);
  const [input, setInput] = useState<OddsInput>(() =>
    Object.keys(initial.input.attacker).length + Object.keys(initial.input.defender).length > 0
      ? initial.input
      : { attacker: { Germany: { infantry: 3, armour: 1 } }, defender: { Russia: { infantry: 3 } } },
  );
  const checked = parseOddsInput(input);
  const odds = useOdds(checked.ok ? checked.input : undefined);

  useEffect(() => {
    window.history.replaceState(null, "", `/calculator?${oddsQuery(input)}`);
  }, [input]);

  const sea = input.sea ?? false;
  const setForces = (role: Role, nation: Nation, counts: UnitCounts | undefined) =>
    setInput((i) => {
      const forces = { ...i[role] };
      if (counts) forces[nation] = counts;
      else delete forces[nation];
      return { ...i, [role]: forces };
    });
  const setChoices = (role: Role, choices: SideChoices) => setInput((i) => ({ ...i, [role === "attacker" ? "attackerChoices" : "defenderChoices"]: choices }));

  return (
    <div className={`stack ${styles.calculator}`}>
      <h1>Battle calculator</h1>
      <p className="muted">Exact odds under the rulebook (R6), computed in your browser: every probability within 10⁻⁹.</p>
      <fieldset className={`card ${styles.calcOptions}`}>
        <legend>Battle</legend>
        <label className="radio">
          <input type="radio" name="where" checked={!sea} onChange={() => setInput((i) => ({ ...i, sea: false }))} /> Land
        </label>
        <label className="radio">
          <input type="radio" name="where" checked={sea} onChange={() => setInput((i) => ({ ...i, sea: true, aa: false, bombard: 0 }))} /> Sea
        </label>
        <label>
          <input type="checkbox" checked={input.lowLuck ?? false} onChange={(e) => setInput((i) => ({ ...i, lowLuck: e.target.checked }))} /> Low luck (R6.8)
        </label>
        {!sea && (
          <>
            <label>
              <input type="checkbox" checked={input.aa ?? false} onChange={(e) => setInput((i) => ({ ...i, aa: e.target.checked }))} /> AA fire at entering aircraft (R5.1)
            </label>
            <label>
              Bombarding battleships (R5.5){" "}
              <input type="number" min={0} max={50} value={input.bombard ?? 0} aria-label="Bombarding battleships" onChange={(e) => setInput((i) => ({ ...i, bombard: Math.max(0, Number(e.target.value) || 0) }))} />
            </label>
          </>
        )}
      </fieldset>
      <div className={styles.calcSides}>
        {ROLES.map((role) => (
          <SideForm
            key={role}
            role={role}
            sea={sea}
            forces={input[role]}
            other={input[role === "attacker" ? "defender" : "attacker"]}
            choices={(role === "attacker" ? input.attackerChoices : input.defenderChoices) ?? {}}
            onForces={(n, c) => setForces(role, n, c)}
            onChoices={(c) => setChoices(role, c)}
          />
        ))}
      </div>
      {!checked.ok && (
        <p className="alert" role="alert">
          {checked.error}
        </p>
      )}
      {checked.ok && <Results result={odds.result} ms={odds.ms} pending={odds.pending} error={odds.error} sea={sea} />}
    </div>
  );
}

function SideForm(props: {
  role: Role;
  sea: boolean;
  forces: OddsInput["attacker"];
  other: OddsInput["attacker"];
  choices: SideChoices;
  onForces: (nation: Nation, counts: UnitCounts | undefined) => void;
  onChoices: (choices: SideChoices) => void;
}) {
  const { role, sea, forces, other, choices } = props;
  const present = Object.keys(forces) as Nation[];
  const otherTeam = (Object.keys(other) as Nation[])[0];
  const addable = NATIONS.filter((n) => !present.includes(n) && (!otherTeam || teamOf(n) !== teamOf(otherTeam)) && (present.length === 0 || teamOf(n) === teamOf(present[0]!)));
  const types = typesFor(sea, role);
  const num = (v: string) => (v === "" ? undefined : Math.max(0, Math.floor(Number(v))));
  return (
    <section className="card calc-side" aria-label={role === "attacker" ? "Attacker" : "Defender"}>
      <h2>{role === "attacker" ? "Attacker" : "Defender"}</h2>
      {present.map((nation) => (
        <div key={nation} className={styles.calcNation}>
          <div className={styles.calcNationHead}>
            <strong>{nation}</strong>
            <button type="button" className="button button-quiet button-small" onClick={() => props.onForces(nation, undefined)}>
              Remove
            </button>
          </div>
          <div className={styles.calcUnits}>
            {types.map((type) => (
              <label key={type} className={styles.calcUnit}>
                <span>{unitName(type)}</span>
                <input
                  type="number"
                  min={0}
                  max={500}
                  aria-label={`${role} ${nation} ${unitName(type)}`}
                  value={forces[nation]?.[type] ?? 0}
                  onChange={(e) => props.onForces(nation, { ...forces[nation], [type]: num(e.target.value) ?? 0 })}
                />
              </label>
            ))}
          </div>
        </div>
      ))}
      {addable.length > 0 && (
        <label className="calc-add">
          Add a nation{" "}
          <select aria-label={`Add a nation to the ${role}`} value="" onChange={(e) => e.target.value && props.onForces(e.target.value as Nation, {})}>
            <option value="">…</option>
            {addable.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </label>
      )}
      <details className={styles.calcChoices}>
        <summary>Choices (R6.7, R6.9)</summary>
        <label>
          Lose last{" "}
          <select aria-label={`${role} loses last`} value={choices.keepLast?.[0] ?? ""} onChange={(e) => props.onChoices({ ...choices, keepLast: e.target.value ? [e.target.value as UnitType] : undefined })}>
            <option value="">(the default order, R6.9)</option>
            {types.filter((t) => t !== "aaGun").map((t) => (
              <option key={t} value={t}>
                {unitName(t)}
              </option>
            ))}
          </select>
        </label>
        {!sea && role === "attacker" && (
          <label>
            Keep at least this many land units{" "}
            <input type="number" min={0} aria-label={`${role} keeps land units`} value={choices.keepLand ?? 0} onChange={(e) => props.onChoices({ ...choices, keepLand: num(e.target.value) || undefined })} />
          </label>
        )}
        <label>
          Withdraw air after round{" "}
          <input type="number" min={0} aria-label={`${role} withdraws air after round`} value={choices.withdrawAirAfter ?? ""} placeholder="never" onChange={(e) => props.onChoices({ ...choices, withdrawAirAfter: num(e.target.value) || undefined })} />
        </label>
        <label>
          Withdraw air when the chance of winning falls below{" "}
          <input
            type="number"
            min={0}
            max={100}
            aria-label={`${role} withdraws air below percent`}
            value={choices.withdrawAirBelow === undefined ? "" : Math.round(choices.withdrawAirBelow * 100)}
            placeholder="never"
            onChange={(e) => props.onChoices({ ...choices, withdrawAirBelow: e.target.value === "" ? undefined : Math.min(100, Math.max(0, Number(e.target.value))) / 100 })}
          />{" "}
          %
        </label>
        {sea && (
          <label>
            Submerge submarines after round{" "}
            <input type="number" min={0} aria-label={`${role} submerges after round`} value={choices.submergeAfter ?? ""} placeholder="never" onChange={(e) => props.onChoices({ ...choices, submergeAfter: num(e.target.value) || undefined })} />
          </label>
        )}
      </details>
    </section>
  );
}

function Results({ result, ms, pending, error, sea }: { result?: OddsResult; ms?: number; pending: boolean; error?: string; sea: boolean }) {
  if (error) return <p className="alert">{error}</p>;
  if (!result) return <p className="muted">{pending ? "Computing…" : ""}</p>;
  const rows: [string, number][] = [
    ["Attacker wins", result.attackerWins],
    ...(sea ? [] : ([["Territory taken", result.taken]] as [string, number][])),
    ["Defender wins", result.defenderWins],
    ["Both destroyed", result.bothDestroyed],
  ];
  if (result.attackerWithdrew > 0) rows.push(["Attacker withdrew", result.attackerWithdrew]);
  if (result.draw > 0) rows.push(["Neither can hurt the other (both stay)", result.draw]);
  return (
    <section className="card calc-results" aria-live="polite" data-testid="odds-results" aria-busy={pending}>
      <h2>Odds</h2>
      <dl className={styles.calcOutcomes}>
        {rows.map(([label, p]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd data-testid={`odds-${label.toLowerCase().replace(/[^a-z]+/g, "-")}`}>{pct(p)}</dd>
          </div>
        ))}
        <div>
          <dt>Expected rounds</dt>
          <dd>{result.expectedRounds.toFixed(2)}</dd>
        </div>
        <div className={styles.calcWide}>
          <dt>Expected loss (cost)</dt>
          <dd>
            attacker {result.attacker.expectedLoss.toFixed(1)}, defender {result.defender.expectedLoss.toFixed(1)}; swing {(result.defender.expectedLoss - result.attacker.expectedLoss).toFixed(1)} for the attacker
          </dd>
        </div>
      </dl>
      <div className={styles.calcCharts}>
        <SurvivorChart title="Attacker's survivors" survivors={result.attacker.survivors} />
        <SurvivorChart title="Defender's survivors" survivors={result.defender.survivors} />
      </div>
      <p className="muted small">
        Computed in {ms?.toFixed(1)} ms{pending ? " (updating…)" : ""}; {result.pruned > 0 ? `probability left out as negligible ≤ ${result.pruned.toExponential(0)}` : "nothing left out"}.
      </p>
    </section>
  );
}
