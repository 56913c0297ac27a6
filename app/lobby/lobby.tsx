"use client";
// The lobby: make a challenge, join someone else's, and find your own games.
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useSubscription } from "@trpc/tanstack-react-query";
import { errorText } from "../components/format";
import { useTRPC } from "../trpc/client";
import { refreshQueries } from "../trpc/refresh";
import { PressUnreadLive } from "./press-choice";
import { ChallengeFilters } from "./challenge-filters";
import { MyFiguresLine } from "./my-figures";
import { GameList, WatchList } from "./game-lists";
import { ChallengeOfGame } from "./new-challenge";
import { OpenChallenge } from "./open-challenge";

export function Lobby() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const lobby = useQuery(trpc.game.lobby.queryOptions());
  const refresh = () => refreshQueries(queryClient, [trpc.game.lobby.queryKey()]);
  // New challenges, joins and starts arrive live (a turn resolved only for a game listed here); a
  // (re)connect refetches what was missed meanwhile.
  useSubscription(
    trpc.game.lobbyLive.subscriptionOptions(undefined, {
      onStarted: refresh,
      onData: (message) => {
        const event = ("data" in message ? message.data : message) as { kind: string; gameId: number };
        const listed = [...(lobby.data?.mine ?? []), ...(lobby.data?.watch ?? [])].some((g) => g.id === event.gameId);
        if (event.kind !== "turn-resolved" || listed) void refresh();
      },
    }),
  );

  const open = (lobby.data?.open ?? []).filter((g) => !g.seats.some((s) => s.mine) && g.seats.some((s) => !s.player && !s.robot));
  // A finished game leaves the active list (R8.6) and stays readable under Finished games.
  const mine = (lobby.data?.mine ?? []).filter((g) => g.status !== "finished");
  const finished = (lobby.data?.mine ?? []).filter((g) => g.status === "finished");

  return (
    <div className="stack">
      <h1>Lobby</h1>
      <ChallengeOfGame onCreated={refresh} />

      <section className="card" aria-labelledby="open-heading" data-testid="open-challenges">
        <h2 id="open-heading">Open challenges</h2>
        {lobby.isPending ? <p className="muted">Loading…</p> : null}
        {lobby.error ? (
          <p className="alert" role="alert">
            {errorText(lobby.error)}
          </p>
        ) : null}
        <MyFiguresLine me={lobby.data?.me} userId={lobby.data?.me.userId} />
        {lobby.data && open.length === 0 ? <p className="muted">No open challenges from other players right now.</p> : null}
        <ChallengeFilters games={open} me={lobby.data?.me}>
          {(shown) => (
            <ul className="card-list">
              {shown.map((g) => (
                <OpenChallenge key={g.id} game={g} onJoined={refresh} />
              ))}
            </ul>
          )}
        </ChallengeFilters>
      </section>

      <section className="card" aria-labelledby="mine-heading" data-testid="my-games">
        <h2 id="mine-heading">Your games</h2>
        <PressUnreadLive />
        {lobby.data && mine.length === 0 ? <p className="muted">You are not in any game yet. Make a challenge or join one.</p> : null}
        <GameList games={mine} />
      </section>

      <WatchList games={lobby.data?.watch ?? []} loaded={lobby.data !== undefined} />

      {finished.length > 0 ? (
        <section className="card" aria-labelledby="finished-heading" data-testid="finished-games">
          <h2 id="finished-heading">Finished games</h2>
          <GameList games={finished} />
        </section>
      ) : null}
    </div>
  );
}
