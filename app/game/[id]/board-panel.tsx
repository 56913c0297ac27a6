"use client";
// The Board tab of the game screen: every nation's treasury, territories and units as tables, the
// same board for everyone (a text view of the map). Loaded when the tab is first shown.
import { teamOf } from "../../../server/rulesets/1942/engine/teams";
import { NATIONS, type Nation } from "../../../server/rulesets/1942/engine/types";
import { countsText } from "../../components/format";
import { VALUE, slug, type Board, type UnitStack } from "./game-types";

function byTerritory(units: UnitStack[]): [string, UnitStack[]][] {
  const map = new Map<string, UnitStack[]>();
  for (const u of units) map.set(u.at, [...(map.get(u.at) ?? []), u]);
  return [...map.entries()].sort(([a], [b]) => a.localeCompare(b));
}

function stackText(stacks: UnitStack[]): string {
  const standing = Object.fromEntries(stacks.filter((s) => !s.aboard).map((s) => [s.type, s.count]));
  const aboard = Object.fromEntries(stacks.filter((s) => s.aboard).map((s) => [s.type, s.count]));
  const text = countsText(standing);
  return Object.keys(aboard).length ? `${text}; aboard: ${countsText(aboard)}` : text;
}

export function BoardView({ board, mine, afterCombat }: { board: Board; mine: Nation[]; afterCombat: boolean }) {
  return (
    <section className="card" aria-labelledby="board-heading">
      <h2 id="board-heading">The board</h2>
      <p className="muted small">{afterCombat ? "Where every nation stands after this turn's combat." : "Where every nation stands at the start of this turn."} Everyone sees the same board.</p>
      {NATIONS.map((nation) => {
        const units = board.units.filter((u) => u.nation === nation);
        const owned = Object.entries(board.owners).filter(([, n]) => n === nation);
        const income = owned.reduce((sum, [t]) => sum + (VALUE.get(t) ?? 0), 0);
        return (
          <details key={nation} className="nation-board" open={mine.includes(nation)} data-testid={`board-${slug(nation)}`}>
            <summary>
              <strong>{nation}</strong> <span className="muted">({teamOf(nation)})</span> · treasury{" "}
              <span data-testid={`treasury-${slug(nation)}`}>{board.treasury[nation]}</span> · {owned.length} territories worth {income}
            </summary>
            {units.length === 0 ? (
              <p className="muted">No units.</p>
            ) : (
              <table className="table compact">
                <thead>
                  <tr>
                    <th scope="col">Territory</th>
                    <th scope="col">Units</th>
                  </tr>
                </thead>
                <tbody>
                  {byTerritory(units).map(([at, stacks]) => (
                    <tr key={at}>
                      <th scope="row">{at}</th>
                      <td>{stackText(stacks)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
          </details>
        );
      })}
    </section>
  );
}
