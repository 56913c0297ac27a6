"use client";
// Open a private channel: the nations in it are fixed from now on; the same set opens the same channel.
import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import type { Nation } from "../../../../server/rulesets/1942/engine/types";
import { errorText } from "../../../components/format";
import { useTRPC } from "../../../trpc/client";
import styles from "./press.module.css";

export function OpenChannel(props: { gameId: number; writers: Nation[]; sides: Nation[]; onOpened: (id: number) => void; onCancel: () => void }) {
  const trpc = useTRPC();
  const [as, setAs] = useState<Nation>(props.writers[0]!);
  const [with_, setWith] = useState<Nation[]>([]);
  const open = useMutation(trpc.press.open.mutationOptions({ onSuccess: (r) => props.onOpened(r.channelId) }));
  const others = props.sides.filter((n) => n !== as);
  function submit(e: FormEvent) {
    e.preventDefault();
    open.mutate({ gameId: props.gameId, nation: as, members: with_.filter((n) => n !== as) });
  }
  return (
    <form className={styles.open} onSubmit={submit} data-testid="press-open-form" aria-label="Open a private channel">
      {props.writers.length > 1 ? (
        <label className="small">
          As{" "}
          <select value={as} onChange={(e) => setAs(e.target.value as Nation)}>
            {props.writers.map((n) => (
              <option key={n}>{n}</option>
            ))}
          </select>
        </label>
      ) : null}
      <fieldset>
        <legend className="small">A private channel of {as} with:</legend>
        {others.map((n) => (
          <label key={n} className="checkbox">
            <input
              type="checkbox"
              checked={with_.includes(n)}
              onChange={(e) => setWith((w) => (e.target.checked ? [...w, n] : w.filter((x) => x !== n)))}
              data-testid={`press-member-${n.replace(/\s+/g, "-").toLowerCase()}`}
            />{" "}
            {n}
          </label>
        ))}
      </fieldset>
      <p className="muted small">Its members are fixed once it is open. Nobody else sees that it exists.</p>
      <div className={styles.composerRow}>
        <button type="submit" className="button button-small" disabled={open.isPending || with_.filter((n) => n !== as).length === 0} data-testid="press-open-submit">
          Open
        </button>
        <button type="button" className="button button-quiet button-small" onClick={props.onCancel}>
          Cancel
        </button>
      </div>
      {open.error ? (
        <p className="alert" role="alert">
          {errorText(open.error)}
        </p>
      ) : null}
    </form>
  );
}
