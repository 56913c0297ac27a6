// Ships, ordnance and courses on the board. A course is drawn between hex centres (IP1.3): the
// ghost of the next turn dashed, a chosen course solid; a crash ends in a cross.
import type { Hex } from "../../../server/rulesets/interplanetary/hex";
import type { Ordnance } from "../../../server/rulesets/interplanetary/types";
import type { ShipView } from "../../../server/rulesets/interplanetary/view";
import { HEX, toPixel } from "./geometry";

const ORDNANCE_MARK: Record<Ordnance["kind"], string> = { mine: "✶", rocket: "r", missile: "m", torpedo: "t", buster: "B" };

/** Pieces sharing a hex are spread a little so each stays visible and tappable. */
export function spread(index: number, count: number): { dx: number; dy: number } {
  if (count <= 1) return { dx: 0, dy: 0 };
  const a = (2 * Math.PI * index) / count;
  return { dx: Math.cos(a) * HEX * 0.4, dy: Math.sin(a) * HEX * 0.4 };
}

export function ShipMark({ ship, colour, selected, onSelect, offset = { dx: 0, dy: 0 } }: { ship: ShipView; colour: string; selected?: boolean; onSelect?: () => void; offset?: { dx: number; dy: number } }) {
  const c = toPixel(ship.pos);
  const x = c.x + offset.dx;
  const y = c.y + offset.dy;
  const gone = ship.status === "destroyed" || ship.status === "lost";
  return (
    <g
      data-ship={ship.id}
      data-status={ship.status}
      onClick={onSelect}
      style={{ cursor: onSelect ? "pointer" : undefined }}
      opacity={gone ? 0.5 : 1}
      role={onSelect ? "button" : undefined}
      aria-label={onSelect ? `Select ${ship.id}` : undefined}
    >
      <title>{`${ship.id} (${ship.side}) ${ship.status}${ship.disabled ? `, disabled ${ship.disabled}` : ""}`}</title>
      {selected ? <circle cx={x} cy={y} r={HEX * 0.75} fill="none" stroke="#fff" strokeWidth={0.9} /> : null}
      <path d={`M${x},${y - 4.5} L${x + 3.6},${y + 3.2} L${x},${y + 1.6} L${x - 3.6},${y + 3.2} Z`} fill={colour} stroke="#0b1020" strokeWidth={0.5} />
      {ship.status === "landed" ? <circle cx={x} cy={y} r={5.2} fill="none" stroke={colour} strokeDasharray="1 1" strokeWidth={0.6} /> : null}
      {gone ? <path d={`M${x - 4},${y - 4}L${x + 4},${y + 4}M${x + 4},${y - 4}L${x - 4},${y + 4}`} stroke="#ff5252" strokeWidth={1} /> : null}
      <text x={x} y={y - 5.5} textAnchor="middle" fontSize={4.2} fill={colour}>
        {ship.id}
      </text>
      {/* A generous invisible target: a ship is tapped with a finger. */}
      {onSelect ? <circle cx={x} cy={y} r={HEX * 0.7} fill="transparent" /> : null}
    </g>
  );
}

export function OrdnanceMark({ o, colour, offset = { dx: 0, dy: 0 } }: { o: Ordnance; colour: string; offset?: { dx: number; dy: number } }) {
  const c = toPixel(o.pos);
  return (
    <g data-ordnance={o.id} data-kind={o.kind}>
      <title>{`${o.kind} ${o.id} (${o.side})${o.turnsLeft === null ? "" : `, ${o.turnsLeft} turn(s) left`}`}</title>
      <circle cx={c.x + offset.dx} cy={c.y + offset.dy} r={2.6} fill="#0b1020" stroke={colour} strokeWidth={0.7} />
      <text x={c.x + offset.dx} y={c.y + offset.dy + 1.3} textAnchor="middle" fontSize={3.4} fill={colour}>
        {ORDNANCE_MARK[o.kind]}
      </text>
    </g>
  );
}

export function CourseLine({ from, to, colour, ghost, crash, testId }: { from: Hex; to: Hex; colour: string; ghost?: boolean; crash?: Hex | null; testId?: string }) {
  const a = toPixel(from);
  const b = toPixel(crash ?? to);
  return (
    <g data-testid={testId} pointerEvents="none">
      <line x1={a.x} y1={a.y} x2={b.x} y2={b.y} stroke={colour} strokeWidth={ghost ? 0.8 : 1.3} strokeDasharray={ghost ? "2 1.5" : undefined} strokeLinecap="round" opacity={ghost ? 0.75 : 1} />
      {crash ? <path d={`M${b.x - 3},${b.y - 3}L${b.x + 3},${b.y + 3}M${b.x + 3},${b.y - 3}L${b.x - 3},${b.y + 3}`} stroke="#ff5252" strokeWidth={1.2} /> : null}
    </g>
  );
}
