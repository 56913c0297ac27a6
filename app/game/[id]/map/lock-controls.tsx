// Lock, Save and Unlock of the map's orders, with what a lock would leave holding and the save's message.
import { useEffect, useRef } from "react";
import type { Nation } from "../../../../server/rulesets/1942/engine/types";
import { countsText, errorText } from "../../../components/format";
import { slug } from "../game-types";
import type { OrderDraft } from "../use-order-draft";
import type { unitsWithoutOrders } from "./order-draft";

export function LockControls(props: {
  nation: Nation;
  orders: OrderDraft;
  readOnly: boolean;
  locked: boolean;
  phaseOpen: boolean;
  /** The units a lock leaves without orders: they hold. */
  holding: ReturnType<typeof unitsWithoutOrders>;
  /** The warning about units without orders asks for "Lock anyway". */
  confirmLock: boolean;
  onLock: () => void;
}) {
  const { orders, readOnly, locked, phaseOpen, holding, confirmLock } = props;
  const s = slug(props.nation);
  // The "Lock anyway" is brought into view in the panel (a phone's sheet shows little of it).
  const lockButton = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (confirmLock) lockButton.current?.scrollIntoView({ block: "nearest", behavior: "instant" });
  }, [confirmLock]);
  return (
    <>
    {!readOnly && holding.length > 0 ? (
      <details className={confirmLock ? "note" : "small"} open={confirmLock} data-testid={`map-unordered-${s}`}>
        <summary>
          {holding.length} {holding.length === 1 ? "territory has" : "territories have"} units without orders: they will hold.
        </summary>
        <ul className="small">
          {holding.map((h) => (
            <li key={h.at}>
              {h.at}: {countsText(h.units)}
            </li>
          ))}
        </ul>
      </details>
    ) : null}
    {orders.message ? (
      <p className={Object.keys(orders.refusals).length ? "alert" : "success"} role="status" data-testid={`map-save-message-${s}`}>
        {orders.message}
      </p>
    ) : null}
    {orders.error ? (
      <p className="alert" role="alert">
        {errorText(orders.error)}
      </p>
    ) : null}
    <div className="actions">
      {!readOnly ? (
        <button type="button" className="button" disabled={orders.busy} onClick={props.onLock} data-testid={`map-lock-${s}`} ref={lockButton} style={{ scrollMarginBottom: "1rem" }}>
          {confirmLock ? "Lock anyway" : orders.dirty ? "Save and lock" : "Lock"}
        </button>
      ) : null}
      {!readOnly && orders.dirty ? (
        <button type="button" className="button button-secondary" disabled={orders.busy} onClick={() => void orders.save().catch(() => {})} data-testid={`map-save-${s}`}>
          Save
        </button>
      ) : null}
      {locked && phaseOpen ? (
        <button type="button" className="button button-quiet" disabled={orders.busy} onClick={orders.unlock} data-testid={`map-unlock-${s}`}>
          Unlock
        </button>
      ) : null}
    </div>
    </>
  );
}
