"use client";
// The one road every battle decision goes through (R6.6 casualties, R6.7 submerge and withdraw): on
// the classic screen battle.decide, sent at once; on a phased game's stage screen (battle-source.ts)
// the side's batch of the battles phase.
import { useMutation } from "@tanstack/react-query";
import { useState } from "react";
import { useTRPC } from "../../../trpc/client";
import { useBattleSource, type DecisionInput } from "./battle-source";

export interface Decider {
  mutate(input: DecisionInput & { gameId: number }): void;
  isPending: boolean;
  isSuccess: boolean;
  error: unknown;
  /** Said once the decision is sent (or kept in the batch). */
  sentText: string;
}

const SENT = "Sent. The battle goes on once every side has decided (or at the deadline).";

export function useDecide(onChanged: () => void, request: Pick<DecisionInput, "battle" | "round" | "step">): Decider {
  const trpc = useTRPC();
  const source = useBattleSource();
  const classic = useMutation(trpc.battle.decide.mutationOptions({ onSuccess: onChanged, onError: onChanged }));
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<Error | null>(null);
  if (!source) {
    return {
      mutate: (input) => classic.mutate({ ...input, nation: input.nation as Parameters<typeof classic.mutate>[0]["nation"] }),
      isPending: classic.isPending,
      isSuccess: classic.isSuccess,
      error: classic.error,
      sentText: SENT,
    };
  }
  return {
    mutate: ({ gameId: _g, ...input }) => {
      setPending(true);
      setError(null);
      void source
        .decide(input)
        .then((r) => setError(r.ok ? null : new Error(r.message)))
        .catch((e: unknown) => setError(e instanceof Error ? e : new Error(String(e))))
        .finally(() => setPending(false));
    },
    isPending: pending,
    isSuccess: source.chosen(request),
    error,
    sentText: source.keptText,
  };
}
