// The territories whose units can still take orders, as a list beside the map (the map rings them).
import type { Nation, UnitCounts, UnitType } from "../../../../server/rulesets/1942/engine/types";
import { unitName } from "../../../components/format";
import { slug } from "../game-types";

export function OrderableGroups({ nation, groups, free, onGroup }: { nation: Nation; groups: readonly string[]; free: (t: string) => UnitCounts; onGroup: (territory: string, type: UnitType) => void }) {
  const s = slug(nation);
  return (
    <details className="small" open={groups.length <= 12}>
      <summary>
        {groups.length} {groups.length === 1 ? "territory has" : "territories have"} units that can take orders (marked with a yellow ring)
      </summary>
      <ul className="group-list" data-testid={`map-groups-${s}`}>
        {groups.map((t) => (
          <li key={t}>
            {t}:{" "}
            {Object.entries(free(t)).map(([type, n]) => (
              <button key={type} type="button" className="chip" onClick={() => onGroup(t, type as UnitType)} data-testid={`list-group-${s}-${type}-${slug(t)}`}>
                {n} {unitName(type as UnitType, n)}
              </button>
            ))}
          </li>
        ))}
      </ul>
    </details>
  );
}
