// What a viewer sees of an open phase (ruleset.view), computed once per process for each phase and
// viewer, and shared. When a phase resolves, every open page of the game asks play.get at once: 1942's
// view is the whole state cloned, so each page cloned the state again for the same answer. The view
// depends only on the phase's start state, which never changes, and on the viewer (a side, or a
// spectator): the key holds both, so no side is ever given another's view. Callers only read it.
import type { AnyRuleset, Viewer } from "../../rulesets";
import { Recent } from "../recent";

/**
 * The last 256 (keys: id, seed hash and viewer: never reused). A 1942 view is a whole state, so the
 * bound is the memory's: as many as the start states kept (start-state.ts).
 */
const views = new Recent<string, unknown>(256);

/** How many views were computed (not served from the cache): what the tests count. */
export const viewsComputed = { count: 0 };

const viewerKey = (viewer: Viewer) => (viewer.kind === "side" ? `side:${viewer.side}` : viewer.kind);

/** ruleset.view of an open phase's start state for `viewer`, once per (phase, viewer) in this process. */
export function openPhaseView(ruleset: AnyRuleset, phase: { id: number; seedHash: string; startState: unknown }, viewer: Viewer): unknown {
  const key = `${phase.id}:${phase.seedHash}:${viewerKey(viewer)}`;
  const kept = views.get(key);
  if (kept !== undefined) return views.keep(key, kept);
  viewsComputed.count += 1;
  return views.keep(key, ruleset.view(phase.startState, viewer));
}
