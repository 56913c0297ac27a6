// The selected unit's or general's card: what it is, its order in words, and the orders it may take
// (TA2.5): move (drag on the table, or tap where to go), march, turn, formation, shoot or charge with
// the exact odds, hold. A general rides or rallies (TA3.1, TA4.9).
import { T } from "@/server/rulesets/triple-alliance/tables";
import { engaged, unitById } from "@/server/rulesets/triple-alliance/rules";
import { basesLeft } from "@/server/rulesets/triple-alliance/units";
import type { General, Orders, State, Unit, UnitOrder } from "@/server/rulesets/triple-alliance/types";
import { ARM_LABEL } from "./draw";
import { chargeOdds, shotOdds } from "./odds";
import { OddsBars } from "./odds-bars";
import { FORMATION_ACTION, generalOrderText, orderText, otherFormation, rallyTargets, turned, withGeneralOrder, withUnitOrder } from "./order-draft";
import styles from "./panel.module.css";

export type Mode = "move" | "march" | "shoot" | "charge" | "ride" | null;

interface Props {
  state: State;
  orders: Orders;
  mode: Mode;
  setMode(m: Mode): void;
  setOrders(o: Orders): void;
  close(): void;
}

export function UnitCard(props: Props & { unit: Unit; mine: boolean }) {
  const { state: s, unit: u, orders } = props;
  const o = orders.units?.[u.id];
  const set = (x: UnitOrder | null) => props.setOrders(withUnitOrder(orders, u.id, x));
  const inMelee = engaged(s, u.id);
  const canMove = !inMelee && (u.arm !== "artillery" || u.formation === "limbered");
  const canMarch = canMove && (u.formation === "column" || u.formation === "limbered");
  const odds = o && "shoot" in o ? shotOdds(s, u.id, o.shoot) : o && "charge" in o ? chargeOdds(s, u.id, o.charge) : null;
  const target = o && ("shoot" in o || "charge" in o) ? unitById(s, "shoot" in o ? o.shoot : o.charge) : undefined;
  const btn = (label: string, onClick: () => void, active = false, testId?: string) => (
    <button type="button" className={active ? styles.active : undefined} onClick={onClick} data-testid={testId}>
      {label}
    </button>
  );
  return (
    <section className={styles.card} data-testid="ta-unit-card" aria-label={u.name}>
      <header>
        <h3>{u.name}</h3>
        <button type="button" className={styles.close} onClick={props.close} aria-label="Close">
          ×
        </button>
      </header>
      <p className={styles.facts}>
        {u.nation} {ARM_LABEL[u.arm].toLowerCase()}
        {u.weapon !== "none" ? ` (${u.weapon})` : ""} · {u.rating} · {u.formation} · {u.hits} hit{u.hits === 1 ? "" : "s"}, {basesLeft(u.hits)}/{T.basesPerUnit} bases · facing {Math.round(u.facing)}°
      </p>
      {props.mine && (
        <>
          <p className={styles.order} data-testid="ta-order-text">
            {orderText(s, u, o)}
          </p>
          {inMelee ? (
            <p className={styles.hint}>In hand-to-hand: it fights on and may only turn to face a flank attack (TA4.8).</p>
          ) : (
            <div className={styles.actions}>
              {canMove && btn("Move", () => props.setMode("move"), props.mode === "move", "ta-move")}
              {canMarch && btn("March", () => props.setMode("march"), props.mode === "march", "ta-march")}
              {btn("⟲ 15°", () => set(turned(u, o, 15)))}
              {btn("⟳ 15°", () => set(turned(u, o, -15)))}
              {btn("⟲ 90°", () => set(turned(u, o, 90)))}
              {btn("⟳ 90°", () => set(turned(u, o, -90)))}
              {btn(FORMATION_ACTION[otherFormation(u)], () => set({ formation: otherFormation(u) }), !!o && "formation" in o, "ta-formation")}
              {u.arm !== "cavalry" && btn("Shoot…", () => props.setMode("shoot"), props.mode === "shoot", "ta-shoot")}
              {u.arm !== "artillery" && btn("Charge…", () => props.setMode("charge"), props.mode === "charge", "ta-charge")}
              {btn("Hold", () => set({ hold: true }), !!o && "hold" in o)}
              {o && btn("Clear", () => set(null))}
            </div>
          )}
          {props.mode === "move" || props.mode === "march" ? <p className={styles.hint}>Drag the unit, or tap where it should go: the shaded ground is what it can reach.</p> : null}
          {props.mode === "shoot" || props.mode === "charge" ? <p className={styles.hint}>Tap a highlighted enemy unit.</p> : null}
          {odds && target && (odds.ok ? <OddsBars odds={odds.odds} title={`${"shoot" in o! ? "Volley at" : "Charge on"} ${target.name}, if it stands`} /> : <p className={styles.refusal}>{odds.why} ({odds.rule})</p>)}
        </>
      )}
    </section>
  );
}

export function GeneralCard(props: Props & { general: General; mine: boolean }) {
  const { state: s, general: g, orders } = props;
  const o = orders.generals?.[g.id];
  const set = (x: Parameters<typeof withGeneralOrder>[2]) => props.setOrders(withGeneralOrder(orders, g.id, x));
  const rallies = rallyTargets(s, g.pos, g.side);
  return (
    <section className={styles.card} data-testid="ta-general-card" aria-label={g.name}>
      <header>
        <h3>{g.name}</h3>
        <button type="button" className={styles.close} onClick={props.close} aria-label="Close">
          ×
        </button>
      </header>
      <p className={styles.facts}>General · rides up to {T.allowance.general} mm · rallies a unit it touches (TA3.1)</p>
      {props.mine && (
        <>
          <p className={styles.order}>{generalOrderText(s, o)}</p>
          <div className={styles.actions}>
            <button type="button" className={props.mode === "ride" ? styles.active : undefined} onClick={() => props.setMode("ride")}>
              Ride…
            </button>
            {rallies.map((id) => (
              <button key={id} type="button" onClick={() => set({ rally: id })} className={o && "rally" in o && o.rally === id ? styles.active : undefined}>
                Rally {unitById(s, id)?.name ?? id}
              </button>
            ))}
            {o && (
              <button type="button" onClick={() => set(null)}>
                Clear
              </button>
            )}
          </div>
          {props.mode === "ride" && <p className={styles.hint}>Tap where the general should ride (at most {T.allowance.general} mm).</p>}
          {rallies.length === 0 && <p className={styles.hint}>No hurt unit of yours touches this general: ride to one to rally it next turn.</p>}
        </>
      )}
    </section>
  );
}
