// The story of a turn on the page: one section per part of the turn (R3), one sentence per line,
// each with its rule citations; battles round by round with every die. No hooks beyond <Rule>'s id.
import { Citations } from "../../../rules/rule";
import type { StoryLine, StorySection } from "./story-words";
import styles from "./story.module.css";
import rounds from "../battle-rounds.module.css";

export function Dice({ dice }: { dice: NonNullable<StoryLine["dice"]> }) {
  return (
    <span className={rounds.dice} aria-label="dice">
      {dice.map((d, i) => (
        <span key={i} className={d.hit ? `${rounds.die} ${rounds.dieHit}` : rounds.die} title={`${d.label}: rolled ${d.roll}, ${d.hit ? "hit" : "miss"}`}>
          <span className={rounds.dieUnit}>{d.label}</span> <b>{d.roll}</b>
          <span className="sr-only">{d.hit ? " hit" : " miss"}</span>
        </span>
      ))}
    </span>
  );
}

function Line({ line }: { line: StoryLine }) {
  return (
    <li className={styles.storyLine} data-testid={line.id ? `story-${line.id}` : undefined} data-rules={line.rules.join(" ")}>
      {line.text}
      <Citations ids={line.rules} />
      {line.dice && line.dice.length > 0 ? (
        <>
          {" "}
          <Dice dice={line.dice} />
        </>
      ) : null}
    </li>
  );
}

export function StoryView({ sections }: { sections: readonly StorySection[] }) {
  return (
    <div className="story">
      {sections.map((s) => (
        <section key={s.id} className={`card ${styles.storySection}`} data-testid={`story-section-${s.id}`} aria-labelledby={`story-${s.id}-heading`}>
          <h2 id={`story-${s.id}-heading`}>
            {s.title}
            <span className="muted small">
              <Citations ids={s.rules} />
            </span>
          </h2>
          {s.lines.length > 0 ? (
            <ul>
              {s.lines.map((l, i) => (
                <Line key={i} line={l} />
              ))}
            </ul>
          ) : null}
          {(s.battles ?? []).map((b) => (
            <article key={b.id} className="battle" data-testid={`story-${b.id}`}>
              <ul>
                {b.summary.map((l, i) => (
                  <Line key={i} line={l} />
                ))}
              </ul>
              <ol className={rounds.rounds}>
                {b.rounds.map((r) => (
                  <li key={r.round} className={styles.storyRound} data-testid={`story-round-${r.round}`}>
                    <h3 className={rounds.roundHead}>Round {r.round}</h3>
                    <ul>
                      {r.lines.map((l, i) => (
                        <Line key={i} line={l} />
                      ))}
                    </ul>
                  </li>
                ))}
              </ol>
              <ul>
                <Line line={{ ...b.outcome, id: `${b.id}-outcome` }} />
              </ul>
            </article>
          ))}
        </section>
      ))}
    </div>
  );
}
