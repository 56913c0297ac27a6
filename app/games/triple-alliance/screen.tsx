"use client";
// Triple Alliance's screen (issue 25; rulebook docs/rules/triple-alliance.md): the battlefield fills
// the screen, a side's orders are drawn on it as they are written, and Save / Lock / Unlock go
// through the platform's contract (app/games/contract.ts). The review of a turn is review.tsx.
import { useEffect, useMemo, useState } from "react";
import type { ActionResult, GameScreenModule, GameScreenProps } from "@/app/games/contract";
import type { Pt } from "@/server/rulesets/triple-alliance/geometry";
import { unitById } from "@/server/rulesets/triple-alliance/rules";
import type { Orders, Unit } from "@/server/rulesets/triple-alliance/types";
import { validateOrders } from "@/server/rulesets/triple-alliance/validate";
import type { View } from "@/server/rulesets/triple-alliance/view";
import { chargeTargets, emptyOrders, generalMove, orderText, shootTargets, withGeneralOrder, withUnitOrder } from "./order-draft";
import { OrderLayer } from "./order-layer";
import { GeneralCard, UnitCard, type Mode } from "./order-panel";
import styles from "./panel.module.css";
import { moveToward, reachArea } from "./reach";
import { Review } from "./review";
import { Summary } from "./summary";
import { TableMap } from "./table-map";
import { ArmyLayer, type Mark } from "./unit-layer";

type Selection = { kind: "unit" | "general"; id: string } | null;

export function Screen(props: GameScreenProps) {
  const view = props.view as View;
  if (view.kind !== "full") return props.layout({ board: <Summary view={view} />, panel: null });
  return <Ordering {...props} view={view} />;
}

function Ordering(props: GameScreenProps & { view: Extract<View, { kind: "full" }> }) {
  const s = props.view.state;
  const side = props.side;
  const [orders, setOrdersRaw] = useState<Orders>(() => (props.saved as Orders | null) ?? emptyOrders());
  const [dirty, setDirty] = useState(false);
  const [sel, setSel] = useState<Selection>(null);
  const [mode, setMode] = useState<Mode>(null);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  // A new turn brings a fresh table and the orders saved for it.
  useEffect(() => {
    setOrdersRaw((props.saved as Orders | null) ?? emptyOrders());
    setDirty(false);
    setSel(null);
    setMode(null);
    setResult(null);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [props.turn]);
  // Orders saved elsewhere (a sandbox's robot, another tab) replace the draft; a refetch of the same
  // saved orders (after this screen's own save) changes nothing, and keeps the selection.
  const savedText = JSON.stringify(props.saved ?? null);
  useEffect(() => {
    if (savedText === "null") return;
    setOrdersRaw(JSON.parse(savedText) as Orders);
    setDirty(false);
  }, [savedText]);
  const locked = !!side && props.phase.locked.includes(side);
  const canOrder = !!side && props.phase.status === "open" && props.phase.sides.includes(side) && !locked;
  const setOrders = (o: Orders) => {
    if (!canOrder) return;
    setOrdersRaw(o);
    setDirty(true);
    setResult(null);
  };

  const unit = sel?.kind === "unit" ? unitById(s, sel.id) : undefined;
  const general = sel?.kind === "general" ? s.generals.find((g) => g.id === sel.id) : undefined;
  const mineUnit = !!unit && unit.side === side && canOrder;
  const march = mode === "march";
  const reach = useMemo(() => (unit && mineUnit && (mode === "move" || mode === "march") ? reachArea(s, unit, march, 10) : null), [s, unit, mineUnit, mode, march]);
  const candidates = useMemo(() => {
    if (!unit || !mineUnit) return new Set<string>();
    if (mode === "shoot") return new Set(shootTargets(s, unit));
    if (mode === "charge") return new Set(chargeTargets(s, unit, orders));
    return new Set<string>();
  }, [s, unit, mineUnit, mode, orders]);
  const o = unit ? orders.units?.[unit.id] : undefined;
  const target = o && "shoot" in o ? o.shoot : o && "charge" in o ? o.charge : null;
  const mark = (u: Unit): Mark | undefined => (u.id === sel?.id ? "selected" : u.id === target ? "target" : candidates.has(u.id) ? "candidate" : undefined);

  const onUnit = (u: Unit) => {
    if (unit && (mode === "shoot" || mode === "charge") && candidates.has(u.id)) {
      setOrders(withUnitOrder(orders, unit.id, mode === "shoot" ? { shoot: u.id } : { charge: u.id }));
      setMode(null);
      return;
    }
    setSel({ kind: "unit", id: u.id });
    const movable = u.side === side && canOrder && (u.arm !== "artillery" || u.formation === "limbered");
    setMode(movable ? "move" : null);
  };
  const onGround = (p: Pt) => {
    if (unit && mineUnit && (mode === "move" || mode === "march")) return moveTo(unit, p);
    if (general && mode === "ride" && general.side === side && canOrder) {
      setOrders(withGeneralOrder(orders, general.id, generalMove(general.pos, p)));
      return setMode(null);
    }
    setSel(null);
    setMode(null);
  };
  const moveTo = (u: Unit, p: Pt) => {
    if (u.side !== side || !canOrder) return;
    const { order } = moveToward(s, u, p, march);
    setOrders(withUnitOrder(orders, u.id, { move: order }));
  };

  const act = async (what: "save" | "lock" | "unlock") => {
    setBusy(true);
    try {
      let r: ActionResult = { ok: true };
      if (what !== "unlock" && (dirty || what === "save")) r = await props.save(orders);
      if (r.ok && what === "save") setDirty(false);
      if (r.ok && what === "lock") {
        setDirty(false);
        r = await props.lock();
      }
      if (what === "unlock") r = await props.unlock();
      setResult(r.ok ? { ok: true, text: what === "save" ? "Orders saved." : what === "lock" ? "Orders locked." : "Unlocked: change your orders and lock again." } : { ok: false, text: `${r.message}${r.rule && !r.message.includes(r.rule) ? ` (${r.rule})` : ""}` });
    } finally {
      setBusy(false);
    }
  };
  const check = side && canOrder ? validateOrders(s, side, orders) : null;
  const mine = side ? s.units.filter((u) => u.side === side) : [];
  const close = () => {
    setSel(null);
    setMode(null);
  };

  return props.layout({
    board: (
      <div className={styles.mapArea} data-testid="ta-screen">
        <TableMap battlefield={s.battlefield} storageKey={`ta-view:${props.gameId}`} onGround={onGround} label={`${s.battlefield.name}, turn ${s.turn}`} focus={mine.map((u) => u.pos)}>
          <OrderLayer state={s} orders={orders} side={side} selected={mineUnit ? unit!.id : null} reach={reach} onDrag={mineUnit ? moveTo : undefined} />
          <ArmyLayer state={s} mark={mark} onUnit={onUnit} hide={mineUnit && !(o && "move" in o && o.move.distance) ? new Set([unit!.id]) : undefined} onGeneral={(g) => { setSel({ kind: "general", id: g.id }); setMode(g.side === side && canOrder ? "ride" : null); }} selectedGeneral={general?.id ?? null} />
        </TableMap>
      </div>
    ),
    panel: (
      <section className={styles.panel} aria-label="Orders">
        <p className={styles.turn} data-testid="ta-screen-panel-turn">
          <strong>{s.battlefield.name}</strong> · {s.ended ? `over after turn ${s.turn - 1}` : `turn ${s.turn} of ${s.turnLimit}`}
          {side ? ` · you command ${side}` : " · watching"}
        </p>
        {unit && <UnitCard state={s} unit={unit} mine={mineUnit} orders={orders} mode={mode} setMode={setMode} setOrders={setOrders} close={close} />}
        {general && <GeneralCard state={s} general={general} mine={general.side === side && canOrder} orders={orders} mode={mode} setMode={setMode} setOrders={setOrders} close={close} />}
        {!sel && side && (
          <ol className={styles.list} data-testid="ta-order-list">
            {mine.map((u) => (
              <li key={u.id}>
                <button type="button" onClick={() => onUnit(u)}>
                  <strong>{u.name}</strong> <span>{orderText(s, u, orders.units?.[u.id])}</span>
                </button>
              </li>
            ))}
          </ol>
        )}
        {!side && !sel && <p className={styles.hint}>Tap a unit to see it. Both generals order at once; the judge moves everyone together.</p>}
        {side && props.phase.sides.includes(side) && (
          <div className={styles.commit}>
            {check && !check.ok && <p className={styles.refusal}>{check.message}</p>}
            {result && (
              <p className={result.ok ? styles.ok : styles.refusal} role="status" data-testid="ta-result">
                {result.text}
              </p>
            )}
            <div className={styles.commitButtons}>
              {!locked && (
                <button type="button" onClick={() => void act("save")} disabled={busy || !canOrder} data-testid="ta-save">
                  Save{dirty ? " *" : ""}
                </button>
              )}
              {!locked ? (
                <button type="button" className={styles.primary} onClick={() => void act("lock")} disabled={busy || !canOrder} data-testid="ta-lock">
                  Lock orders
                </button>
              ) : (
                <button type="button" onClick={() => void act("unlock")} disabled={busy || props.phase.status !== "open"} data-testid="ta-unlock">
                  Unlock
                </button>
              )}
            </div>
            <p className={styles.hint}>
              {props.phase.locked.length} of {props.phase.sides.length} locked
              {props.phase.deadline ? ` · due ${new Date(props.phase.deadline).toUTCString().slice(5, 22)} UTC` : ""}
            </p>
          </div>
        )}
      </section>
    ),
  });
}

export { Review };
const screen: GameScreenModule = { Screen, Review };
export default screen;
