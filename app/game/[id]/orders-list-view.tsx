"use client";
// The list view of one nation's orders (the forms of orders-editor.tsx), behind "Orders as a list
// (forms)" beside the map: on a classic game's page (nation-orders.tsx) and in a phased 1942 game's
// orders phase (app/games/1942/orders). It edits the draft the map edits; the draft carries its own
// road to the server (use-order-draft.ts: orders.* or the phased game's DraftActions).
import dynamic from "next/dynamic";
import { useEffect, useState } from "react";
import type { Nation } from "../../../server/rulesets/1942/engine/types";
import { slug, type Board } from "./game-types";
import styles from "./game-screen.module.css";
import type { DraftOrderLike, OrderDraft } from "./use-order-draft";

// The list view loads once opened, not with the page.
const OrdersEditor = dynamic(() => import("./orders-editor").then((m) => m.OrdersEditor));

const LIST_VIEW_KEY = "lockstep:list-view";

/** Whether the player keeps the list view (forms) open: a preference kept in this browser. */
function useListViewOpen(): [boolean, (open: boolean) => void] {
  const [open, setOpen] = useState(false);
  useEffect(() => setOpen(localStorage.getItem(LIST_VIEW_KEY) === "1"), []);
  return [
    open,
    (next: boolean) => {
      setOpen(next);
      try {
        localStorage.setItem(LIST_VIEW_KEY, next ? "1" : "0");
      } catch {
        // not kept
      }
    },
  ];
}

export function OrdersListView(props: {
  nation: Nation;
  phaseOpen: boolean;
  locked: boolean;
  saved: DraftOrderLike[];
  board: Board;
  /** The draft, shared with the map. */
  orders: OrderDraft;
  /** House rule R9.2: factory prices in the list view. */
  vcFactories: boolean;
}) {
  const [listOpen, setListOpen] = useListViewOpen();
  return (
    <details className={styles.listView} open={listOpen} onToggle={(e) => setListOpen(e.currentTarget.open)}>
      <summary data-testid={`list-view-${slug(props.nation)}`}>Orders as a list (forms)</summary>
      {listOpen ? <OrdersEditor {...props} /> : null}
    </details>
  );
}
