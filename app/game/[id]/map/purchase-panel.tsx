"use client";
// Purchases beside the map (R4.10): each type's attack, defence, move and cost, the money left after
// the draft's purchases, count steppers, and only the placements the engine accepts for one more unit
// (orders.placements). Laid out to fit a 390 px phone.
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { UNIT_TYPES, type Nation, type UnitType } from "../../../../server/engine/types";
import { UNIT_STATS } from "../../../../server/engine/units";
import { unitName } from "../../../components/format";
import { useTRPC } from "../../../trpc/client";
import { slug } from "../game-types";
import type { OrderDraft } from "../use-order-draft";
import { nextOrderId, type DraftOrder } from "./order-draft";
import styles from "./purchase-panel.module.css";

export function PurchasePanel({ gameId, nation, orders }: { gameId: number; nation: Nation; orders: OrderDraft }) {
  const trpc = useTRPC();
  const s = slug(nation);
  const draft = orders.draft as DraftOrder[];
  const options = useQuery(trpc.orders.placements.queryOptions({ gameId, nation, earlier: draft as never }));
  const [choice, setChoice] = useState<Partial<Record<UnitType, number>>>({});
  const data = options.data;

  function buy(type: UnitType, index: number) {
    const place = data?.placements[type][index];
    if (!place) return;
    // One more of a purchase already in the draft for the same place, or a new purchase.
    const same = draft.find((o) => o.type === type && o.destination === place.destination && (o.from ?? "") === (place.from ?? ""));
    if (same) orders.setDraft(draft.map((o) => (o === same ? { ...o, count: (o.count ?? 0) + 1 } : o)));
    else orders.setDraft([...draft, { id: nextOrderId(draft, "p"), type, count: 1, destination: place.destination, ...(place.from ? { from: place.from } : {}) }]);
  }

  /** One fewer of this type: from its last purchase in the draft (the order goes when it reaches 0). */
  function unbuy(type: UnitType) {
    const last = [...draft].reverse().find((o) => o.type === type && (o.count ?? 0) > 0);
    if (!last) return;
    if ((last.count ?? 0) <= 1) orders.remove(last.id);
    else orders.setDraft(draft.map((o) => (o === last ? { ...o, count: (o.count ?? 0) - 1 } : o)));
  }
  const bought = (type: UnitType) => draft.filter((o) => o.type === type).reduce((n, o) => n + (o.count ?? 0), 0);

  return (
    <details className="map-purchases small" data-testid={`map-purchases-${s}`}>
      <summary>
        <strong>Purchases</strong> · money left{" "}
        <span data-testid={`map-money-left-${s}`}>{data ? data.left : "…"}</span>
        {data ? ` of ${data.treasury}` : ""}
      </summary>
      {data ? (
        <table className={styles.table} data-testid={`map-purchase-table-${s}`}>
          <thead>
            <tr>
              <th scope="col">Unit</th>
              <th scope="col" title="attack / defence / move">
                A/D/M
              </th>
              <th scope="col">Cost</th>
              <th scope="col">Buy</th>
            </tr>
          </thead>
          <tbody>
            {UNIT_TYPES.filter((t) => data.placements[t].length > 0 || bought(t) > 0).map((t) => {
              const places = data.placements[t];
              const i = Math.min(choice[t] ?? 0, Math.max(0, places.length - 1));
              const stats = UNIT_STATS[t];
              const n = bought(t);
              return (
                <tr key={t}>
                  <th scope="row">
                    {unitName(t)}
                    {places.length > 1 ? (
                      <select value={i} onChange={(e) => setChoice((c) => ({ ...c, [t]: Number(e.target.value) }))} data-testid={`map-place-${s}-${t}`} aria-label={`Where to place ${unitName(t)}`}>
                        {places.map((p, k) => (
                          <option key={`${p.destination}|${p.from ?? ""}`} value={k}>
                            {p.destination}
                            {p.from ? ` (built at ${p.from})` : ""}
                          </option>
                        ))}
                      </select>
                    ) : places.length === 1 ? (
                      <span className="muted" data-testid={`map-place-${s}-${t}`}>
                        {" "}
                        at {places[0]!.destination}
                      </span>
                    ) : null}
                  </th>
                  <td>
                    {stats.attack}/{stats.defense}/{stats.move}
                  </td>
                  <td>{places[i]?.cost ?? stats.cost}</td>
                  <td className={styles.stepper}>
                    <button type="button" className="chip" disabled={n === 0} onClick={() => unbuy(t)} aria-label={`One ${unitName(t)} fewer`} data-testid={`map-unbuy-${s}-${t}`}>
                      −
                    </button>
                    <output aria-label={`${unitName(t, 2)} bought`} data-testid={`map-bought-${s}-${t}`}>
                      {n}
                    </output>
                    <button type="button" className="chip" disabled={places.length === 0} onClick={() => buy(t, i)} aria-label={`One more ${unitName(t)}`} data-testid={`map-buy-${s}-${t}`}>
                      +
                    </button>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      ) : (
        <p className="muted">Finding where you may place…</p>
      )}
      {data && UNIT_TYPES.every((t) => data.placements[t].length === 0) ? <p className="muted">Nothing more can be bought now.</p> : null}
    </details>
  );
}
