"use client";
// The casualty picker's battle board (R6.6): the chooser's units as the map's icons, one button per
// unit. A tap marks one unit of that type as a casualty, a tap on a marked one gives it back; a
// battleship takes two taps to sink (the first only damages it, R6.4).
import { unitName } from "../../../components/format";
import { hitsPerUnit, tapUnit, type Group } from "./casualty-groups";
import { UnitPlate } from "./unit-plate";
import board from "./battle-board.module.css";

export function CasualtyTaps({ id, groups, hits, disabled, onSet }: { id: string; groups: readonly Group[]; hits: Record<string, number>; disabled: boolean; onSet: (g: Group, n: number) => void }) {
  return (
    <fieldset className="picker-groups" disabled={disabled} data-testid={`${id}-taps`}>
      <legend>Tap the units you lose</legend>
      {groups.map((g) => {
        const n = hits[g.key] ?? 0;
        const per = hitsPerUnit(g, n);
        return (
          <div key={g.key} className={board.tapRow}>
            <p className="small">
              {g.label} <span className="muted">×{g.ids.length}</span>
            </p>
            <div className={board.icons} role="group" aria-label={g.label}>
              {g.ids.map((unitId, i) => {
                const h = per[i] ?? 0;
                const lost = h >= g.room;
                const name = unitName(g.type);
                const state = lost ? "lost" : h > 0 ? "damaged" : "kept";
                return (
                  <button
                    key={unitId}
                    type="button"
                    className={board.tap}
                    aria-pressed={h > 0}
                    aria-label={`${g.nation} ${name} ${i + 1}: ${lost ? "lost, tap to keep it" : h > 0 ? "damaged, tap to sink it" : "tap to lose it"}`}
                    data-testid={`${id}-${g.testId}-tap-${i}`}
                    data-state={state}
                    onClick={() => onSet(g, tapUnit(g, n, i))}
                  >
                    <UnitPlate type={g.type} nation={g.nation} lost={lost} damaged={h > 0 && !lost} />
                  </button>
                );
              })}
            </div>
          </div>
        );
      })}
    </fieldset>
  );
}
