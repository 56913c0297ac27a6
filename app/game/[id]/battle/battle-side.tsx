// One side of a battle on the battle board (R6): its nations' units as the map's icons (hit this round:
// crossed out; a battleship hit once: a dashed rim), and in words what each nation stands with, has
// lost or has taken out of the battle.
import type { Team, UnitCounts } from "../../../../server/rulesets/1942/engine/types";
import { countsText, unitName } from "../../../components/format";
import type { LiveBattle } from "../game-types";
import { add, nonEmpty } from "./decision-words";
import { UnitPlate } from "./unit-plate";
import board from "./battle-board.module.css";
import styles from "../battle-decisions.module.css";

export function SideView({ battle, team }: { battle: LiveBattle; team: Team }) {
  const units = battle.units.filter((u) => u.team === team);
  const nations = [...new Set(units.map((u) => u.nation))];
  const attacking = units.filter((u) => u.attacking).length;
  const role = units.length === 0 ? "" : attacking === 0 ? "defending" : attacking === units.length ? "attacking" : "attacking and defending";
  const standingUnits = units.filter((u) => u.status === "in");
  return (
    <div className={styles.side} data-testid={`side-${team.toLowerCase()}`}>
      <h4>
        {team} <span className="muted small">{role}</span>
      </h4>
      {units.length === 0 ? <p className="muted small">Nobody.</p> : null}
      {standingUnits.length > 0 ? (
        <ul className={board.icons} aria-label={`The ${team}' units in the battle`} data-testid={`board-${team.toLowerCase()}`}>
          {standingUnits.map((u) => (
            <li
              key={u.id}
              className={board.icon}
              title={`${u.nation} ${unitName(u.type)}${u.marked ? ", hit: removed at the end of the round" : u.damage > 0 ? ", damaged" : ""}`}
              data-testid={`board-unit-${u.id}`}
              data-type={u.type}
              data-marked={u.marked ? "1" : "0"}
            >
              <UnitPlate type={u.type} nation={u.nation} lost={u.marked} damaged={!u.marked && u.damage > 0} />
            </li>
          ))}
        </ul>
      ) : null}
      <ul className={styles.sideUnits}>
        {nations.map((n) => {
          const mine = units.filter((u) => u.nation === n);
          const standing: UnitCounts = {};
          const hit: UnitCounts = {};
          const damaged: UnitCounts = {};
          const lost: UnitCounts = {};
          const out: UnitCounts = {};
          for (const u of mine) {
            if (u.status === "in") {
              add(standing, u.type);
              // A marked unit took its last hit this round (its `damage` counts that hit too).
              // The server keeps a choice of a sub-phase still open out of the battle (R6.3), so every mark shown is public.
              if (u.marked) add(hit, u.type);
              else if (u.damage > 0) add(damaged, u.type);
            } else if (u.status === "dead") add(lost, u.type);
            else add(out, u.type);
          }
          const extra = [
            nonEmpty(hit) ? `hit, removed at the end of the round: ${countsText(hit)}` : null,
            nonEmpty(damaged) ? `damaged: ${countsText(damaged)}` : null,
            nonEmpty(lost) ? `lost: ${countsText(lost)}` : null,
            nonEmpty(out) ? `left the battle: ${countsText(out)}` : null,
          ].filter(Boolean);
          return (
            <li key={n}>
              <strong>{n}</strong>: {nonEmpty(standing) ? countsText(standing) : "no units left"}
              {extra.length ? <span className="muted small"> ({extra.join("; ")})</span> : null}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
