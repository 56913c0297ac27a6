// The battles of this turn already over (R6): where, and who won. Read by every viewer.
import type { BattleReport } from "../../../../server/rulesets/1942/engine/report";

export function FinishedBattles({ battles }: { battles: readonly BattleReport[] }) {
  if (battles.length === 0) return null;
  return (
    <section aria-labelledby="stage-finished-heading" data-testid="stage-finished">
      <h3 id="stage-finished-heading">Battles over this turn</h3>
      <ul className="small">
        {battles.map((b) => (
          <li key={`${b.pass}-${b.territory}`}>
            {b.territory}: {!b.winner || b.winner === "none" ? "no winner" : `the ${b.winner} won`} after {b.rounds.length} {b.rounds.length === 1 ? "round" : "rounds"}
          </li>
        ))}
      </ul>
    </section>
  );
}
