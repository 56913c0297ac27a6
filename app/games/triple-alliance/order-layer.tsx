// The side's orders drawn on the table: where each move ends (a dashed ghost at the end of its
// line), volleys and charges as lines to their targets, the selected unit's reachable ground, and
// the handle that drags its move.
import { dir, type Pt } from "@/server/rulesets/triple-alliance/geometry";
import { unitById } from "@/server/rulesets/triple-alliance/rules";
import { front } from "@/server/rulesets/triple-alliance/units";
import type { Orders, State, Unit } from "@/server/rulesets/triple-alliance/types";
import { nationColour } from "./draw";
import { ghostOf } from "./reach";
import styles from "./table.module.css";
import { DragHandle, useTable } from "./table-map";
import { GeneralShape, UnitShape } from "./unit-layer";

function Arrow({ from, to, colour, width, dash }: { from: Pt; to: Pt; colour: string; width: number; dash?: string }) {
  const { height: H } = useTable();
  const dx = to.x - from.x;
  const dy = to.y - from.y;
  const l = Math.hypot(dx, dy) || 1;
  const ux = dx / l;
  const uy = dy / l;
  const head = width * 3.5;
  const b = { x: to.x - ux * head, y: to.y - uy * head };
  const left = { x: b.x - uy * head * 0.6, y: b.y + ux * head * 0.6 };
  const right = { x: b.x + uy * head * 0.6, y: b.y - ux * head * 0.6 };
  return (
    <g pointerEvents="none">
      <line x1={from.x} y1={H - from.y} x2={b.x} y2={H - b.y} stroke={colour} strokeWidth={width} strokeDasharray={dash} strokeLinecap="round" />
      <polygon points={`${to.x},${H - to.y} ${left.x},${H - left.y} ${right.x},${H - right.y}`} fill={colour} />
    </g>
  );
}

export function OrderLayer(props: { state: State; orders: Orders; side: string | null; selected: string | null; reach: Pt[] | null; onDrag?: (u: Unit, p: Pt) => void }) {
  const { state: s, orders } = props;
  const { height: H, px } = useTable();
  const sel = props.selected ? unitById(s, props.selected) : undefined;
  return (
    <g data-testid="ta-orders">
      {props.reach && <polygon points={props.reach.map((p) => `${p.x},${H - p.y}`).join(" ")} className={styles.reach} strokeWidth={1.5 * px} data-testid="ta-reach" />}
      {Object.entries(orders.units ?? {}).map(([id, o]) => {
        const u = unitById(s, id);
        if (!u) return null;
        if ("shoot" in o || "charge" in o) {
          const t = unitById(s, "shoot" in o ? o.shoot : o.charge);
          if (!t) return null;
          return "shoot" in o ? <Arrow key={id} from={front(u)} to={t.pos} colour="#c0392b" width={2.5 * px} dash={`${6 * px} ${4 * px}`} /> : <Arrow key={id} from={u.pos} to={t.pos} colour="#7a1f14" width={5 * px} />;
        }
        if (!("move" in o)) return null;
        const g = ghostOf(u, o.move);
        const moved = (o.move.distance ?? 0) > 0;
        const draggable = id === props.selected && props.onDrag;
        const ghost = <UnitShape unit={u} at={g.pos} facing={g.facing} ghost />;
        return (
          <g key={id}>
            {moved && <Arrow from={u.pos} to={g.pos} colour={nationColour(u.nation)} width={2 * px} />}
            {moved && (draggable ? <DragHandle onDrag={(p) => props.onDrag!(u, p)}>{ghost}</DragHandle> : ghost)}
            {!moved && g.facing !== u.facing && <Arrow from={u.pos} to={{ x: u.pos.x + dir(g.facing).x * 40, y: u.pos.y + dir(g.facing).y * 40 }} colour={nationColour(u.nation)} width={2 * px} />}
          </g>
        );
      })}
      {Object.entries(orders.generals ?? {}).map(([id, o]) => {
        const g = s.generals.find((x) => x.id === id);
        if (!g || !("move" in o)) return null;
        return (
          <g key={id}>
            <Arrow from={g.pos} to={o.move} colour="#6b5a1e" width={1.8 * px} dash={`${5 * px} ${3 * px}`} />
            <GeneralShape general={g} nation={s.units.find((u) => u.side === g.side)?.nation ?? "Paraguay"} at={o.move} ghost />
          </g>
        );
      })}
      {/* The selected unit with no move yet is itself the handle: drag it to order a move. */}
      {sel && props.onDrag && !(orders.units?.[sel.id] && "move" in orders.units[sel.id]! && (orders.units[sel.id] as { move: { distance?: number } }).move.distance) && (
        <DragHandle onDrag={(p) => props.onDrag!(sel, p)}>
          <UnitShape unit={sel} mark="selected" label={false} />
        </DragHandle>
      )}
    </g>
  );
}
