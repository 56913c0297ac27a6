// Who plays each nation of a new 1942 challenge: the creator ("Me"), a robot, or nobody yet ("Open").
import type { Dispatch, SetStateAction } from "react";
import { NATIONS, type Nation } from "../../server/rulesets/1942/engine/types";
import { teamOf } from "../../server/rulesets/1942/engine/teams";
import styles from "./lobby.module.css";

export type SeatChoice = "me" | "robot" | "open";

export const initialSeats = (): Record<Nation, SeatChoice> => ({
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

/** One row of choices for each nation, and the one-step "Play against robots". */
export function SeatChoices({ seats, onChange }: { seats: Record<Nation, SeatChoice>; onChange: Dispatch<SetStateAction<Record<Nation, SeatChoice>>> }) {
  return (
    <fieldset className="seat-choices">
      <legend>Who plays each nation</legend>
      <RobotsElsewhere seats={seats} onChange={onChange} />
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
                  onChange={() => onChange((s) => ({ ...s, [n]: c }))}
                  data-testid={`seat-${n}-${c}`}
                />
                {c === "me" ? "Me" : c === "robot" ? "Robot" : "Open"}
              </label>
            ))}
          </span>
        </div>
      ))}
    </fieldset>
  );
}
