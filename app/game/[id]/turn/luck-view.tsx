// The luck section of the turn review (luck.ts): every battle on its exact distribution, and each
// nation's luck over the turn.
import type { BattleReport } from "@/server/rulesets/1942/engine/report";
import { Citations } from "../../../rules/rule";
import { battleLuck, battleLuckLines, luckLine, nationLuck, type BattleLuck } from "./luck";
import styles from "./story.module.css";

const pricedOnly = (list: ReturnType<typeof battleLuck>[]) => list.filter((p): p is BattleLuck => "actual" in p);

/** `battles`: this turn's; `game`: every battle of the game up to this turn, and its first and last turn. */
export function LuckView({ battles, lowLuck, game }: { battles: readonly BattleReport[]; lowLuck: boolean; game?: { battles: readonly BattleReport[]; turns: number } }) {
  if (battles.length === 0 && !game?.battles.length) return null;
  const priced = battles.map((b) => battleLuck(b, lowLuck));
  const luck = pricedOnly(priced);
  const gameLuck = game ? nationLuck(pricedOnly(game.battles.map((b) => battleLuck(b, lowLuck)))) : [];
  return (
    <section className={`card ${styles.storySection}`} data-testid="luck" aria-labelledby="luck-heading">
      <h2 id="luck-heading">Luck</h2>
      <p className="muted small">Each battle&rsquo;s result against its exact odds with the default choices (R6.9); a result is the cost the enemy lost minus the cost lost.</p>
      <ul>
        {priced.map((p) =>
          "actual" in p ? (
            battleLuckLines(p).map((text) => (
              <li key={text} className={styles.storyLine} data-testid="luck-battle" data-rules="R6.9">
                {text}
                <Citations ids={["R6.9"]} />
              </li>
            ))
          ) : (
            <li key={p.territory} className={`${styles.storyLine} muted`} data-rules="R6.1">
              {p.territory}: no exact odds ({p.reason}).
              <Citations ids={["R6.1"]} />
            </li>
          ),
        )}
        {nationLuck(luck).map((n) => (
          <li key={n[0]} className={styles.storyLine} data-testid="luck-nation" data-rules="R6.9">
            This turn, {luckLine(n)}
            <Citations ids={["R6.9"]} />
          </li>
        ))}
      </ul>
      {gameLuck.length > 0 && game ? (
        <>
          <h3>Over the game, turns 1–{game.turns}</h3>
          <ul>
            {gameLuck.map((n) => (
              <li key={n[0]} className={styles.storyLine} data-testid="luck-game" data-rules="R6.9">
                {luckLine(n)}
                <Citations ids={["R6.9"]} />
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
