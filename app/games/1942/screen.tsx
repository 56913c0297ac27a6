"use client";
// 1942's screen in the platform's frame (a game played a phase at a time, issue 21): the ruleset's view
// (View1942) says which phase is in play — the orders phase's whole state (R4: the map and the orders),
// a battles or post-combat phase's StageView (R6, R7), or an outsider's owners alone. A classic 1942
// game keeps its own screen (app/game/[id]). Its turn review tells the turn on the map (review.tsx).
// Whatever the phase, the last turn's battles (its whole report's) are over the tabs and its review a
// Replay tab away, as on the classic page (recent-battles.tsx, turn/review-link.tsx), the battles of
// every side the viewer plays in bold, whichever they play as now.
import { useMemo } from "react";
import { RecentBattlesView } from "../../game/[id]/recent-battles";
import { ReviewLink } from "../../game/[id]/turn/review-link";
import type { GameScreenModule, GameScreenProps, Layout } from "../contract";
import type { View1942 } from "../../../server/rulesets/1942";
import { boardTab } from "./board-tab";
import { isTurnReport, Review } from "./review";
import { OrdersScreen } from "./orders/orders-screen";
import { WatchBoard } from "./orders/watch-board";
import { StageScreen } from "./stage/stage-screen";

export function Screen(screenProps: GameScreenProps) {
  const view = screenProps.view as View1942;
  // Every phase's screen gets the Board tab beside its own panel (the classic screen's, board-tab.tsx).
  const board = useMemo(() => boardTab(view, screenProps.side), [view, screenProps.side]);
  const outer = screenProps.layout;
  const { gameId, mySides, lastTurn } = screenProps;
  const last = lastTurn && isTurnReport(lastTurn.report) ? { turn: lastTurn.turn, report: lastTurn.report } : null;
  const replay = last ? { id: "replay", label: "Replay", content: <ReviewLink gameId={gameId} turn={last.turn} /> } : null;
  const strip = last ? <RecentBattlesView gameId={gameId} turn={last.turn} battles={last.report.battles} mine={mySides} /> : null;
  const layout: Layout = (parts) => outer({ ...parts, strip, tabs: [...(parts.tabs ?? []), ...(board ? [board] : []), ...(replay ? [replay] : [])] });
  const props = { ...screenProps, layout };
  if ("stage" in view) return <StageScreen {...props} />;
  if (!("units" in view)) return <WatchBoard gameId={props.gameId} layout={props.layout} board={{ units: [], owners: view.owners }} victoryCities={false} note="Who holds what: the units on the board are shown to the game’s players and spectators." />;
  return <OrdersScreen {...props} />;
}

export { Review };
const screen: GameScreenModule = { Screen, Review };
export default screen;
