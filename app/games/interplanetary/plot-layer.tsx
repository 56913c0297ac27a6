// The plot on the board: each own ship's chosen course and, for the selected ship, its seven
// endpoints (IP3.2) as tap targets; every other ship's drift ghost with the gravity due (IP4.1);
// a launched weapon's ghost (IP6.1).
import type { Dir } from "../../../server/rulesets/interplanetary/hex";
import { endpoints, ghostCourse, launchCourse, mayBurn } from "../../../server/rulesets/interplanetary/plot-aid";
import type { Orders } from "../../../server/rulesets/interplanetary/types";
import type { ShipView } from "../../../server/rulesets/interplanetary/view";
import { HEX, toPixel } from "./geometry";
import { CourseLine } from "./pieces";

export interface PlotLayerProps {
  ships: ShipView[];
  side: string | null;
  draft: Orders;
  selected: string | null;
  colourOf: (side: string) => string;
  onBurn?: (ship: string, burn: Dir | null) => void;
}

export function PlotLayer({ ships, side, draft, selected, colourOf, onBurn }: PlotLayerProps) {
  const flying = ships.filter((s) => s.status === "flying");
  const chosen = selected ? flying.find((s) => s.id === selected && s.side === side) : undefined;
  const o = chosen ? draft.ships?.[chosen.id] : undefined;
  const ends = chosen && !o?.land ? endpoints(chosen, o?.gravity, mayBurn(chosen)) : [];
  return (
    <g data-layer="plot">
      {flying.map((s) => {
        const mine = s.side === side;
        const so = mine ? draft.ships?.[s.id] : undefined;
        if (so?.land) return null;
        const c = ghostCourse(s, so?.gravity, so?.burn ? [so.burn] : []);
        return <CourseLine key={s.id} from={s.pos} to={c.tip} crash={c.crash?.hex} colour={colourOf(s.side)} ghost={!mine} testId={mine ? `course-${s.id}` : `ghost-${s.id}`} />;
      })}
      {flying
        .filter((s) => s.side === side && draft.ships?.[s.id]?.launch)
        .map((s) => {
          const l = draft.ships![s.id]!.launch!;
          const c = launchCourse(s, l.burns ?? []);
          return <CourseLine key={`launch-${s.id}`} from={s.pos} to={c.tip} crash={c.crash?.hex} colour="#ffffff" ghost testId={`launch-course-${s.id}`} />;
        })}
      {chosen
        ? ends.map((e) => {
            const p = toPixel(e.course.tip);
            const picked = (o?.burn ?? null) === e.burn;
            const danger = e.course.crash || e.course.left;
            return (
              <g
                key={e.burn ?? "none"}
                data-testid={`endpoint-${e.burn ?? "none"}`}
                data-danger={danger ? (e.course.crash ? "crash" : "leaves") : e.asteroids ? "asteroids" : "none"}
                onClick={() => onBurn?.(chosen.id, e.burn)}
                style={{ cursor: "pointer" }}
                role="button"
                aria-label={`${chosen.id}: ${e.burn ? `burn ${e.burn}` : "no burn"}`}
              >
                <circle cx={p.x} cy={p.y} r={HEX * 0.8} fill="transparent" />
                <circle cx={p.x} cy={p.y} r={picked ? 3.4 : 2.6} fill={picked ? colourOf(chosen.side) : "none"} stroke={danger ? "#ff5252" : e.asteroids ? "#ffb347" : colourOf(chosen.side)} strokeWidth={0.9} />
                <text x={p.x} y={p.y - 4} textAnchor="middle" fontSize={3} fill="#e8ecf8" pointerEvents="none">
                  {e.burn ?? "drift"}
                </text>
              </g>
            );
          })
        : null}
    </g>
  );
}
