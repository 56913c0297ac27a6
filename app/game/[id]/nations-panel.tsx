"use client";
// The Nations tab of the game screen: who plays each nation and who has locked, the creator's clock,
// leaving and taking a nation back, and the game's options and dice commitment. Loaded when the tab
// is first shown (or once the page has hydrated), not with the map.
import { useMutation, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { NATIONS, type Nation } from "../../../server/rulesets/1942/engine/types";
import { durationText } from "../../components/battle-format";
import { errorText } from "../../components/format";
import { PlayerBadge } from "../../components/player-badge";
import { useTRPC } from "../../trpc/client";
import { slug, type GameView } from "./game-types";
import { PauseBar } from "./pause-bar";
import { SeedLine } from "./seed-line";

export function NationsPanel({ view }: { view: GameView }) {
  return (
    <>
      {view.game.status === "active" && (view.game.pausedAt || view.game.mayPause) ? (
        <PauseBar
          gameId={view.game.id}
          pausedAt={view.game.pausedAt}
          mayPause={view.game.mayPause}
          due={view.phase?.status === "open" ? view.phase.deadline : view.phase?.decisionDeadline}
          via="game"
        />
      ) : null}
      <Seats view={view} />
      <GameFacts view={view} />
    </>
  );
}

/** The game's options, the dice commitment and the links that used to head the page. */
function GameFacts({ view }: { view: GameView }) {
  const phase = view.phase;
  const gameId = view.game.id;
  return (
    <section className="small" aria-label="About this game">
      {phase ? <SeedLine seedHash={phase.seedHash} /> : null}
      <p className="game-links">
        <Link href={`/game/${gameId}/history`}>History and reports</Link> · <Link href="/lobby">Lobby</Link> · Options: orders {durationText(view.game.ordersHours)}, decisions{" "}
        {durationText(view.game.decisionHours)}
        {view.game.lowLuck ? ", low luck" : ""}
      </p>
    </section>
  );
}

function Seats({ view }: { view: GameView }) {
  // In post-combat the column shows who has finished landing (R7.3); otherwise who locked orders.
  const locked = new Set(view.postCombat ? NATIONS.filter((n) => !view.postCombat!.waitingFor.includes(n)) : (view.phase?.locked ?? []));
  return (
    <section className="card" aria-labelledby="seats-heading">
      <h2 id="seats-heading">Nations</h2>
      <div className="table-wrap">
        <table className="table" data-testid="seats">
          <thead>
            <tr>
              <th scope="col">Nation</th>
              <th scope="col">Team</th>
              <th scope="col">Played by</th>
              <th scope="col">Locked</th>
            </tr>
          </thead>
          <tbody>
            {view.seats.map((s) => (
              <tr key={s.nation} data-testid={`seat-row-${slug(s.nation)}`} className={s.mine ? "mine" : undefined}>
                <th scope="row">{s.nation}</th>
                <td>{s.team}</td>
                <td>
                  {s.robot && s.mine ? (
                    <TakeBack gameId={view.game.id} nation={s.nation} />
                  ) : s.robot ? (
                    "Robot"
                  ) : s.player && s.mine && view.game.status === "active" ? (
                    <>
                      {s.player} (you) <Leave gameId={view.game.id} nation={s.nation} />
                    </>
                  ) : s.player ? (
                    <PlayerBadge seat={s} />
                  ) : (
                    <span className="muted">open</span>
                  )}
                </td>
                <td data-testid={`locked-${slug(s.nation)}`}>
                  {locked.has(s.nation) ? (
                    <span className="ok" aria-label="locked">
                      ✓
                    </span>
                  ) : (
                    <span className="muted" aria-label="not locked">
                      —
                    </span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** Leave the game: a robot plays the nation from now on (R3.2). */
function Leave({ gameId, nation }: { gameId: number; nation: Nation }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const leave = useMutation(
    trpc.game.leave.mutationOptions({ onSuccess: () => void queryClient.invalidateQueries({ queryKey: trpc.game.get.queryKey({ gameId }) }) }),
  );
  return (
    <>
      <button
        type="button"
        className="button button-quiet button-small"
        disabled={leave.isPending}
        data-testid={`leave-${slug(nation)}`}
        onClick={() => {
          if (window.confirm(`Leave the game? A robot will play ${nation} from now on.`)) leave.mutate({ gameId, nation });
        }}
      >
        Leave
      </button>
      {leave.error ? <span className="alert-text"> {errorText(leave.error)}</span> : null}
    </>
  );
}

/** A robot plays this nation for its player (missed deadlines); the player may take it back. */
function TakeBack({ gameId, nation }: { gameId: number; nation: Nation }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const reclaim = useMutation(
    trpc.game.reclaim.mutationOptions({ onSuccess: () => void queryClient.invalidateQueries({ queryKey: trpc.game.get.queryKey({ gameId }) }) }),
  );
  return (
    <span data-testid={`robot-for-you-${slug(nation)}`}>
      Robot, playing for you after missed deadlines{" "}
      <button type="button" className="button button-small" disabled={reclaim.isPending} onClick={() => reclaim.mutate({ gameId, nation })}>
        Take it back
      </button>
      {reclaim.error ? <span className="alert-text"> {errorText(reclaim.error)}</span> : null}
    </span>
  );
}
