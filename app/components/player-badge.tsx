// A player's name with what others should know before counting on them (issue 22): reliability, the
// rating once shown, "on vacation until …", and a link to the profile. Anonymous games send none of
// these (the server leaves them out with the name).
import Link from "next/link";

export interface BadgeSeat {
  player: string | null;
  mine: boolean;
  playerId?: string;
  reliability?: number | null;
  rating?: number | null;
  vacationUntil?: string;
  /** The account is a bot (issue 23). */
  bot?: boolean;
}

/** The mark beside a bot account's name, wherever a name shows. */
export function BotMark() {
  return (
    <span className="bot-mark" title="A bot: a program playing through the API" data-testid="bot-mark">
      bot
    </span>
  );
}

export function reliabilityText(r: number | null | undefined): string {
  return r === null || r === undefined ? "new" : `${r}%`;
}

export function vacationText(iso: string): string {
  return `on vacation until ${new Date(iso).toLocaleDateString(undefined, { day: "numeric", month: "short" })}`;
}

export function PlayerBadge({ seat }: { seat: BadgeSeat }) {
  if (!seat.player) return null;
  const name = `${seat.player}${seat.mine ? " (you)" : ""}`;
  return (
    <span className="player-badge" data-testid="player-badge">
      {seat.playerId ? <Link href={`/player/${seat.playerId}`}>{name}</Link> : name}
      {seat.bot ? (
        <>
          {" "}
          <BotMark />
        </>
      ) : null}
      {seat.playerId ? (
        <span className="muted small" title="Reliability: phases acted on over phases due (see the profile)">
          {" "}
          · reliability {reliabilityText(seat.reliability)}
          {seat.rating !== null && seat.rating !== undefined ? ` · rating ${seat.rating}` : ""}
        </span>
      ) : null}
      {seat.vacationUntil ? (
        <span className="muted small" data-testid="on-vacation">
          {" "}
          · {vacationText(seat.vacationUntil)}
        </span>
      ) : null}
    </span>
  );
}
