"use client";
// The orders phase of a 1942 game played a phase at a time (R4): the classic game's map and ordering —
// select a stack, pick a destination the rules give, transports and their cargo, purchases placed
// where the rules allow, the draft's list, Save / Lock / Unlock — and its list view (the forms, for
// every order without the map: orders-list-view.tsx) in the platform's frame, both on one draft. The map's
// questions go through the contract's `ask` (play.ask) and the draft through its save, lock and unlock
// (play.*): a batch is the whole list of orders, and its first refusal (rule id and message) is
// marked on the order it concerns (refused-order.ts).
import { useMemo, useState } from "react";
import type { GameState } from "../../../../server/rulesets/1942/engine/state";
import type { Nation } from "../../../../server/rulesets/1942/engine/types";
import { MapOrders } from "../../../game/[id]/map/map-orders";
import { PhasedRulesProvider, type PhasedRules } from "../../../game/[id]/map/map-rules";
import { OrdersListView } from "../../../game/[id]/orders-list-view";
import { ownUnitsBox } from "../../../game/[id]/own-units-box";
import { useOrderDraft, type DraftActions, type DraftOrderLike } from "../../../game/[id]/use-order-draft";
import type { ActionResult, GameScreenProps } from "../../contract";
import { CasualtyOrder } from "../casualty-order";
import { boardOfState } from "./board-of-state";
import styles from "./orders-screen.module.css";
import { saveAnswer } from "./refused-order";
import { WatchBoard } from "./watch-board";

/** A refused lock or unlock reaches the draft as an error with the platform's words (shown under the buttons). */
async function orThrow(run: () => Promise<ActionResult>): Promise<void> {
  const r = await run();
  if (!r.ok) throw new Error(`${r.message}${r.rule && !r.message.includes(r.rule) ? ` (rule ${r.rule})` : ""}`);
}

export function OrdersScreen(props: GameScreenProps) {
  const state = props.view as GameState;
  const board = useMemo(() => boardOfState(state), [state]);
  const nation = props.side as Nation | null;
  const victoryCities = state.houseRules?.victoryCities === true;
  if (!nation || !props.phase.sides.includes(nation) || !props.ask)
    return <WatchBoard gameId={props.gameId} layout={props.layout} board={board} victoryCities={victoryCities} note={nation ? `${nation} has nothing to order this phase.` : "You watch this game: the map shows everyone’s units. Orders stay secret until the turn resolves."} />;
  return <Ordering {...props} state={state} nation={nation} ask={props.ask} />;
}

function Ordering(props: GameScreenProps & { state: GameState; nation: Nation; ask: NonNullable<GameScreenProps["ask"]> }) {
  const { gameId, state, nation, phase } = props;
  const board = useMemo(() => boardOfState(state), [state]);
  const [mapHost, setMapHost] = useState<HTMLDivElement | null>(null);
  const start = useMemo(() => ownUnitsBox(board.units, [nation]), [board, nation]);
  const actions: DraftActions = {
    save: async (orders: DraftOrderLike[]) => saveAnswer(state, nation, orders, await props.save(orders)),
    lock: () => orThrow(props.lock),
    unlock: () => orThrow(props.unlock),
  };
  // The frame refetches the game after every save, lock and unlock: nothing more to do here.
  const saved = (props.saved as DraftOrderLike[] | null) ?? [];
  const orders = useOrderDraft(gameId, nation, saved, () => {}, undefined, actions);
  const phaseOpen = phase.status === "open";
  const locked = phase.locked.includes(nation);
  const { ask } = props;
  const rules: PhasedRules = useMemo(() => ({ key: `${gameId}|${nation}|${props.turn}`, ask, lowLuck: state.lowLuck === true }), [gameId, nation, props.turn, ask, state.lowLuck]);
  return props.layout({
    board: <div className={styles.host} ref={setMapHost} data-testid="map-host" />,
    panel: (
      <PhasedRulesProvider rules={rules}>
        <MapOrders
          gameId={gameId}
          nation={nation}
          phaseOpen={phaseOpen}
          locked={locked}
          board={board}
          victoryCities={state.houseRules?.victoryCities === true}
          orders={orders}
          mapHost={mapHost}
          start={start}
          storageKey={`lockstep:map-view:${gameId}`}
          revealPick
        />
        <OrdersListView nation={nation} phaseOpen={phaseOpen} locked={locked} saved={saved} board={board} orders={orders} vcFactories={state.houseRules?.vcInfantry === true} />
        {props.setStanding ? <CasualtyOrder standing={props.standing} setStanding={props.setStanding} /> : null}
      </PhasedRulesProvider>
    ),
  });
}
