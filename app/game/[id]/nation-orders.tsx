// One nation's orders on the game screen: the map (drawn into the map area) and the list view.
import type { Nation } from "../../../server/rulesets/1942/engine/types";
import type { OrderLike } from "../../components/format";
import type { Board } from "./game-types";
import { MapOrders } from "./map/map-orders";
import type { View } from "./map/use-map-zoom";
import { OrdersListView } from "./orders-list-view";
import { useOrderDraft, type DraftOrderLike } from "./use-order-draft";

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
      <OrdersListView nation={nation} phaseOpen={phaseOpen} locked={locked} saved={saved as DraftOrderLike[]} board={board} orders={orders} vcFactories={vcFactories} />
    </>
  );
}
