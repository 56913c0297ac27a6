"use client";
// Purchases beside the map (R4.10): each type's cost, the money left after the draft's purchases,
// and only the placements the engine accepts for one more unit (orders.placements).
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { UNIT_TYPES, type Nation, type UnitType } from "../../../../server/engine/types";
import { unitName } from "../../../components/format";
import { useTRPC } from "../../../trpc/client";
import { slug } from "../game-types";
import type { OrderDraft } from "../use-order-draft";
import { nextOrderId, type DraftOrder } from "./order-draft";

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

  return (
    <details className="map-purchases small" data-testid={`map-purchases-${s}`}>
      <summary>
        <strong>Purchases</strong> · money left{" "}
        <span data-testid={`map-money-left-${s}`}>{data ? data.left : "…"}</span>
        {data ? ` of ${data.treasury}` : ""}
      </summary>
      {data ? (
        <ul className="purchase-list">
          {UNIT_TYPES.filter((t) => data.placements[t].length > 0).map((t) => {
            const places = data.placements[t];
            const i = Math.min(choice[t] ?? 0, places.length - 1);
            return (
              <li key={t}>
                <label>
                  {unitName(t)} — {places[i]!.cost}{" "}
                  <select value={i} onChange={(e) => setChoice((c) => ({ ...c, [t]: Number(e.target.value) }))} data-testid={`map-place-${s}-${t}`} aria-label={`Where to place ${unitName(t)}`}>
                    {places.map((p, k) => (
                      <option key={`${p.destination}|${p.from ?? ""}`} value={k}>
                        {p.destination}
                        {p.from ? ` (built at ${p.from})` : ""}
                      </option>
                    ))}
                  </select>
                </label>{" "}
                <button type="button" className="chip" onClick={() => buy(t, i)} data-testid={`map-buy-${s}-${t}`}>
                  Buy 1
                </button>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="muted">Finding where you may place…</p>
      )}
      {data && UNIT_TYPES.every((t) => data.placements[t].length === 0) ? <p className="muted">Nothing more can be bought now.</p> : null}
    </details>
  );
}
