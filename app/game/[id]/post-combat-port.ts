"use client";
// Where a nation's post-combat choices go (R7): the classic screen's postCombat.* procedures, or a
// road the caller gives (a 1942 game played a phase at a time saves its batch through play.save).
import { useMutation } from "@tanstack/react-query";
import type { Nation } from "../../../server/rulesets/1942/engine/types";
import { useTRPC } from "../../trpc/client";
import type { GameView } from "./game-types";

export type Stage = NonNullable<GameView["postCombat"]>;
export type Mine = NonNullable<Stage["mine"][Nation]>;
export type AirChoice = Mine["choices"]["air"][number];
export type AaChoice = Mine["choices"]["aaGuns"][number];
/** A landing as the API takes it: only air units fly (R7.1). */
export type Landing = Mine["landings"][number] & { type: "fighter" | "bomber" };
export type AaMove = Mine["aaMoves"][number];

/** How a nation's choices are saved, locked and unlocked; `refused` lists the rules' refusals of a save. */
export interface PostCombatPort {
  save(nation: Nation, landings: Landing[], aaMoves: AaMove[]): Promise<{ ok: true } | { ok: false; refused: string[] }>;
  lock(nation: Nation): Promise<void>;
  unlock(nation: Nation): Promise<void>;
  busy: boolean;
  error: unknown;
}

/** The classic screen's road: postCombat.save, .lock and .unlock. */
export function useClassicPort(gameId: number): PostCombatPort {
  const trpc = useTRPC();
  const save = useMutation(trpc.postCombat.save.mutationOptions());
  const lock = useMutation(trpc.postCombat.lock.mutationOptions());
  const unlock = useMutation(trpc.postCombat.unlock.mutationOptions());
  return {
    save: async (nation, landings, aaMoves) => {
      const result = await save.mutateAsync({ gameId, nation, landings, aaMoves });
      return result.ok ? { ok: true } : { ok: false, refused: result.refused.map((r) => r.reason) };
    },
    lock: async (nation) => void (await lock.mutateAsync({ gameId, nation })),
    unlock: async (nation) => void (await unlock.mutateAsync({ gameId, nation })),
    busy: save.isPending || lock.isPending || unlock.isPending,
    error: save.error ?? lock.error ?? unlock.error,
  };
}
