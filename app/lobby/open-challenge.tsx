// One open challenge of another player: its seats, each to join, held or reserved for an invited bot.
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { teamOf } from "../../server/rulesets/1942/engine/teams";
import { errorText } from "../components/format";
import { useTRPC } from "../trpc/client";
import { BotMark, PlayerBadge } from "../components/player-badge";
import { GameKind } from "./game-lists";
import { gamePath, optionsText, seatText, type LobbyGame } from "./lobby-game";
import styles from "./lobby.module.css";

export function OpenChallenge({ game, onJoined }: { game: LobbyGame; onJoined: () => void }) {
  const trpc = useTRPC();
  const router = useRouter();
  const joined = (res: { started: boolean }) => {
    if (res.started) router.push(gamePath(game));
    onJoined();
  };
  const join1942 = useMutation(trpc.game.join.mutationOptions({ onSuccess: joined }));
  const joinSide = useMutation(trpc.play.join.mutationOptions({ onSuccess: joined }));
  // A classic 1942 game (stored without a scenario) joins through game.join; any game played a phase
  // at a time, a 1942 game made by play.create too, through play.join.
  const classic = game.ruleset === "1942" && !game.scenario;
  const join = classic ? join1942 : joinSide;
  return (
    <li className={`card-item ${styles.gameItem}`} data-testid={`open-game-${game.id}`}>
      <div className={styles.gameItemHead}>
        <span className="game-name">{game.name}</span>
        <GameKind game={game} />
        <span className="muted small">{optionsText(game)}</span>
      </div>
      <ul className={styles.seatList}>
        {game.seats.map((s) => (
          <li key={s.nation} className={styles.seat}>
            <span>
              <strong>{s.nation}</strong> {game.ruleset === "1942" ? <span className="muted small">({teamOf(s.nation)})</span> : null}
            </span>
            {!s.player && !s.robot && s.reservedFor ? (
              <span className="muted" data-testid={`reserved-${game.id}-${s.nation}`}>
                reserved for {s.reservedFor} <BotMark />
              </span>
            ) : !s.player && !s.robot ? (
              <button
                type="button"
                className="button button-small"
                disabled={join.isPending}
                onClick={() => (classic ? join1942.mutate({ gameId: game.id, nation: s.nation }) : joinSide.mutate({ gameId: game.id, side: s.nation }))}
                data-testid={`join-${game.id}-${s.nation}`}
              >
                Join as {s.nation}
              </button>
            ) : s.player && !s.robot ? (
              <PlayerBadge seat={s} />
            ) : (
              <span className="muted">{seatText(s)}</span>
            )}
          </li>
        ))}
      </ul>
      {join.error ? (
        <p className="alert" role="alert">
          {errorText(join.error)}
        </p>
      ) : null}
    </li>
  );
}
