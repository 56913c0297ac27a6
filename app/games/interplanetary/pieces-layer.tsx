// Every ship and piece of ordnance on the board, spread a little where several share a hex.
import { key } from "../../../server/rulesets/interplanetary/hex";
import type { Ordnance } from "../../../server/rulesets/interplanetary/types";
import type { ShipView } from "../../../server/rulesets/interplanetary/view";
import { sideColour } from "./geometry";
import { OrdnanceMark, ShipMark, spread } from "./pieces";

export function PiecesLayer({ ships, ordnance, sides, selected, onSelect, hideGone = true }: { ships: ShipView[]; ordnance: Ordnance[]; sides: string[]; selected?: string | null; onSelect?: (id: string) => void; hideGone?: boolean }) {
  const shown = ships.filter((s) => !hideGone || s.status === "flying" || s.status === "landed");
  const byHex = new Map<string, string[]>();
  for (const p of [...shown, ...ordnance]) byHex.set(key(p.pos), [...(byHex.get(key(p.pos)) ?? []), p.id]);
  const offset = (p: { id: string; pos: { q: number; r: number } }) => {
    const here = byHex.get(key(p.pos)) ?? [];
    return spread(here.indexOf(p.id), here.length);
  };
  return (
    <g data-layer="pieces">
      {ordnance.map((o: Ordnance) => (
        <OrdnanceMark key={o.id} o={o} colour={sideColour(sides, o.side)} offset={offset(o)} />
      ))}
      {shown.map((s) => (
        <ShipMark key={s.id} ship={s} colour={sideColour(sides, s.side)} selected={s.id === selected} onSelect={onSelect ? () => onSelect(s.id) : undefined} offset={offset(s)} />
      ))}
    </g>
  );
}
