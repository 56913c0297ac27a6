"use client";
// How many of each type the map's selection moves: a click on a badge selected the whole stack of
// that type, so fewer is one step away (−, or a number typed), and "All units here" takes every free
// unit of the territory (issue 19).
import { Fragment } from "react";
import { UNIT_TYPES, type UnitCounts, type UnitType } from "../../../../server/rulesets/1942/engine/types";
import { unitName } from "../../../components/format";
import styles from "./selection-counts.module.css";

export function SelectionCounts({
  nationSlug: s,
  units,
  free,
  onCount,
  onAll,
}: {
  nationSlug: string;
  units: UnitCounts;
  free: UnitCounts;
  onCount: (type: UnitType, count: number) => void;
  onAll: () => void;
}) {
  const types = UNIT_TYPES.filter((t) => (free[t] ?? 0) > 0);
  const all = types.every((t) => (units[t] ?? 0) === free[t]);
  return (
    <div className={`small ${styles.counts}`} role="group" aria-label="How many of each type">
      {types.map((t) => {
        const n = units[t] ?? 0;
        const max = free[t] ?? 0;
        return (
          <Fragment key={t}>
            <label htmlFor={`map-count-${s}-${t}`}>{unitName(t, 2)}</label>
            <button type="button" className="chip" disabled={n === 0} onClick={() => onCount(t, n - 1)} aria-label={`One ${unitName(t)} fewer`} data-testid={`map-fewer-${s}-${t}`}>
              −
            </button>
            <input
              id={`map-count-${s}-${t}`}
              type="number"
              inputMode="numeric"
              min={0}
              max={max}
              value={n}
              onChange={(e) => onCount(t, Number(e.target.value))}
              data-testid={`map-count-${s}-${t}`}
            />
            <button type="button" className="chip" disabled={n >= max} onClick={() => onCount(t, n + 1)} aria-label={`One ${unitName(t)} more`} data-testid={`map-more-${s}-${t}`}>
              +
            </button>
            <span className="muted">of {max}</span>
          </Fragment>
        );
      })}
      {!all ? (
        <button type="button" className={`button button-small button-quiet ${styles.all}`} onClick={onAll} data-testid={`map-all-here-${s}`}>
          All units here
        </button>
      ) : null}
    </div>
  );
}
