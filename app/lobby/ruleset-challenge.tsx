"use client";
// The challenge form's choice of game (1942, Interplanetary, War of the Triple Alliance, ...), and the
// form for any game but 1942: its scenario, how many sides are seated, who plays each side, the orders
// deadline, press, whether it is rated and the game's own options. The offer comes from the server (play.games), so a new ruleset needs no change here.
import { useMutation, useQuery } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { errorText } from "../components/format";
import { useTRPC } from "../trpc/client";
import { PressChoice, type PressMode } from "./press-choice";
import { GameOptions, rulesFrom, type OptionValues } from "./game-options";
import styles from "./lobby.module.css";

type SeatChoice = "me" | "robot" | "open";

/** Which game the challenge is of; "1942" keeps the 1942 form. */
export function GameChoice({ value, onChange }: { value: string; onChange: (ruleset: string) => void }) {
  const trpc = useTRPC();
  const offered = useQuery(trpc.play.games.queryOptions());
  return (
    <div className="form">
      <label htmlFor="challenge-game">Game</label>
      <select id="challenge-game" value={value} onChange={(e) => onChange(e.target.value)} data-testid="challenge-game">
        {(offered.data ?? [{ id: "1942", name: "1942", scenarios: [] }]).map((g) => (
          <option key={g.id} value={g.id}>
            {g.name}
          </option>
        ))}
      </select>
    </div>
  );
}

export function RulesetChallenge({ ruleset, onCreated }: { ruleset: string; onCreated: () => void }) {
  const trpc = useTRPC();
  const router = useRouter();
  const offered = useQuery(trpc.play.games.queryOptions());
  const game = offered.data?.find((g) => g.id === ruleset);
  const [scenarioId, setScenarioId] = useState<string | null>(null);
  const scenario = game?.scenarios.find((s) => s.id === scenarioId) ?? game?.scenarios[0];
  const [count, setCount] = useState<number | null>(null);
  const seated = scenario ? scenario.sides.slice(0, Math.min(Math.max(count ?? scenario.minSides, scenario.minSides), scenario.sides.length)) : [];
  const [seats, setSeats] = useState<Record<string, SeatChoice>>({});
  const [rated, setRated] = useState(false);
  const [optionValues, setOptionValues] = useState<OptionValues>({});
  // A rated game has no robots: its other sides stay open unless chosen otherwise.
  const choice = (side: string, i: number): SeatChoice => seats[side] ?? (i === 0 ? "me" : rated ? "open" : "robot");
  const [name, setName] = useState("");
  const [ordersHours, setOrdersHours] = useState("24");
  const [press, setPress] = useState<{ press: PressMode; anonymous: boolean }>({ press: "full", anonymous: false });
  const [formError, setFormError] = useState<string | null>(null);
  const create = useMutation(trpc.play.create.mutationOptions({ onSuccess: (res) => (onCreated(), router.push(`/game/${res.gameId}/play`)) }));
  if (!game || !scenario) return <p className="muted">Loading the games…</p>;

  function submit(e: FormEvent) {
    e.preventDefault();
    const mine = seated.filter((s, i) => choice(s, i) === "me");
    const robots = seated.filter((s, i) => choice(s, i) === "robot");
    const hours = Number(ordersHours);
    if (!name.trim()) return setFormError("Give the game a name.");
    if (mine.length === 0) return setFormError("Pick at least one side to play (choose “Me”).");
    if (!Number.isFinite(hours) || hours <= 0) return setFormError("The deadline must be a number of hours above 0.");
    const options = rulesFrom(game!.options, optionValues);
    if ("error" in options) return setFormError(options.error);
    setFormError(null);
    create.mutate({ name: name.trim(), ruleset, scenario: scenario!.id, seats: seated.length, mine, robots, ordersHours: hours, ...press, rated, rules: options.rules });
  }
  const error = formError ?? (create.error ? errorText(create.error) : null);
  return (
    <form onSubmit={submit} className="form" data-testid="ruleset-challenge" noValidate>
      <label htmlFor="ruleset-name">Name</label>
      <input id="ruleset-name" type="text" maxLength={60} value={name} onChange={(e) => setName(e.target.value)} placeholder="A race to Mars" data-testid="ruleset-name" />
      <label htmlFor="ruleset-scenario">Scenario</label>
      <select id="ruleset-scenario" value={scenario.id} onChange={(e) => setScenarioId(e.target.value)} data-testid="ruleset-scenario">
        {game.scenarios.map((s) => (
          <option key={s.id} value={s.id}>
            {s.name}
          </option>
        ))}
      </select>
      {scenario.minSides < scenario.sides.length ? (
        <>
          <label htmlFor="ruleset-count">Sides</label>
          <select id="ruleset-count" value={seated.length} onChange={(e) => setCount(Number(e.target.value))} data-testid="ruleset-count">
            {scenario.sides.slice(scenario.minSides - 1).map((_, i) => (
              <option key={i} value={scenario.minSides + i}>
                {scenario.minSides + i}
              </option>
            ))}
          </select>
        </>
      ) : null}
      <fieldset className="seat-choices">
        <legend>Who plays each side</legend>
        {seated.map((side, i) => (
          <div key={side} className={styles.seatChoice} role="radiogroup" aria-label={side}>
            <span className="seat-choice-name">{side}</span>
            <span className={styles.seatChoiceOptions}>
              {(["me", "robot", "open"] as const).map((c) => (
                <label key={c} className="radio">
                  <input type="radio" name={`side-${side}`} checked={choice(side, i) === c} onChange={() => setSeats((s) => ({ ...s, [side]: c }))} data-testid={`side-${side}-${c}`} />
                  {c === "me" ? "Me" : c === "robot" ? "Robot" : "Open"}
                </label>
              ))}
            </span>
          </div>
        ))}
      </fieldset>
      <GameOptions options={game.options} values={optionValues} onChange={setOptionValues} />
      <label htmlFor="ruleset-hours">Orders deadline (hours)</label>
      <input id="ruleset-hours" type="number" min="0.01" step="any" value={ordersHours} onChange={(e) => setOrdersHours(e.target.value)} />
      <PressChoice press={press.press} anonymous={press.anonymous} sides="sides" onChange={setPress} />
      <label className="checkbox">
        <input type="checkbox" checked={rated} onChange={(e) => setRated(e.target.checked)} data-testid="ruleset-rated" /> Rated (no robots; each player on one team)
      </label>
      {error ? (
        <p className="alert" role="alert" data-testid="create-error">
          {error}
        </p>
      ) : null}
      <button type="submit" className="button" disabled={create.isPending} data-testid="create-ruleset-challenge">
        {create.isPending ? "Creating…" : `Create ${game.name} challenge`}
      </button>
    </form>
  );
}
