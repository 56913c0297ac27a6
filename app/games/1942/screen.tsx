"use client";
// 1942's screen in the platform's frame (a game played a phase at a time, docs/platform.md "The page"):
// a battles or post-combat phase (its view a StageView) is played on the map (stage/); the orders
// phase, for now, on the JSON screen; the turn review is the JSON screen's.
import type { GameScreenProps } from "../contract";
import { Review, Screen as JsonScreen } from "../json-screen";
import { StageScreen } from "./stage/stage-screen";

export function Screen(props: GameScreenProps) {
  const view = props.view as { stage?: unknown } | null;
  return view && typeof view === "object" && "stage" in view ? <StageScreen {...props} /> : <JsonScreen {...props} />;
}

export { Review };
