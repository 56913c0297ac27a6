"use client";
// A 1942 turn between its phases, on the map (issue 21; docs/platform.md "1942's phases on the
// interface"): in a battles phase the board at the turn's start with each battle as a marker and the
// battle board in the panel, the viewer's decisions kept as one batch (BattleOrders); in post-combat
// the combat's outcome on the map and the viewer's air to land and AA guns to move (LandingOrders).
// Everything comes from the StageView (play.get) and goes out through the contract's save and lock.
import type { GameScreenProps } from "../../contract";
import type { StageView } from "../../../../server/rulesets/1942/phases/stage-view";
import { BattlesStage } from "./battles-stage";
import { PostCombatStage } from "./post-combat-stage";

export function StageScreen(props: GameScreenProps) {
  const view = props.view as StageView;
  if (view.stage === "battles") return <BattlesStage {...props} view={view} />;
  return <PostCombatStage {...props} view={view} />;
}
