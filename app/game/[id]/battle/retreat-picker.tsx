"use client";
// After a round (R6.7): the side's lead nation may submerge submarines (they stay in the zone) and/or
// withdraw air units (they land after combat); the default is to fight on (R6.9).
import { useState } from "react";
import { ruleWords, type KnownUnit } from "../../../components/battle-format";
import { errorText, unitName } from "../../../components/format";
import { slug } from "../game-types";
import { idsText, requestKey, type RetreatRequest } from "./decision-words";
import { useDecide } from "./use-decide";
import { retreatQuestion } from "../retreat-question";
import styles from "../battle-decisions.module.css";

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

export function RetreatPicker({ gameId, request, known, onChanged }: { gameId: number; request: RetreatRequest; known: ReadonlyMap<number, KnownUnit>; onChanged: () => void }) {
  const groups = [
    ...retreatGroups(request.submergeable, known, "submerge").map((g) => ({ ...g, kind: "submerge" as const })),
    ...retreatGroups(request.withdrawable, known, "withdraw").map((g) => ({ ...g, kind: "withdraw" as const })),
  ];
  const [counts, setCounts] = useState<Record<string, number>>({});
  const decide = useDecide(onChanged, { battle: request.battle, round: request.round, step: "retreat" });
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
          {decide.sentText}
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
