// Save, Lock and Unlock of the side's plot (the contract's actions); a refusal shows its rule id.
import { useState } from "react";
import type { ActionResult } from "../contract";
import type { Orders } from "../../../server/rulesets/interplanetary/types";
import styles from "./screen.module.css";

export function PlotActions({ draft, locked, save, lock, unlock }: { draft: Orders; locked: boolean; save(o: Orders): Promise<ActionResult>; lock(): Promise<ActionResult>; unlock(): Promise<ActionResult> }) {
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ ok: boolean; text: string } | null>(null);
  const run = async (steps: (() => Promise<ActionResult>)[], done: string) => {
    setBusy(true);
    setMessage(null);
    try {
      for (const step of steps) {
        const r = await step();
        if (!r.ok) return setMessage({ ok: false, text: r.rule && !r.message.includes(r.rule) ? `${r.message} (${r.rule})` : r.message });
      }
      setMessage({ ok: true, text: done });
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className={styles.actions}>
      {locked ? (
        <button type="button" className="button button-quiet" disabled={busy} onClick={() => run([unlock], "Unlocked: you may change your plot.")} data-testid="unlock">
          Unlock
        </button>
      ) : (
        <>
          <button type="button" className="button button-quiet" disabled={busy} onClick={() => run([() => save(draft)], "Saved.")} data-testid="save">
            Save
          </button>
          <button type="button" className="button" disabled={busy} onClick={() => run([() => save(draft), lock], "Locked: waiting for the others.")} data-testid="lock">
            Save and lock
          </button>
        </>
      )}
      {message ? (
        <p role={message.ok ? "status" : "alert"} className={message.ok ? styles.muted : styles.warn} data-testid={message.ok ? "plot-status" : "plot-refusal"}>
          {message.text}
        </p>
      ) : null}
    </div>
  );
}
