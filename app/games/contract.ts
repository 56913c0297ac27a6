// What the platform hands a game's screen, whatever the game (STYLE.md "Many games on one judge").
// The platform page loads the game, calls the ruleset-agnostic procedures and renders the screen a
// ruleset registers in app/games/registry.ts; a screen knows its own game's view and orders, and
// nothing of tRPC, the database or other games.
import type { ComponentType, ReactNode } from "react";

/** A save or lock refused by the ruleset (its rule id, e.g. "IP4.2") or by the platform. */
export type ActionResult = { ok: true } | { ok: false; rule?: string; message: string };

export interface PhaseInfoView {
  /** open: sides order; resolving: the judge is at work; finished: the game is over. */
  status: "open" | "resolving" | "finished";
  /** ISO time the open phase's orders are due, null when there is none (finished). */
  deadline: string | null;
  /** Sides that must act this phase, and those that have locked. */
  sides: string[];
  locked: string[];
}

/**
 * The platform's frame (issue 25, "the map is the game"): a screen returns `layout({ board, panel })`
 * and the platform places the two — the board fills the window below a bar of the frame's facts, the
 * panel goes into a side panel's tab (desktop) or a bottom sheet (phone). The screen keeps its state;
 * it only hands over where its two parts go.
 */
export type Layout = (parts: LayoutParts) => ReactNode;

export interface LayoutParts {
  board: ReactNode;
  panel: ReactNode;
  /** Tabs of the game's own beside the frame's (1942's Board: every nation's treasury, territories and units). */
  tabs?: readonly ScreenTab[];
  /**
   * How many decisions wait for the viewer, as the screen counts them (a battle's open questions): the
   * frame's "Decide!" tab and title show the number. Absent: "Decide!" alone, while the phase waits.
   */
  waiting?: number;
  /**
   * The same decisions in words, one each ("Germany: 2 hits to take in Ukraine, round 1"): the frame's
   * banner lists them beside its "Decide now". Absent: the banner gives the count alone.
   */
  waitingText?: readonly string[];
  /** What the screen shows over the frame's tabs, whatever tab is open (1942: the last turn's battles). */
  strip?: ReactNode;
}

/** A tab a screen adds to the frame's panel: `id` names it (its tab's test id is `tab-<id>`). */
export interface ScreenTab {
  id: string;
  label: ReactNode;
  content: ReactNode;
}

/**
 * Brings the screen's panel into view: on a phone the frame opens its bottom sheet, on a desktop it
 * shows the screen's tab. A screen calls it when a tap on its board means "show me this" (a battle's
 * marker, a place whose story is in the panel); nothing else of the frame's state is the screen's.
 */
export type ShowPanel = () => void;

export interface GameScreenProps<View = unknown, Orders = unknown> {
  gameId: number;
  layout: Layout;
  showPanel: ShowPanel;
  /** The viewer's side, or null for a spectator. */
  side: string | null;
  /**
   * Every side the viewer plays (the frame's "Play as" choices, `side` among them); empty for a
   * spectator. What is the viewer's whatever side they play as now (1942: their battles in bold).
   */
  mySides: readonly string[];
  turn: number;
  /** ruleset.view of the open phase's state for this viewer: the only game data the screen gets. */
  view: View;
  phase: PhaseInfoView;
  /** The viewer's saved orders of the open phase; null before any save (and always for spectators). */
  saved: Orders | null;
  /** Replaces the viewer's saved orders; the ruleset's validate decides. */
  save(orders: Orders): Promise<ActionResult>;
  lock(): Promise<ActionResult>;
  unlock(): Promise<ActionResult>;
  /**
   * The viewer's side's standing settings (Ruleset.standing: kept from turn to turn, the side's alone),
   * null when none are kept; and their change, checked by the ruleset. Absent for a spectator.
   */
  standing?: unknown;
  setStanding?(value: unknown): Promise<ActionResult>;
  /**
   * Asks the game's rules a question about the open phase for the viewer's side (Ruleset.queries,
   * play.ask: 1942's "destinations" and "placements"); rejects with the platform's refusal (a bad
   * question names its problem). Absent for a spectator.
   */
  ask?(name: string, question: unknown): Promise<unknown>;
  /**
   * The last turn whose every phase resolved and its whole report as the viewer may see it (play.turnReport:
   * Ruleset.turnReport of its phases' reports, through reportView); null before the first turn resolved
   * or while its report loads. 1942 lists its battles over the tabs and opens its review from a Replay tab.
   */
  lastTurn: { turn: number; report: unknown } | null;
}

export interface GameReviewProps<View = unknown, Report = unknown> {
  gameId: number;
  /** As for a screen: the board fills the window, the panel (the steps) goes beside or below it. */
  layout: Layout;
  showPanel: ShowPanel;
  turn: number;
  side: string | null;
  /** The turn's start and end, as this viewer may see them, and the judge's report of the turn. */
  before: View;
  after: View;
  report: Report;
  /** Every side's orders as the turn resolved them (public once it has; a turn of several phases: its first's). */
  orders: Record<string, unknown> | null;
  /** Each side's luck over the turn, as the ruleset priced it (Ruleset.turnLuck); null when it prices none. */
  luck: unknown[] | null;
  /**
   * The whole report of every turn from the first to this one (this one's last), as the viewer may see
   * each: what a review prices the luck over the game from (1942's "Over the game").
   */
  gameReports: unknown[] | null;
}

/** What app/games/<ruleset>/screen.tsx exports. */
export interface GameScreenModule {
  Screen: ComponentType<GameScreenProps>;
  Review: ComponentType<GameReviewProps>;
}
