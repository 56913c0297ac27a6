"use client";
// The lobby: make a challenge, join someone else's, and find your own games.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useSubscription } from "@trpc/tanstack-react-query";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { NATIONS, type Nation } from "../../server/engine/types";
import { teamOf } from "../../server/engine/teams";
import { durationText } from "../components/battle-format";
import { errorText } from "../components/format";
import { viewerZone } from "../components/local-time";
import { useTRPC } from "../trpc/client";
import { Deadline } from "../game/[id]/deadline";
import type { LobbyTurn } from "../../server/services/games";
import { PressChoice, PressUnread, PressUnreadLive, pressText, type PressMode } from "./press-choice";
import { PlayerBadge, type BadgeSeat } from "../components/player-badge";
import { ChallengeFilters } from "./challenge-filters";
import { MyFiguresLine } from "./my-figures";
import { PlayerOptionsChoice, initialPlayerOptions, playerOptionsText, type PlayerOptionsOfGame } from "./player-options";
import styles from "./lobby.module.css";

type SeatChoice = "me" | "robot" | "open";

interface LobbySeat extends BadgeSeat {
  nation: Nation;
  player: string | null;
  robot: boolean;
  mine: boolean;
}

interface LobbyGame {
  id: number;
  name: string;
  status: "open" | "active" | "finished";
  options: {
    lowLuck: boolean;
    ordersHours: number;
    decisionHours: number;
    robotsHold?: boolean;
    robotTakeover?: number;
    ordersAt?: { time: string; zone: string };
    decisionsAt?: { time: string; zone: string };
    houseRules?: { victoryCities?: boolean; minorVictoryTurn?: number; vcInfantry?: boolean; commerceRaiding?: boolean };
    press?: PressMode;
    anonymous?: boolean;
  } & PlayerOptionsOfGame;
  seats: LobbySeat[];
  turn?: LobbyTurn;
}

function optionsText(g: LobbyGame): string {
  const o = g.options;
  const h = o.houseRules ?? {};
  const extras = [
    o.ordersAt ? `orders due daily at ${o.ordersAt.time} ${o.ordersAt.zone}` : "",
    o.decisionsAt ? `decisions due daily at ${o.decisionsAt.time} ${o.decisionsAt.zone}` : "",
    o.lowLuck ? "low luck" : "",
    o.robotsHold ? "practice robots" : "",
    o.robotTakeover ? `robot takes over after ${o.robotTakeover} missed` : "",
    h.victoryCities ? "victory cities" : "",
    h.minorVictoryTurn ? `minor victory after turn ${h.minorVictoryTurn}` : "",
    h.vcInfantry ? "infantry at victory cities" : "",
    h.commerceRaiding ? "commerce raiding" : "",
  ].filter(Boolean);
  return [`orders ${durationText(o.ordersHours)}`, `decisions ${durationText(o.decisionHours)}`, pressText(o), ...extras, ...playerOptionsText(o)].join(", ");
}

function statusText(g: LobbyGame): string {
  if (g.status === "open") {
    const free = g.seats.filter((s) => !s.player && !s.robot).length;
    return `waiting for players (${free} ${free === 1 ? "seat" : "seats"} open)`;
  }
  return g.status === "active" ? "in play" : "finished";
}

function seatText(s: LobbySeat): string {
  if (s.robot) return "robot";
  if (s.player) return s.mine ? `${s.player} (you)` : s.player;
  return "open";
}

export function Lobby() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const lobby = useQuery(trpc.game.lobby.queryOptions());
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.game.lobby.queryKey() });
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
      <NewChallenge onCreated={refresh} />

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

interface DailyChoice {
  on: boolean;
  time: string;
  zone: string;
}

/** R3.1 — a deadline at a fixed time of day in a named zone instead of hours after the phase opens. */
function DailyDeadline({ id, what, value, onChange }: { id: string; what: string; value: DailyChoice; onChange: (v: DailyChoice) => void }) {
  const zones = typeof Intl.supportedValuesOf === "function" ? Intl.supportedValuesOf("timeZone") : [];
  return (
    <div className="daily-deadline">
      <label className="checkbox">
        <input type="checkbox" checked={value.on} onChange={(e) => onChange({ ...value, on: e.target.checked, zone: value.zone || viewerZone() })} data-testid={`${id}-on`} />{" "}
        {what}: instead of the hours above, every day at a fixed time (at least an hour after the phase opens)
      </label>
      {value.on ? (
        <div className="form-row">
          <div>
            <label htmlFor={`${id}-time`}>Time of day</label>
            <input id={`${id}-time`} type="time" value={value.time} onChange={(e) => onChange({ ...value, time: e.target.value })} data-testid={`${id}-time`} />
          </div>
          <div>
            <label htmlFor={`${id}-zone`}>Time zone</label>
            <input id={`${id}-zone`} list={`${id}-zones`} value={value.zone} onChange={(e) => onChange({ ...value, zone: e.target.value })} data-testid={`${id}-zone`} />
            <datalist id={`${id}-zones`}>
              {zones.map((z) => (
                <option key={z} value={z} />
              ))}
            </datalist>
          </div>
        </div>
      ) : null}
    </div>
  );
}

function GameList({ games }: { games: LobbyGame[] }) {
  return (
    <ul className="card-list">
      {games.map((g) => (
        <li key={g.id} className={`card-item ${styles.gameItem}`} data-testid={`my-game-${g.id}`}>
          <div className={styles.gameItemHead}>
            <Link href={`/game/${g.id}`} className="game-name">
              {g.name}
            </Link>
            <span className={`status status-${g.status}`}>{statusText(g)}</span>
            <PressUnread gameId={g.id} />
          </div>
          {g.turn ? <TurnLine gameId={g.id} turn={g.turn} /> : null}
          <p className="muted small">
            You play {g.seats.filter((s) => s.mine).map((s) => s.nation).join(", ")} · {optionsText(g)}
          </p>
        </li>
      ))}
    </ul>
  );
}

/** Running games of others: nations, turn and a link to open the game as a spectator. */
function WatchList({ games, loaded }: { games: LobbyGame[]; loaded: boolean }) {
  return (
    <section className="card" aria-labelledby="watch-heading" data-testid="watch-games">
      <h2 id="watch-heading">Games to watch</h2>
      {loaded && games.length === 0 ? <p className="muted">No games of other players are running right now.</p> : null}
      <ul className="card-list">
        {games.map((g) => (
          <li key={g.id} className={`card-item ${styles.gameItem}`} data-testid={`watch-game-${g.id}`}>
            <div className={styles.gameItemHead}>
              <span>
                <span className="game-name">{g.name}</span>
                {g.turn ? <span className="small"> · Turn {g.turn.number}</span> : null}
              </span>
              <Link href={`/game/${g.id}`} className="button button-small" data-testid={`watch-${g.id}`}>
                Watch
              </Link>
            </div>
            <p className="muted small">{g.seats.map((s) => `${s.nation}: ${seatText(s)}`).join(" · ")}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

const NEEDS: Record<NonNullable<LobbyTurn["needs"]>, string> = { orders: "needs your orders", decision: "needs your decision", landing: "needs your landings" };
const DUE: Record<string, string> = { open: "Orders due", battles: "Decisions due", "post-combat": "Landings due" };

/** Turn, deadline and what waits for the viewer in one of the viewer's games. */
function TurnLine({ gameId, turn }: { gameId: number; turn: LobbyTurn }) {
  return (
    <p className="small" data-testid={`my-game-turn-${gameId}`}>
      <strong>Turn {turn.number}</strong>
      {turn.deadline && DUE[turn.status] ? (
        <>
          {" · "}
          <Deadline iso={turn.deadline} running label={DUE[turn.status]!} testId={`my-game-deadline-${gameId}`} />
        </>
      ) : null}
      {turn.needs ? (
        <>
          {" · "}
          <strong className="alert-text" data-testid={`my-game-needs-${gameId}`}>
            {NEEDS[turn.needs]}
          </strong>
        </>
      ) : null}
    </p>
  );
}

function OpenChallenge({ game, onJoined }: { game: LobbyGame; onJoined: () => void }) {
  const trpc = useTRPC();
  const router = useRouter();
  const join = useMutation(
    trpc.game.join.mutationOptions({
      onSuccess: (res) => {
        if (res.started) router.push(`/game/${game.id}`);
        onJoined();
      },
    }),
  );
  return (
    <li className={`card-item ${styles.gameItem}`} data-testid={`open-game-${game.id}`}>
      <div className={styles.gameItemHead}>
        <span className="game-name">{game.name}</span>
        <span className="muted small">{optionsText(game)}</span>
      </div>
      <ul className={styles.seatList}>
        {game.seats.map((s) => (
          <li key={s.nation} className={styles.seat}>
            <span>
              <strong>{s.nation}</strong> <span className="muted small">({teamOf(s.nation)})</span>
            </span>
            {!s.player && !s.robot ? (
              <button
                type="button"
                className="button button-small"
                disabled={join.isPending}
                onClick={() => join.mutate({ gameId: game.id, nation: s.nation })}
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

const initialSeats = (): Record<Nation, SeatChoice> => ({
  Russia: "open",
  Germany: "open",
  "United Kingdom": "open",
  Japan: "open",
  "United States": "open",
});

/**
 * Play against robots in one step: a robot takes every seat the player does not (the player keeps
 * the seats chosen as "Me"; with none chosen yet, the first nation of the turn order is the player's).
 */
function RobotsElsewhere({ seats, onChange }: { seats: Record<Nation, SeatChoice>; onChange: (seats: Record<Nation, SeatChoice>) => void }) {
  const mine = NATIONS.filter((n) => seats[n] === "me");
  const keep = mine.length > 0 ? mine : [NATIONS[0]];
  const robotsEverywhere = NATIONS.every((n) => keep.includes(n) || seats[n] === "robot");
  return (
    <p className={styles.robotsElsewhere}>
      <button
        type="button"
        className="button button-secondary button-small"
        aria-pressed={robotsEverywhere}
        onClick={() => onChange(Object.fromEntries(NATIONS.map((n) => [n, keep.includes(n) ? "me" : "robot"])) as Record<Nation, SeatChoice>)}
        data-testid="seats-robots"
      >
        Play against robots
      </button>{" "}
      <span className="muted small">
        {mine.length > 0 ? `You play ${mine.join(", ")}; a robot plays every other nation.` : `You play ${NATIONS[0]} (or choose “Me” first); a robot plays every other nation.`}
      </span>
    </p>
  );
}

function NewChallenge({ onCreated }: { onCreated: () => void }) {
  const trpc = useTRPC();
  const router = useRouter();
  const [name, setName] = useState("");
  const [seats, setSeats] = useState(initialSeats);
  const [ordersHours, setOrdersHours] = useState("24");
  const [decisionHours, setDecisionHours] = useState("12");
  const [lowLuck, setLowLuck] = useState(false);
  const [robotsHold, setRobotsHold] = useState(false);
  const [robotTakeover, setRobotTakeover] = useState(0);
  const [houseRules, setHouseRules] = useState({ victoryCities: false, vcInfantry: false, commerceRaiding: false });
  const [minorVictoryTurn, setMinorVictoryTurn] = useState("");
  const [ordersAt, setOrdersAt] = useState<DailyChoice>({ on: false, time: "18:00", zone: "" });
  const [decisionsAt, setDecisionsAt] = useState<DailyChoice>({ on: false, time: "18:00", zone: "" });
  const [press, setPress] = useState<{ press: PressMode; anonymous: boolean }>({ press: "full", anonymous: false });
  const [players, setPlayers] = useState(initialPlayerOptions);
  const [formError, setFormError] = useState<string | null>(null);
  const [created, setCreated] = useState<string | null>(null);

  const create = useMutation(
    trpc.game.create.mutationOptions({
      onSuccess: (res) => {
        onCreated();
        // The game's page, started or waiting for players: the player made it to play it.
        router.push(`/game/${res.gameId}`);
        if (res.started) return;
        setCreated(`“${name.trim()}” is waiting for players. It is listed under Your games.`);
        setName("");
        setSeats(initialSeats());
      },
    }),
  );

  function submit(e: FormEvent) {
    e.preventDefault();
    setCreated(null);
    const nations = NATIONS.filter((n) => seats[n] === "me");
    const robots = NATIONS.filter((n) => seats[n] === "robot");
    if (!name.trim()) return setFormError("Give the game a name.");
    if (nations.length === 0) return setFormError("Pick at least one nation to play (choose “Me”).");
    const oh = Number(ordersHours);
    const dh = Number(decisionHours);
    if (!Number.isFinite(oh) || !Number.isFinite(dh) || oh <= 0 || dh <= 0) return setFormError("Deadlines must be a number of hours above 0.");
    setFormError(null);
    const minor = minorVictoryTurn.trim() === "" ? undefined : Number(minorVictoryTurn);
    if (minor !== undefined && (!Number.isInteger(minor) || minor < 1)) return setFormError("The minor-victory turn must be a whole number from 1.");
    create.mutate({
      name: name.trim(),
      nations,
      robots,
      lowLuck,
      ordersHours: oh,
      decisionHours: dh,
      robotsHold,
      robotTakeover,
      ...press,
      ...players,
      houseRules: { ...houseRules, ...(minor !== undefined ? { minorVictoryTurn: minor } : {}) },
      ...(ordersAt.on ? { ordersAt: { time: ordersAt.time, zone: ordersAt.zone || viewerZone() } } : {}),
      ...(decisionsAt.on ? { decisionsAt: { time: decisionsAt.time, zone: decisionsAt.zone || viewerZone() } } : {}),
    });
  }

  const error = formError ?? (create.error ? errorText(create.error) : null);

  return (
    <section className="card" aria-labelledby="new-heading">
      <h2 id="new-heading">New challenge</h2>
      <form onSubmit={submit} className="form" data-testid="new-challenge" noValidate>
        <label htmlFor="challenge-name">Name</label>
        <input id="challenge-name" name="name" type="text" maxLength={60} value={name} onChange={(e) => setName(e.target.value)} placeholder="Summer offensive" />

        <fieldset className="seat-choices">
          <legend>Who plays each nation</legend>
          <RobotsElsewhere seats={seats} onChange={setSeats} />
          {NATIONS.map((n) => (
            <div key={n} className={styles.seatChoice} role="radiogroup" aria-label={n}>
              <span className="seat-choice-name">
                {n} <span className="muted small">({teamOf(n)})</span>
              </span>
              <span className={styles.seatChoiceOptions}>
                {(["me", "robot", "open"] as const).map((c) => (
                  <label key={c} className="radio">
                    <input
                      type="radio"
                      name={`seat-${n}`}
                      value={c}
                      checked={seats[n] === c}
                      onChange={() => setSeats((s) => ({ ...s, [n]: c }))}
                      data-testid={`seat-${n}-${c}`}
                    />
                    {c === "me" ? "Me" : c === "robot" ? "Robot" : "Open"}
                  </label>
                ))}
              </span>
            </div>
          ))}
        </fieldset>

        <div className="form-row">
          <div>
            <label htmlFor="orders-hours">Orders deadline (hours)</label>
            <input id="orders-hours" type="number" min="0.05" step="any" value={ordersHours} onChange={(e) => setOrdersHours(e.target.value)} />
          </div>
          <div>
            <label htmlFor="decision-hours">Decision deadline (hours)</label>
            <input id="decision-hours" type="number" min="0.005" step="any" value={decisionHours} onChange={(e) => setDecisionHours(e.target.value)} />
          </div>
        </div>
        <DailyDeadline id="orders-at" what="Orders" value={ordersAt} onChange={setOrdersAt} />
        <DailyDeadline id="decisions-at" what="Decisions" value={decisionsAt} onChange={setDecisionsAt} />
        <label className="checkbox">
          <input type="checkbox" checked={lowLuck} onChange={(e) => setLowLuck(e.target.checked)} data-testid="low-luck" /> Low luck (fewer dice
          surprises)
        </label>
        <label className="checkbox">
          <input type="checkbox" checked={robotsHold} onChange={(e) => setRobotsHold(e.target.checked)} data-testid="robots-hold" /> Practice: robots
          stand still (they hold their units and buy nothing)
        </label>
        <PressChoice press={press.press} anonymous={press.anonymous} onChange={setPress} />
        <PlayerOptionsChoice value={players} onChange={setPlayers} />
        <fieldset className={styles.options}>
          <legend>House rules (optional, R9)</legend>
          {(
            [
              ["victoryCities", "Victory cities: 5/3/2/2/1 points each; the Axis win at 40, the Allies at 50 (R9.1)"],
              ["vcInfantry", "Infantry are raised at victory cities; factories cost less where cities are (R9.2)"],
              ["commerceRaiding", "Commerce raiding: warships and fighters near a factory cut its nation's income (R9.3)"],
            ] as const
          ).map(([key, label]) => (
            <label key={key} className="checkbox">
              <input type="checkbox" checked={houseRules[key]} onChange={(e) => setHouseRules((h) => ({ ...h, [key]: e.target.checked }))} data-testid={`house-${key}`} />{" "}
              {label}
            </label>
          ))}
          <label htmlFor="minor-victory-turn">Minor victory: the team with more victory points wins after turn (empty: never)</label>
          <input id="minor-victory-turn" type="number" min={1} step={1} value={minorVictoryTurn} onChange={(e) => setMinorVictoryTurn(e.target.value)} />
        </fieldset>
        <label htmlFor="robot-takeover">A robot takes over a nation whose player misses</label>
        <select id="robot-takeover" value={robotTakeover} onChange={(e) => setRobotTakeover(Number(e.target.value))} data-testid="robot-takeover">
          <option value={0}>never</option>
          {[1, 2, 3, 5].map((n) => (
            <option key={n} value={n}>
              {n} orders deadline{n === 1 ? "" : "s"} in a row
            </option>
          ))}
        </select>
        {error ? (
          <p className="alert" role="alert" data-testid="create-error">
            {error}
          </p>
        ) : null}
        {created ? (
          <p className="note" role="status">
            {created}
          </p>
        ) : null}
        <button type="submit" className="button" disabled={create.isPending} data-testid="create-challenge">
          {create.isPending ? "Creating…" : "Create challenge"}
        </button>
      </form>
    </section>
  );
}
