"use client";
// A sandbox's turn controls, the same for every ruleset (issue 24): back to a turn's start, a branch
// from this turn (a new sandbox; /game/ID opens the right page for its ruleset), and the read-only
// share link. Each sandbox bar (1942's, the platform's) adds its own resolve and orders buttons.
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { SandboxStatus } from "./sandbox-status";
import { useTRPC } from "../../../trpc/client";
import styles from "./sandbox.module.css";

export interface SandboxTurnsProps {
  gameId: number;
  turn: number;
  /** The first turn the sandbox holds (the turn it was copied at). */
  fromTurn: number | null;
  shareToken: string | null;
  resolving: boolean;
  /** After an undo: the orders on the page are the turn's saved ones again. */
  onUndone: () => void;
  onChanged: () => void;
}

export function SandboxTurns({ gameId, turn, fromTurn, shareToken, resolving, onUndone, onChanged }: SandboxTurnsProps) {
  const trpc = useTRPC();
  const router = useRouter();
  const first = fromTurn ?? 1;
  const turns = Array.from({ length: Math.max(1, turn - first + 1) }, (_, i) => first + i);
  const [backTo, setBackTo] = useState<number | null>(null);
  const target = backTo !== null && turns.includes(backTo) ? backTo : turn > first ? turn - 1 : turn;
  const done = { onSuccess: onChanged, onError: onChanged };
  const undo = useMutation(trpc.sandbox.undo.mutationOptions({ onSuccess: onUndone }));
  const branch = useMutation(trpc.sandbox.open.mutationOptions({ onSuccess: (r) => router.push(`/game/${r.gameId}`) }));
  const share = useMutation(trpc.sandbox.share.mutationOptions(done));
  const unshare = useMutation(trpc.sandbox.unshare.mutationOptions(done));
  const token = share.data?.token ?? shareToken;
  const link = token && typeof window !== "undefined" ? `${window.location.origin}/sandbox/shared/${token}` : null;
  const error = [undo, branch, share, unshare].find((m) => m.error)?.error;
  return (
    <>
      <div className={styles.row}>
        <label className="small">
          Back to the start of turn{" "}
          <select value={target} onChange={(e) => setBackTo(Number(e.target.value))} data-testid="sandbox-undo-turn">
            {turns.map((t) => (
              <option key={t} value={t}>
                {t}
              </option>
            ))}
          </select>
        </label>
        <button type="button" className="button button-small button-quiet" data-testid="sandbox-undo" disabled={undo.isPending || resolving} onClick={() => undo.mutate({ gameId, turn: target })}>
          Undo
        </button>
        <button
          type="button"
          className="button button-small button-quiet"
          data-testid="sandbox-branch"
          disabled={branch.isPending || branch.isSuccess}
          onClick={() => branch.mutate({ gameId, turn })}
          title="A new sandbox from the start of this turn; this one stays as it is"
        >
          Branch from turn {turn}
        </button>
      </div>
      <div className={styles.row}>
        {link ? (
          <>
            <input className={styles.link} readOnly value={link} aria-label="Read-only link to this sandbox" data-testid="sandbox-link" onFocus={(e) => e.currentTarget.select()} />
            <button type="button" className="button button-small button-quiet" onClick={() => unshare.mutate({ gameId })} disabled={unshare.isPending}>
              Stop sharing
            </button>
          </>
        ) : (
          <button type="button" className="button button-small button-quiet" data-testid="sandbox-share" onClick={() => share.mutate({ gameId })} disabled={share.isPending}>
            Share a read-only link
          </button>
        )}
      </div>
      <SandboxStatus robotDone={null} error={error} />
    </>
  );
}
