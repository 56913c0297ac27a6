"use client";
// The sandbox (issue 24) on the page of a game of any ruleset but 1942, loaded after the screen: on a
// real game, "Open in sandbox" (a private copy of this turn's start, app/game/[id]/sandbox); on a
// sandbox, its bar: the robot's orders for the side being played ("what would a robot do?", the
// ruleset's own robot), resolve now (every side locks), back to a turn's start, branch and the share
// link. The side the owner orders is the page's own "Play as" selector: a sandbox seats them everywhere.
import { useMutation } from "@tanstack/react-query";
import Link from "next/link";
import type { RulesetGameView } from "../../server/services/ruleset-games/read";
import { OpenInSandbox } from "../game/[id]/sandbox/sandbox-tools";
import { SandboxStatus } from "../game/[id]/sandbox/sandbox-status";
import { SandboxTurns } from "../game/[id]/sandbox/sandbox-turns";
import styles from "../game/[id]/sandbox/sandbox.module.css";
import { useTRPC } from "../trpc/client";

type Props = { gameId: number; view: Pick<RulesetGameView, "turn" | "game" | "phase" | "side">; onChanged: () => void };

export function SandboxBar(props: Props) {
  if (!props.view.phase) return null;
  const sandbox = props.view.game.sandbox;
  // A new turn (resolved, or an undo) starts the bar afresh: no message of the turn before stays.
  return sandbox ? <Bar key={props.view.turn} {...props} sandbox={sandbox} /> : <OpenInSandbox gameId={props.gameId} />;
}

function Bar({ gameId, view, onChanged, sandbox }: Props & { sandbox: NonNullable<RulesetGameView["game"]["sandbox"]> }) {
  const trpc = useTRPC();
  const turn = view.turn;
  const resolve = useMutation(trpc.sandbox.resolve.mutationOptions({ onSuccess: onChanged, onError: onChanged }));
  // The saved orders come back with the refetch; the game's screen starts its draft from them.
  const robot = useMutation(trpc.sandbox.robotOrders.mutationOptions({ onSuccess: onChanged }));
  const status = view.phase?.status;
  const side = view.side;
  const canOrder = !!side && status === "open" && view.phase!.sides.includes(side) && !view.phase!.locked.includes(side);
  const error = [robot, resolve].find((m) => m.error)?.error;
  return (
    <section className={styles.bar} aria-label="Sandbox" data-testid="sandbox-bar">
      <p className="small">
        <strong>Sandbox</strong> — private: only you see it, and the real game never changes.{" "}
        {sandbox.fromGameId ? (
          <>
            Copied from <Link href={`/game/${sandbox.fromGameId}/play`}>this game</Link> at turn {sandbox.fromTurn}.
          </>
        ) : null}{" "}
        You order every side: pick one with &ldquo;Play as&rdquo;.
      </p>
      <div className={styles.row}>
        {side ? (
          <button type="button" className="button button-small button-quiet" data-testid="sandbox-robot" disabled={!canOrder || robot.isPending} onClick={() => robot.mutate({ gameId, nation: side })}>
            Robot orders for {side}
          </button>
        ) : null}
        <button type="button" className="button button-small" data-testid="sandbox-resolve" disabled={status !== "open" || resolve.isPending} onClick={() => resolve.mutate({ gameId })}>
          Resolve turn {turn}
        </button>
      </div>
      <SandboxTurns gameId={gameId} turn={turn} fromTurn={sandbox.fromTurn} shareToken={sandbox.shareToken} resolving={status === "resolving"} onUndone={onChanged} onChanged={onChanged} />
      <SandboxStatus
        robotDone={
          robot.data
            ? robot.data.ok
              ? `The robot's orders for ${robot.variables?.nation} are saved.`
              : `The robot's orders were refused: ${"message" in robot.data ? robot.data.message : "see the orders"}`
            : null
        }
        error={error}
      />
    </section>
  );
}
