// The banner that says in words which decisions wait for the viewer, with their deadline and a
// "Decide now" that brings them into view: a classic game's (game-banners.tsx) and the phased frame's
// (ruleset-game.tsx), which has only a count when the game's screen gives no words.
import { Deadline } from "./deadline";

export function DecisionBanner(props: {
  /** The decisions waiting, in words (myWaitingText), or only how many. */
  waiting: readonly string[] | number;
  deadline: string | null;
  running: boolean;
  gameZone?: string;
  onDecide: () => void;
}) {
  const count = typeof props.waiting === "number" ? props.waiting : props.waiting.length;
  if (count === 0) return null;
  const words = typeof props.waiting === "number" ? "" : `: ${props.waiting.join("; ")}`;
  return (
    <div className="banner banner-decide" data-testid="decision-waiting">
      <span>
        {/* Only the message is live: the countdown beside it would be read out every second. */}
        <span role="status">
          {count === 1 ? "A decision waits for you" : `${count} decisions wait for you`}
          {words}.
        </span>{" "}
        {props.deadline ? <Deadline iso={props.deadline} running={props.running} label="Due" gameZone={props.gameZone} /> : null}
      </span>
      <button type="button" className="button button-small" onClick={props.onDecide} data-testid="decide-now">
        Decide now
      </button>
    </div>
  );
}
