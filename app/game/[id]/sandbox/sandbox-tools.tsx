"use client";
// The sandbox's tools on the game screen (issue 24), loaded after the map: on a real game, "Open in
// sandbox" (a private copy of this turn's start); on a sandbox, its bar: robot orders for the nation
// the map shows, resolve, undo (back to a turn's start), branch and the share link. The nation
// switcher is the screen's own (a sandbox's owner plays every nation).
import { useMutation } from "@tanstack/react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import type { Nation } from "../../../../server/rulesets/1942/engine/types";
import { errorText } from "../../../components/format";
import { useTRPC } from "../../../trpc/client";
import type { GameView } from "../game-types";
import styles from "./sandbox.module.css";
import { SandboxStatus } from "./sandbox-status";
import { SandboxTurns } from "./sandbox-turns";

export function SandboxTools(props: { gameId: number; view: GameView; nation: Nation | null; onChanged: () => void; onOrdersReplaced: () => void }) {
  // A new phase (a turn resolved, an undo) starts the bar afresh: no message of the turn before stays.
  return props.view.game.sandbox ? <SandboxBar key={props.view.phase?.id} {...props} sandbox={props.view.game.sandbox} /> : <OpenInSandbox gameId={props.gameId} />;
}

export function OpenInSandbox({ gameId }: { gameId: number }) {
  const trpc = useTRPC();
  const router = useRouter();
  const open = useMutation(trpc.sandbox.open.mutationOptions({ onSuccess: (r) => router.push(`/game/${r.gameId}`) }));
  return (
    <div className={styles.open}>
      <button type="button" className="button button-quiet button-small" data-testid="open-sandbox" disabled={open.isPending || open.isSuccess} onClick={() => open.mutate({ gameId })}>
        {open.isPending || open.isSuccess ? "Opening the sandbox…" : "Open in sandbox"}
      </button>
      <span className="muted small">a private copy of this turn: order every nation, resolve, try again</span>
      {open.error ? (
        <p className="alert small" role="alert" data-testid="sandbox-error">
          {errorText(open.error)} <Link href="/settings#sandboxes">Your sandboxes</Link>
        </p>
      ) : null}
    </div>
  );
}

/** "3 orders": a 1942 robot's orders are a list. */
const count = (orders: unknown) => {
  const n = Array.isArray(orders) ? orders.length : 0;
  return `${n} ${n === 1 ? "order" : "orders"}`;
};

function SandboxBar({
  gameId,
  view,
  nation,
  onChanged,
  onOrdersReplaced,
  sandbox,
}: {
  gameId: number;
  view: GameView;
  nation: Nation | null;
  onChanged: () => void;
  onOrdersReplaced: () => void;
  sandbox: NonNullable<GameView["game"]["sandbox"]>;
}) {
  const trpc = useTRPC();
  const phase = view.phase;
  const turn = phase?.turn ?? 1;
  const replaced = () => {
    onOrdersReplaced();
    onChanged();
  };
  const robot = useMutation(trpc.sandbox.robotOrders.mutationOptions({ onSuccess: replaced }));
  const resolve = useMutation(trpc.sandbox.resolve.mutationOptions({ onSuccess: onChanged, onError: onChanged }));
  const open = phase?.status === "open";
  const locked = nation !== null && phase?.locked.includes(nation) === true;
  const error = [robot, resolve].find((m) => m.error)?.error;
  return (
    <section className={styles.bar} aria-label="Sandbox" data-testid="sandbox-bar">
      <p className="small">
        <strong>Sandbox</strong> — private: only you see it, and the real game never changes.{" "}
        {sandbox.fromGameId ? (
          <>
            Copied from <Link href={`/game/${sandbox.fromGameId}`}>this game</Link> at turn {sandbox.fromTurn}.
          </>
        ) : null}{" "}
        You order every nation: pick one above the orders.
      </p>
      <div className={styles.row}>
        {nation ? (
          <button type="button" className="button button-small button-quiet" data-testid="sandbox-robot" disabled={!open || locked || robot.isPending} onClick={() => robot.mutate({ gameId, nation })}>
            Robot orders for {nation}
          </button>
        ) : null}
        <button type="button" className="button button-small" data-testid="sandbox-resolve" disabled={!open || resolve.isPending} onClick={() => resolve.mutate({ gameId })}>
          Resolve turn {turn}
        </button>
      </div>
      <SandboxTurns gameId={gameId} turn={turn} fromTurn={sandbox.fromTurn} shareToken={sandbox.shareToken} resolving={phase?.status === "resolving"} onUndone={replaced} onChanged={onChanged} />
      <SandboxStatus
        robotDone={robot.data ? (robot.data.ok ? `The robot's ${count(robot.data.orders)} for ${robot.variables?.nation} are saved.` : "The robot's orders were refused.") : null}
        error={error}
      />
    </section>
  );
}
