"use client";
// The plainest screen a game can have: the view as a readable list and the orders as JSON. The
// platform falls back to it for a ruleset without a screen of its own; it is no game's real screen.
import { useEffect, useState } from "react";
import type { GameReviewProps, GameScreenProps } from "./contract";
import styles from "./ruleset-game.module.css";

function Value({ value, depth = 0 }: { value: unknown; depth?: number }) {
  if (value === null || typeof value !== "object") return <code>{JSON.stringify(value)}</code>;
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
  if (entries.length === 0) return <code>{Array.isArray(value) ? "[]" : "{}"}</code>;
  if (depth >= 3) return <code className={styles.wrap}>{JSON.stringify(value)}</code>;
  return (
    <ul className={styles.tree}>
      {entries.map(([k, v]) => (
        <li key={k}>
          <strong>{k}</strong>: <Value value={v} depth={depth + 1} />
        </li>
      ))}
    </ul>
  );
}

export function Screen({ side, view, phase, saved, save, lock, unlock, layout }: GameScreenProps) {
  const [text, setText] = useState(() => JSON.stringify(saved ?? {}, null, 2));
  const [message, setMessage] = useState("");
  useEffect(() => setText(JSON.stringify(saved ?? {}, null, 2)), [saved]);
  const locked = side !== null && phase.locked.includes(side);
  const act = async (run: () => Promise<{ ok: boolean; message?: string; rule?: string }>, done: string) => {
    const r = await run();
    setMessage(r.ok ? done : `${r.message ?? "Refused"}${r.rule ? ` (${r.rule})` : ""}`);
  };
  const onSave = () => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      setMessage("The orders are not valid JSON");
      return;
    }
    void act(() => save(parsed), "Saved");
  };
  const panel =
    side && phase.status === "open" && phase.sides.includes(side) ? (
        <section className="card stack">
          <h2>Orders of {side}</h2>
          <textarea aria-label={`Orders of ${side} (JSON)`} rows={10} value={text} onChange={(e) => setText(e.target.value)} disabled={locked} className={styles.orders} />
          <div className="row">
            <button type="button" className="button" onClick={onSave} disabled={locked}>
              Save
            </button>
            {locked ? (
              <button type="button" className="button button-secondary" onClick={() => void act(unlock, "Unlocked")}>
                Unlock
              </button>
            ) : (
              <button type="button" className="button button-secondary" onClick={() => void act(lock, "Locked")}>
                Lock
              </button>
            )}
          </div>
          <p className="small" role="status">
            {message}
          </p>
        </section>
      ) : null;
  return layout({
    panel,
    board: (
      <div className={styles.jsonBoard} data-testid="json-screen">
      <details className="card" open>
        <summary>
          <strong>The board</strong> (as you may see it)
        </summary>
        <Value value={view} />
      </details>
      </div>
    ),
  });
}

export function Review({ turn, report, layout }: GameReviewProps) {
  return layout({
    board: (
      <section className={styles.jsonBoard} data-testid="json-review">
        <h2>The judge&rsquo;s report of turn {turn}</h2>
        <Value value={report} />
      </section>
    ),
    panel: null,
  });
}
