"use client";
// Purchases beside the map (R4.10): the money left after the draft's purchases in the summary; the
// table with steppers and each factory's room loads when the player first opens it (the game page's
// first-load JavaScript stays small).
import dynamic from "next/dynamic";
import { useState } from "react";
import type { Nation } from "../../../../server/rulesets/1942/engine/types";
import { slug } from "../game-types";
import type { OrderDraft } from "../use-order-draft";
import { usePlacements, type Earlier } from "./map-rules";

const PurchaseTable = dynamic(() => import("./purchase-table").then((m) => m.PurchaseTable), { loading: () => <p className="muted">Loading…</p> });

export function PurchasePanel({ gameId, nation, orders }: { gameId: number; nation: Nation; orders: OrderDraft }) {
  const s = slug(nation);
  const data = usePlacements(gameId, nation, orders.draft as Earlier);
  const [opened, setOpened] = useState(false);
  return (
    <details className="map-purchases small" data-testid={`map-purchases-${s}`} onToggle={(e) => {
        // Read now: React clears currentTarget once the handler returns, before an updater runs.
        const open = e.currentTarget.open;
        setOpened((o) => o || open);
      }}>
      <summary>
        <strong>Purchases</strong> · money left{" "}
        <span data-testid={`map-money-left-${s}`}>{data ? data.left : "…"}</span>
        {data ? ` of ${data.treasury}` : ""}
      </summary>
      {opened ? <PurchaseTable nation={nation} orders={orders} data={data} /> : null}
    </details>
  );
}
