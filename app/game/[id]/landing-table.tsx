"use client";
// The post-combat list of air units that must land (R7.1): one row per aircraft, its landing picked
// in a select ("" = the default landing, R7.4) or, with a map, selected to land it there.
import type { AirChoice } from "./post-combat-port";
import { airName, groupKey, type Picks, type Selected } from "./landing-picks";
import { slug } from "./game-types";

export function LandingTable({
  air,
  picks,
  disabled,
  selected,
  onSelect,
  onPick,
}: {
  air: AirChoice[];
  picks: Picks;
  disabled: boolean;
  selected: Selected | null;
  /** Select an aircraft to land it on the map (absent: no map, or the nation has locked). */
  onSelect?: (sel: Selected) => void;
  onPick: (key: string, index: number, to: string) => void;
}) {
  if (air.length === 0) return <p className="muted small">No air units to land.</p>;
  return (
    <table className="table compact">
      <thead>
        <tr>
          <th scope="col">Air unit</th>
          <th scope="col">Lands in</th>
        </tr>
      </thead>
      <tbody>
        {air.flatMap((a) =>
          Array.from({ length: a.count }, (_, i) => (
            <AirRow
              key={`${groupKey(a)}-${i}`}
              choice={a}
              index={i}
              value={picks[groupKey(a)]?.[i] ?? ""}
              disabled={disabled}
              selected={selected !== null && selected.key === groupKey(a) && selected.index === i}
              onSelect={onSelect && a.destinations.length > 0 ? () => onSelect({ key: groupKey(a), index: i }) : undefined}
              onChange={(to) => onPick(groupKey(a), i, to)}
            />
          )),
        )}
      </tbody>
    </table>
  );
}

function AirRow({
  choice,
  index,
  value,
  disabled,
  selected,
  onSelect,
  onChange,
}: {
  choice: AirChoice;
  index: number;
  value: string;
  disabled: boolean;
  selected: boolean;
  /** Select this aircraft to land it on the map (absent: no map, or nowhere to land). */
  onSelect?: () => void;
  onChange: (to: string) => void;
}) {
  const name = airName(choice);
  // Alike aircraft of one group still need distinct accessible names for their selects.
  const label = choice.count > 1 ? `${name} (${index + 1} of ${choice.count})` : name;
  const none = choice.destinations.length === 0;
  const testId = `landing-${slug(choice.type)}-${slug(choice.from)}-${index}`;
  return (
    <tr data-testid={testId} data-selected={selected ? "1" : "0"} className={selected ? "selected" : undefined}>
      <th scope="row">
        {onSelect ? (
          <button type="button" className="button button-quiet button-small" aria-pressed={selected} onClick={onSelect} data-testid={`${testId}-select`} title="Land it on the map">
            {name}
          </button>
        ) : (
          name
        )}
      </th>
      <td>
        {none ? (
          <span className="alert-text">No safe place in reach: scuttled (R7.1)</span>
        ) : (
          <select aria-label={`Landing for ${label}`} value={value} disabled={disabled} onChange={(e) => onChange(e.target.value)}>
            <option value="">the default landing (R7.4)</option>
            {choice.destinations.map((d) => (
              <option key={d.to} value={d.to}>
                {d.to} ({d.steps} step{d.steps === 1 ? "" : "s"})
              </option>
            ))}
          </select>
        )}
      </td>
    </tr>
  );
}
