// One nation's orders on the game screen: the map (drawn into the map area) and the list view.
import dynamic from "next/dynamic";
import { useEffect, useState } from "react";
import type { Nation } from "../../../server/rulesets/1942/engine/types";
import type { OrderLike } from "../../components/format";
import { slug, type Board } from "./game-types";
import { MapOrders } from "./map/map-orders";
import type { View } from "./map/use-map-zoom";
import styles from "./game-screen.module.css";
import { useOrderDraft, type DraftOrderLike } from "./use-order-draft";

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

/** One nation's orders: the map (drawn into the map area) and the list view, sharing one draft. */
export function NationOrders(props: {
  phaseId: number;
  gameId: number;
  nation: Nation;
  phaseOpen: boolean;
  locked: boolean;
  saved: OrderLike[];
  board: Board;
  victoryCities: boolean;
  onChanged: () => void;
  /** House rule R9.2: factory prices in the list view. */
  vcFactories: boolean;
  mapHost: HTMLElement | null;
  start: View | null;
  storageKey: string;
}) {
  const { phaseId, gameId, nation, phaseOpen, locked, saved, board, victoryCities, onChanged, vcFactories } = props;
  // Kept across turns (the map keeps its view); the draft starts again from the saved orders of each new phase.
  const orders = useOrderDraft(gameId, nation, saved as DraftOrderLike[], onChanged, phaseId);
  const [listOpen, setListOpen] = useListViewOpen();
  return (
    <>
      <MapOrders
        gameId={gameId}
        nation={nation}
        phaseOpen={phaseOpen}
        locked={locked}
        board={board}
        victoryCities={victoryCities}
        orders={orders}
        phaseId={phaseId}
        mapHost={props.mapHost}
        start={props.start}
        storageKey={props.storageKey}
      />
      <details className={styles.listView} open={listOpen} onToggle={(e) => setListOpen(e.currentTarget.open)}>
        <summary data-testid={`list-view-${slug(nation)}`}>Orders as a list (forms)</summary>
        {listOpen ? <OrdersEditor nation={nation} phaseOpen={phaseOpen} locked={locked} saved={saved as DraftOrderLike[]} board={board} orders={orders} vcFactories={vcFactories} /> : null}
      </details>
    </>
  );
}
