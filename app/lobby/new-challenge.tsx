"use client";
// The lobby's challenge form: 1942's own (seats, deadlines, house rules) or, for another game, ruleset-challenge.tsx.
// Both create through play.create: a 1942 game from here is played a phase at a time (challenge-1942.ts).
import { useMutation } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, type FormEvent, type ReactNode } from "react";
import { errorText } from "../components/format";
import { viewerZone } from "../components/local-time";
import { useTRPC } from "../trpc/client";
import { PressChoice, type PressMode } from "./press-choice";
import { PlayerOptionsChoice, initialPlayerOptions } from "./player-options";
import { GameChoice, RulesetChallenge } from "./ruleset-challenge";
import { DailyDeadline, type DailyChoice } from "./daily-deadline";
import { SeatChoices, initialSeats } from "./seat-choices";
import { BotInvite, botInvites, noBot } from "./bot-invite";
import { challenge1942 } from "./challenge-1942";
import styles from "./lobby.module.css";

/** The challenge form: first the game, then 1942's own form or any other game's. */
export function ChallengeOfGame({ onCreated }: { onCreated: () => void }) {
  const [ruleset, setRuleset] = useState("1942");
  return ruleset === "1942" ? (
    <NewChallenge onCreated={onCreated} gameChoice={<GameChoice value={ruleset} onChange={setRuleset} />} />
  ) : (
    <section className="card" aria-labelledby="new-heading">
      <h2 id="new-heading">New challenge</h2>
      <GameChoice value={ruleset} onChange={setRuleset} />
      <RulesetChallenge key={ruleset} ruleset={ruleset} onCreated={onCreated} />
    </section>
  );
}

function NewChallenge({ onCreated, gameChoice }: { onCreated: () => void; gameChoice: ReactNode }) {
  const trpc = useTRPC();
  const router = useRouter();
  const [name, setName] = useState("");
  const [seats, setSeats] = useState(initialSeats);
  const [bot, setBot] = useState(noBot);
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
    trpc.play.create.mutationOptions({
      onSuccess: (res) => {
        onCreated();
        // The game's page, started or waiting for players: the player made it to play it.
        router.push(`/game/${res.gameId}/play`);
        if (res.started) return;
        setCreated(`“${name.trim()}” is waiting for players. It is listed under Your games.`);
        setName("");
        setSeats(initialSeats());
        setBot(noBot);
      },
    }),
  );

  function submit(e: FormEvent) {
    e.preventDefault();
    setCreated(null);
    const bots = botInvites(bot, seats);
    if (typeof bots === "string") return setFormError(bots);
    const made = challenge1942({
      name,
      seats,
      bots,
      ordersHours,
      decisionHours,
      lowLuck,
      houseRules,
      minorVictoryTurn,
      robotsHold,
      robotTakeover,
      ...press,
      players,
      ...(ordersAt.on ? { ordersAt: { time: ordersAt.time, zone: ordersAt.zone || viewerZone() } } : {}),
      ...(decisionsAt.on ? { decisionsAt: { time: decisionsAt.time, zone: decisionsAt.zone || viewerZone() } } : {}),
    });
    if ("error" in made) return setFormError(made.error ?? null);
    setFormError(null);
    create.mutate(made.input);
  }

  const error = formError ?? (create.error ? errorText(create.error) : null);

  return (
    <section className="card" aria-labelledby="new-heading">
      <h2 id="new-heading">New challenge</h2>
      {gameChoice}
      <form onSubmit={submit} className="form" data-testid="new-challenge" noValidate>
        <label htmlFor="challenge-name">Name</label>
        <input id="challenge-name" name="name" type="text" maxLength={60} value={name} onChange={(e) => setName(e.target.value)} placeholder="Summer offensive" />

        <SeatChoices seats={seats} onChange={setSeats} />
        <BotInvite seats={seats} value={bot} onChange={setBot} />

        <div className="form-row">
          <div>
            <label htmlFor="orders-hours">Orders deadline (hours)</label>
            <input id="orders-hours" type="number" min="0.01" step="any" value={ordersHours} onChange={(e) => setOrdersHours(e.target.value)} />
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
