"use client";
// The orders of one nation: a draft list built with two plain forms, saved whole (the server checks
// every order, R4.11), then locked. A refused save keeps the draft and shows each refusal beside its order.
import type { Nation } from "../../../server/rulesets/1942/engine/types";
import { errorText, orderText } from "../../components/format";
import type { DraftOrder as Order } from "./draft-order-id";
import { slug, type Board } from "./game-types";
import { MoveForm } from "./move-form";
import { unitPrice } from "./prices";
import { PurchaseForm } from "./purchase-form";
import type { OrderDraft } from "./use-order-draft";
import styles from "./orders-editor.module.css";

export function OrdersEditor(props: {
  nation: Nation;
  phaseOpen: boolean;
  locked: boolean;
  saved: Order[];
  board: Board;
  /** The draft, shared with the map (use-order-draft.ts). */
  orders: OrderDraft;
  /** House rule R9.2: factories cost less where victory cities are. */
  vcFactories?: boolean;
}) {
  const { nation, phaseOpen, locked, saved, board, orders, vcFactories = false } = props;
  const s = slug(nation);
  const { draft, refusals, message, dirty, busy, add, remove } = orders;
  const readOnly = locked || !phaseOpen;
  const mutationError = orders.error;

  const myUnits = board.units.filter((u) => u.nation === nation);
  const purchaseCost = draft.reduce((sum, o) => (o.type && o.count ? sum + unitPrice(o.type, o.destination ?? "", vcFactories) * o.count : sum), 0);

  return (
    <section className="card orders" aria-labelledby={`orders-${s}`} data-testid={`orders-${s}`}>
      <h2 id={`orders-${s}`}>
        Orders for {nation}{" "}
        {locked ? (
          <span className="tag tag-locked" data-testid={`locked-tag-${s}`}>
            locked
          </span>
        ) : null}
      </h2>
      <p className="muted small">
        Treasury {board.treasury[nation]} · purchases in the draft cost {purchaseCost}. Units without an order hold. Nobody sees your orders
        until the turn resolves.
      </p>

      <h3>Draft</h3>
      {draft.length === 0 ? <p className="muted">No orders in the draft: every unit holds.</p> : null}
      <ol className="order-list" data-testid={`draft-${s}`}>
        {draft.map((o) => {
          const refusal = refusals[o.id];
          return (
            <li key={o.id} className={refusal ? "order refused" : "order"} data-testid={`draft-order-${o.id}`}>
              <div className={styles.orderLine}>
                <span>
                  <code>{o.id}</code> {orderText(o)}
                </span>
                {!readOnly ? (
                  <button type="button" className="button button-quiet button-small" onClick={() => remove(o.id)} aria-label={`Remove order ${o.id}`}>
                    Remove
                  </button>
                ) : null}
              </div>
              {refusal ? (
                <p className="refusal" role="alert" data-testid={`refusal-${o.id}`}>
                  Refused, rule <strong>{refusal.rule}</strong>: {refusal.message}
                </p>
              ) : null}
            </li>
          );
        })}
      </ol>

      {message ? (
        <p className={Object.keys(refusals).length ? "alert" : "success"} role="status" data-testid={`save-message-${s}`}>
          {message}
        </p>
      ) : null}
      {mutationError ? (
        <p className="alert" role="alert">
          {errorText(mutationError)}
        </p>
      ) : null}

      <div className="actions">
        <button
          type="button"
          className="button"
          disabled={readOnly || busy || !dirty}
          onClick={() => void orders.save().catch(() => {})}
          data-testid={`save-${s}`}
        >
          {orders.saving ? "Saving…" : "Save"}
        </button>
        <button
          type="button"
          className="button button-secondary"
          disabled={locked || !phaseOpen || busy || dirty}
          onClick={orders.lock}
          data-testid={`lock-${s}`}
          title={dirty ? "Save your draft before locking" : undefined}
        >
          {orders.locking ? "Locking…" : "Lock"}
        </button>
        <button
          type="button"
          className="button button-quiet"
          disabled={!locked || !phaseOpen || busy}
          onClick={orders.unlock}
          data-testid={`unlock-${s}`}
        >
          Unlock
        </button>
        {dirty && !readOnly ? <span className="muted small">Unsaved changes: save before you lock.</span> : null}
        {!phaseOpen ? <span className="muted small">This phase is closed to changes.</span> : null}
      </div>

      {!readOnly ? (
        <div className={styles.orderForms}>
          <MoveForm nation={nation} units={myUnits} draft={draft} onAdd={add} />
          <PurchaseForm nation={nation} board={board} draft={draft} onAdd={add} vcFactories={vcFactories} />
        </div>
      ) : locked ? (
        <p className="muted small">Your orders are locked. Unlock to change them (possible until the last nation locks).</p>
      ) : null}

      <h3>Saved orders</h3>
      {saved.length === 0 ? (
        <p className="muted" data-testid={`saved-${s}`}>
          Nothing saved yet.
        </p>
      ) : (
        <ol className="order-list" data-testid={`saved-${s}`}>
          {saved.map((o) => (
            <li key={o.id} className="order">
              <code>{o.id}</code> {orderText(o)}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
