"use client";
// Where the map's questions to the rules go, and the two facts of the game it reads. A classic 1942
// game asks orders.destinations and orders.placements and reads low luck from game.get (the default,
// with no provider); a 1942 game played a phase at a time (app/games/1942/orders) provides the
// contract's `ask` (play.ask) and the facts of its view. The answers are the rules' either way
// (Ruleset.queries), so the map never guesses what the rules allow.
import { useQuery, type UseQueryOptions } from "@tanstack/react-query";
import type { inferRouterInputs, inferRouterOutputs } from "@trpc/server";
import { createContext, useContext, type ReactNode } from "react";
import type { AppRouter } from "../../../../server/api/root";
import type { Nation } from "../../../../server/rulesets/1942/engine/types";
import { useTRPC } from "../../../trpc/client";

type Inputs = inferRouterInputs<AppRouter>["orders"];
type Outputs = inferRouterOutputs<AppRouter>["orders"];
export type GroupQuestion = Inputs["destinations"]["group"];
export type Earlier = Inputs["placements"]["earlier"];
export type Destinations = Outputs["destinations"];
export type Placements = Outputs["placements"];

/** What a game played a phase at a time provides: its ask (play.ask) and what the map reads of its view. */
export interface PhasedRules {
  /** A stable key of the asker (the game and side), for the answers' cache. */
  key: string;
  ask(name: string, question: unknown): Promise<unknown>;
  lowLuck: boolean;
}

const PhasedRulesContext = createContext<PhasedRules | null>(null);

export function PhasedRulesProvider({ rules, children }: { rules: PhasedRules; children: ReactNode }) {
  return <PhasedRulesContext.Provider value={rules}>{children}</PhasedRulesContext.Provider>;
}

/** R4: where a group may go (and a transport unload), once `enabled`. */
export function useDestinations(gameId: number, nation: Nation, group: GroupQuestion, earlier: Earlier, enabled: boolean) {
  const trpc = useTRPC();
  const phased = useContext(PhasedRulesContext);
  const question = { ...group, earlier };
  // The classic options are tRPC's own, passed on unchanged (the same cache key as before).
  const options: UseQueryOptions<Destinations> = phased
    ? { queryKey: ["play.ask", phased.key, "destinations", question], queryFn: () => phased.ask("destinations", question) as Promise<Destinations> }
    : (trpc.orders.destinations.queryOptions({ gameId, nation, group, earlier: earlier as never }) as unknown as UseQueryOptions<Destinations>);
  return useQuery({ ...options, enabled, placeholderData: undefined });
}

/** R4.10: where one more unit of each type may be placed, and the money left after the draft. */
export function usePlacements(gameId: number, nation: Nation, earlier: Earlier): Placements | undefined {
  const trpc = useTRPC();
  const phased = useContext(PhasedRulesContext);
  const options: UseQueryOptions<Placements> = phased
    ? { queryKey: ["play.ask", phased.key, "placements", earlier], queryFn: () => phased.ask("placements", { earlier }) as Promise<Placements> }
    : (trpc.orders.placements.queryOptions({ gameId, nation, earlier: earlier as never }) as unknown as UseQueryOptions<Placements>);
  return useQuery(options).data;
}

/**
 * The game's low luck (R6.8) and whether its battles are being fought (R6), which the map's odds
 * read: a classic game's from the game screen's own query (no request of its own); a phased game's
 * orders phase is never fighting.
 */
export function useGameFacts(gameId: number): { lowLuck: boolean; fighting: boolean } {
  const trpc = useTRPC();
  const phased = useContext(PhasedRulesContext);
  const gameView = useQuery({ ...trpc.game.get.queryOptions({ gameId }), enabled: false }).data;
  if (phased) return { lowLuck: phased.lowLuck, fighting: false };
  return { lowLuck: gameView?.game.lowLuck === true, fighting: gameView?.phase?.status === "battles" };
}
