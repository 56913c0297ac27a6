// Units and generals on the table (TA1.2–TA1.6): each base a rectangle to scale in its nation's
// colour with its arm's mark, the front edge drawn heavy, hits and rating in a badge, the name
// beneath. A tap selects a unit (or picks it as a target when the screen asks for one).
import { rect, type Pt } from "@/server/rulesets/triple-alliance/geometry";
import { T } from "@/server/rulesets/triple-alliance/tables";
import { basesLeft, footprint, footprintSize } from "@/server/rulesets/triple-alliance/units";
import type { General, State, Unit } from "@/server/rulesets/triple-alliance/types";
import { baseRects, nationColour, points, RATING_LETTER, shortName } from "./draw";
import styles from "./table.module.css";
import { useTable } from "./table-map";

export type Mark = "selected" | "target" | "candidate" | "dim" | "gone";

export function UnitShape(props: { unit: Unit; at?: Pt; facing?: number; mark?: Mark; ghost?: boolean; onTap?: () => void; label?: boolean }) {
  const { unit: u, mark } = props;
  const { height: H, px } = useTable();
  const at = props.at ?? u.pos;
  const facing = props.facing ?? u.facing;
  const colour = nationColour(u.nation);
  const bases = baseRects(u, at, facing);
  const foot = footprint({ ...u, pos: at, facing });
  const f0 = foot[0]!;
  const f1 = foot[1]!;
  const size = footprintSize(u);
  const fontPx = 10 * px;
  // Units stand ~140 mm apart in the scenarios: a name gets as many letters as fit in that at this zoom.
  const letters = Math.min(24, Math.floor(120 / (px * 6)));
  const cls = [styles.unit, mark ? styles[mark] : "", props.ghost ? styles.ghost : ""].join(" ");
  return (
    <g
      className={cls}
      data-unit={u.id}
      data-mark={mark ?? ""}
      onClick={(e) => {
        if (!props.onTap) return;
        e.stopPropagation();
        props.onTap();
      }}
      role={props.onTap ? "button" : undefined}
      aria-label={props.onTap ? `${u.name} (${u.id})` : undefined}
    >
      {/* A larger invisible hit area: a 15 mm base is small under a finger. */}
      <circle cx={at.x} cy={H - at.y} r={Math.max(Math.hypot(size.width, size.depth) / 2, Math.min(14 * px, 45))} fill="transparent" />
      {(mark === "selected" || mark === "target" || mark === "candidate") && <polygon points={points(foot, H)} className={styles.halo} strokeWidth={4 * px} />}
      {bases.map((b, i) => (
        <g key={i}>
          <polygon points={points(b, H)} fill={props.ghost ? "none" : colour} stroke={props.ghost ? colour : "#1d1d1b"} strokeWidth={props.ghost ? 1.5 * px : 0.8} strokeDasharray={props.ghost ? `${4 * px} ${3 * px}` : undefined} />
          {!props.ghost && <ArmMark arm={u.arm} base={b} H={H} limbered={u.formation === "limbered"} />}
        </g>
      ))}
      <line x1={f0.x} y1={H - f0.y} x2={f1.x} y2={H - f1.y} stroke={props.ghost ? colour : "#111"} strokeWidth={Math.max(2, 2.2 * px)} />
      {props.label !== false && !props.ghost && (
        <g className={styles.badge}>
          <text x={at.x} y={H - at.y + size.depth / 2 + 12 * px} fontSize={fontPx} textAnchor="middle" className={styles.unitName}>
            {letters >= 8 || mark === "selected" ? shortName(u.name, Math.max(letters, 12)) : ""}
          </text>
          <text x={at.x} y={H - at.y + size.depth / 2 + 24 * px} fontSize={fontPx * 0.9} textAnchor="middle" className={styles.unitInfo}>
            {RATING_LETTER[u.rating]}
            {u.hits > 0 ? ` · ${u.hits} hit${u.hits === 1 ? "" : "s"}` : ""}
            {basesLeft(u.hits) < T.basesPerUnit ? ` · ${basesLeft(u.hits)} base${basesLeft(u.hits) === 1 ? "" : "s"}` : ""}
          </text>
        </g>
      )}
    </g>
  );
}

/** NATO-like marks inside a base: infantry a cross, cavalry a slash, guns a wheel (limbered: two). */
function ArmMark({ arm, base, H, limbered }: { arm: Unit["arm"]; base: Pt[]; H: number; limbered: boolean }) {
  const [a, b, c, d] = base.map((p) => ({ x: p.x, y: H - p.y })) as [Pt, Pt, Pt, Pt];
  const stroke = { stroke: "#f5efe0", strokeWidth: 1.2 };
  if (arm === "infantry")
    return (
      <g>
        <line x1={a.x} y1={a.y} x2={c.x} y2={c.y} {...stroke} />
        <line x1={b.x} y1={b.y} x2={d.x} y2={d.y} {...stroke} />
      </g>
    );
  if (arm === "cavalry") return <line x1={b.x} y1={b.y} x2={d.x} y2={d.y} {...stroke} strokeWidth={2} />;
  const cx = (a.x + c.x) / 2;
  const cy = (a.y + c.y) / 2;
  return limbered ? (
    <g fill="none" {...stroke}>
      <circle cx={cx - 6} cy={cy} r={5} />
      <circle cx={cx + 6} cy={cy} r={5} />
    </g>
  ) : (
    <circle cx={cx} cy={cy} r={8} fill="#f5efe0" stroke="#1d1d1b" strokeWidth={1} />
  );
}

export function GeneralShape(props: { general: General; nation: string; at?: Pt; selected?: boolean; ghost?: boolean; onTap?: () => void }) {
  const { height: H, px } = useTable();
  const g = props.general;
  const at = props.at ?? g.pos;
  const sq = rect(at, 0, T.generalSize, T.generalSize);
  return (
    <g
      className={`${styles.general} ${props.selected ? styles.selected : ""}`}
      data-general={g.id}
      onClick={(e) => {
        if (!props.onTap) return;
        e.stopPropagation();
        props.onTap();
      }}
      role={props.onTap ? "button" : undefined}
      aria-label={props.onTap ? g.name : undefined}
    >
      <circle cx={at.x} cy={H - at.y} r={Math.min(Math.max(22, 10 * px), 30)} fill="transparent" />
      {props.selected && <polygon points={points(sq, H)} className={styles.halo} strokeWidth={4 * px} />}
      <polygon points={points(sq, H)} fill={props.ghost ? "none" : "#f4e7b8"} stroke={nationColour(props.nation)} strokeWidth={3} strokeDasharray={props.ghost ? "5 3" : undefined} />
      {!props.ghost && (
        <>
          <text x={at.x} y={H - at.y + 6} textAnchor="middle" fontSize={16} className={styles.star}>
            ★
          </text>
          {(px < 0.8 || props.selected) && <text x={at.x} y={H - at.y - T.generalSize / 2 - 4 * px} fontSize={10 * px} textAnchor="middle" className={styles.unitInfo}>
            {shortName(g.name, 22)}
          </text>}
        </>
      )}
    </g>
  );
}

/** Every unit and general of a state; `mark` decides each one's look, `onUnit` its tap. */
export function ArmyLayer(props: { state: State; mark?: (u: Unit) => Mark | undefined; onUnit?: (u: Unit) => void; onGeneral?: (g: General) => void; selectedGeneral?: string | null; hide?: Set<string> }) {
  const s = props.state;
  const nationOfSide = (side: string) => s.units.find((u) => u.side === side)?.nation ?? (s.teams[side] === "Paraguay" ? "Paraguay" : "Brazil");
  return (
    <g>
      {/* Generals first: a unit's tap wins where a general stands behind it. */}
      {s.generals.map((g) => (
        <GeneralShape key={g.id} general={g} nation={nationOfSide(g.side)} selected={props.selectedGeneral === g.id} onTap={props.onGeneral ? () => props.onGeneral!(g) : undefined} />
      ))}
      {s.units
        .filter((u) => !props.hide?.has(u.id))
        .map((u) => (
          <UnitShape key={u.id} unit={u} mark={props.mark?.(u)} onTap={props.onUnit ? () => props.onUnit!(u) : undefined} />
        ))}
    </g>
  );
}
