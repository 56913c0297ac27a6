// What each viewer sees (TA11.1): the table is open; outsiders get a summary.
import type { Viewer } from "../ruleset";
import { teamsOf } from "./result";
import type { State } from "./types";

export type View =
  | { kind: "full"; state: State }
  | { kind: "summary"; scenario: string; turn: number; unitsLeft: Record<string, number>; ended: State["ended"] | null };

export function viewState(s: State, viewer: Viewer): View {
  if (viewer.kind === "outsider") {
    const unitsLeft = Object.fromEntries(teamsOf(s).map((t) => [t, s.units.filter((u) => s.teams[u.side] === t).length]));
    return { kind: "summary", scenario: s.scenario, turn: s.turn, unitsLeft, ended: s.ended ?? null };
  }
  return { kind: "full", state: structuredClone(s) };
}
