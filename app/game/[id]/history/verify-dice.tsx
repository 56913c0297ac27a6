"use client";
// "Verify dice": the server replays every resolved turn from its stored start, orders, decisions and
// revealed seed, checks the seed against the SHA-256 published before the orders locked (R3.3), and
// reports per turn "ok" or what differs.
import { useQuery } from "@tanstack/react-query";
import { errorText } from "../../../components/format";
import { useTRPC } from "../../../trpc/client";
import styles from "./history.module.css";

export function VerifyDice({ gameId }: { gameId: number }) {
  const trpc = useTRPC();
  const verify = useQuery({ ...trpc.game.verify.queryOptions({ gameId }), enabled: false, retry: false, staleTime: Infinity, gcTime: 0 });
  const result = verify.data;
  return (
    <section className={styles.verify} aria-labelledby="verify-heading" data-testid="verify-dice">
      <h2 id="verify-heading" className="sr-only">
        Verify the dice
      </h2>
      <div className={`actions ${styles.verifyActions}`}>
        <button type="button" className="button button-secondary button-small" onClick={() => void verify.refetch()} disabled={verify.isFetching} data-testid="verify-button">
          {verify.isFetching ? "Replaying every turn…" : result ? "Verify dice again" : "Verify dice"}
        </button>
        <span className="small muted">Replays every resolved turn from its stored orders, decisions and revealed seed, and checks each seed against its published SHA-256.</span>
      </div>
      {verify.error ? (
        <p className="alert" role="alert">
          {errorText(verify.error)}
        </p>
      ) : null}
      {result && !verify.isFetching ? (
        <div role="status" data-testid="verify-result" data-ok={result.ok ? "true" : "false"}>
          {result.phases.length === 0 ? (
            <p className="muted small">No turn has resolved yet: nothing to check.</p>
          ) : (
            <>
              <p className={result.ok ? styles.verifyOk : styles.verifyBad}>
                {result.ok
                  ? result.phases.length === 1
                    ? "The resolved turn replays exactly: ok."
                    : `All ${result.phases.length} resolved turns replay exactly: ok.`
                  : "Some turns do not replay as stored:"}
              </p>
              <ul className={`small ${styles.verifyList}`}>
                {result.phases.map((p) => (
                  <li key={p.phaseId} data-testid={`verify-turn-${p.turn}`} data-ok={p.ok ? "true" : "false"}>
                    Turn {p.turn}: {p.ok ? <span className={styles.okText}>ok</span> : <span className={styles.badText}>{p.problems.join("; ")}</span>}
                  </li>
                ))}
              </ul>
            </>
          )}
        </div>
      ) : null}
    </section>
  );
}
