// The draft's orders as a list: each with its refusal, the odds of the battles it joins, and Undo.
import type { Nation } from "../../../../server/rulesets/1942/engine/types";
import { orderText } from "../../../components/format";
import type { OddsList } from "../../../odds/use-odds-list";
import { slug } from "../game-types";
import type { Refusal } from "../use-order-draft";
import type { DraftBattle } from "./attack-odds";
import { oddsLabel } from "./odds-layer";
import type { DraftOrder } from "./order-draft";

export function DraftOrderList(props: {
  nation: Nation;
  draft: DraftOrder[];
  refusals: Record<string, Refusal>;
  battles: readonly DraftBattle[];
  odds: OddsList;
  readOnly: boolean;
  onUndo: (id: string) => void;
  onClear: () => void;
}) {
  const { draft, battles, odds, readOnly } = props;
  const s = slug(props.nation);
  const oddsOf = (id: string) => battles.filter((b) => b.orderIds.includes(id));
  return (
    <>
    <h3>Orders ({draft.length})</h3>
    {draft.length === 0 ? <p className="muted small">No orders: every unit holds.</p> : null}
    <ol className="order-list small" data-testid={`map-order-list-${s}`}>
      {draft.map((o) => {
        const refusal = props.refusals[o.id];
        return (
          <li key={o.id} className={refusal ? "order refused" : "order"} data-testid={`map-order-${o.id}`}>
            <span>
              <code>{o.id}</code> {orderText(o)}
            </span>{" "}
            {oddsOf(o.id).map((b) => (
              <span key={b.territory} className="small" data-testid={`map-order-odds-${o.id}-${slug(b.territory)}`} title="Exact odds of all your orders into it together">
                <strong>{oddsLabel(odds[b.territory], b.input.sea === true)}</strong> {b.input.sea ? "to win at" : "to take"} {b.territory}
              </span>
            ))}{" "}
            {!readOnly ? (
              <button
                type="button"
                className="button button-quiet button-small"
                onClick={() => props.onUndo(o.id)}
                aria-label={`Undo order ${o.id}`}
                data-testid={`map-undo-${o.id}`}
              >
                Undo
              </button>
            ) : null}
            {refusal ? (
              <p className="refusal" role="alert">
                Refused, rule <strong>{refusal.rule}</strong>: {refusal.message}
              </p>
            ) : null}
          </li>
        );
      })}
    </ol>
    {!readOnly && draft.length > 0 ? (
      <button
        type="button"
        className="button button-quiet button-small"
        onClick={props.onClear}
        data-testid={`map-clear-${s}`}
      >
        Clear all orders
      </button>
    ) : null}
    </>
  );
}
