"use client";
// The one mutation every battle decision goes through (R6.6 casualties, R6.7 submerge and withdraw).
import { useMutation } from "@tanstack/react-query";
import { useTRPC } from "../../../trpc/client";

export function useDecide(onChanged: () => void) {
  const trpc = useTRPC();
  return useMutation(trpc.battle.decide.mutationOptions({ onSuccess: onChanged, onError: onChanged }));
}
