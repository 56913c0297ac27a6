// Which screen plays which game: ruleset id → its screen module (app/games/<ruleset>/screen.tsx,
// exporting { Screen, Review } per contract.ts), loaded lazily so a game page carries only its own
// game's code. A ruleset without a screen of its own gets the JSON screen (json-screen.tsx).
import { lazy, type ComponentType } from "react";
import type { GameReviewProps, GameScreenModule, GameScreenProps } from "./contract";

type Loader = () => Promise<GameScreenModule>;

const SCREENS: Record<string, Loader> = {
  "1942": () => import("./1942/screen"),
  interplanetary: () => import("./interplanetary/screen"),
  "triple-alliance": () => import("./triple-alliance/screen"),
};

const fallback: Loader = () => import("./json-screen");

export function hasOwnScreen(ruleset: string): boolean {
  return ruleset in SCREENS;
}

const screens = new Map<string, ComponentType<GameScreenProps>>();
const reviews = new Map<string, ComponentType<GameReviewProps>>();

/** The game's screen as a lazy component (render it inside <Suspense>); one per ruleset, kept. */
export function screenOf(ruleset: string): ComponentType<GameScreenProps> {
  let screen = screens.get(ruleset);
  if (!screen) screens.set(ruleset, (screen = lazy(() => (SCREENS[ruleset] ?? fallback)().then((m) => ({ default: m.Screen })))));
  return screen;
}

/** The game's turn review as a lazy component. */
export function reviewOf(ruleset: string): ComponentType<GameReviewProps> {
  let review = reviews.get(ruleset);
  if (!review) reviews.set(ruleset, (review = lazy(() => (SCREENS[ruleset] ?? fallback)().then((m) => ({ default: m.Review })))));
  return review;
}
