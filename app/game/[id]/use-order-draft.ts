"use client";
// One nation's draft orders, shared by the map and the list view: the draft, saving it whole (the
// server checks every order, R4.11, and refuses with the rule), locking and unlocking — through
// orders.* in a classic game, through the given DraftActions (the contract's play.*) in a phased one.
import { useMutation, type UseMutationOptions } from "@tanstack/react-query";
import type { inferRouterInputs, inferRouterOutputs } from "@trpc/server";
import { useState } from "react";
import type { AppRouter } from "../../../server/api/root";
import type { Nation } from "../../../server/rulesets/1942/engine/types";
import type { OrderLike } from "../../components/format";
import { useTRPC } from "../../trpc/client";

export type DraftOrderLike = OrderLike & { id: string };
type SaveInput = inferRouterInputs<AppRouter>["orders"]["save"];
type NationInput = inferRouterInputs<AppRouter>["orders"]["lock"];
/**
 * A save's answer: orders.save's (each order's verdict), or a refusal that names no order (a phased
 * game's play.save answers the batch's first refusal; its screen marks the order it concerns when it can).
 */
export type SaveAnswer = inferRouterOutputs<AppRouter>["orders"]["save"] | { ok: false; rule?: string; message: string; results?: undefined };

/** Where a game played a phase at a time saves, locks and unlocks the draft (a refused lock throws its reason). */
export interface DraftActions {
  save(orders: DraftOrderLike[]): Promise<SaveAnswer>;
  lock(): Promise<void>;
  unlock(): Promise<void>;
}
export interface Refusal {
  rule: string;
  message: string;
}

/** JSON with sorted keys: the server stores orders as jsonb, which reorders keys. */
export function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object")
    return `{${Object.keys(value)
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(",")}}`;
  return JSON.stringify(value);
}

/**
 * `phaseId`: the draft belongs to one phase. The screen keeps its editors (and the map's view) from
 * one turn to the next, so a new phase starts the draft again from that phase's saved orders.
 */
export function useOrderDraft(gameId: number, nation: Nation, saved: DraftOrderLike[], onChanged: () => void, phaseId?: number, actions?: DraftActions) {
  const trpc = useTRPC();
  const [draft, setDraftState] = useState<DraftOrderLike[]>(saved);
  const [refusals, setRefusals] = useState<Record<string, Refusal>>({});
  const [message, setMessage] = useState<string | null>(null);
  const [draftPhase, setDraftPhase] = useState(phaseId);
  if (draftPhase !== phaseId) {
    // React's way to reset state when a prop changes: during render, before anything is drawn.
    setDraftPhase(phaseId);
    setDraftState(saved);
    setRefusals({});
    setMessage(null);
  }
  const dirty = canonical(draft) !== canonical(saved);

  const save = useMutation({
    ...(actions
      ? { mutationFn: (input: SaveInput) => actions.save(input.orders as DraftOrderLike[]) }
      : (trpc.orders.save.mutationOptions() as UseMutationOptions<SaveAnswer, Error, SaveInput>)),
    onSuccess: (res: SaveAnswer, input: SaveInput) => {
      if (res.ok) {
        setRefusals({});
        setMessage(res.saved === 0 ? "Saved: no orders, every unit holds." : `Saved ${res.saved} ${res.saved === 1 ? "order" : "orders"}.`);
        onChanged();
        return;
      }
      if (!res.results) {
        setRefusals({});
        setMessage(`Not saved: ${res.message}${res.rule && !res.message.includes(res.rule) ? ` (rule ${res.rule})` : ""}`);
        return;
      }
      const out: Record<string, Refusal> = {};
      res.results.forEach((r, i) => {
        const order = input.orders[i];
        if (order && !r.ok) out[order.id] = { rule: r.rule, message: r.message };
      });
      setRefusals(out);
      const n = Object.keys(out).length;
      setMessage(`Not saved: ${n} ${n === 1 ? "order was" : "orders were"} refused. Fix or remove ${n === 1 ? "it" : "them"} and save again.`);
    },
    onError: () => setMessage(null),
  });
  const lock = useMutation({
    ...(actions ? { mutationFn: () => actions.lock() } : (trpc.orders.lock.mutationOptions() as UseMutationOptions<unknown, Error, NationInput>)),
    onSuccess: onChanged,
    onError: onChanged,
  });
  const unlock = useMutation({
    ...(actions ? { mutationFn: () => actions.unlock() } : (trpc.orders.unlock.mutationOptions() as UseMutationOptions<unknown, Error, NationInput>)),
    onSuccess: onChanged,
    onError: onChanged,
  });

  function setDraft(next: DraftOrderLike[] | ((d: DraftOrderLike[]) => DraftOrderLike[])) {
    setDraftState(next);
    setMessage(null);
  }
  function remove(id: string) {
    setDraft((d) => d.filter((o) => o.id !== id));
    setRefusals(({ [id]: _gone, ...rest }) => rest);
  }

  return {
    draft,
    setDraft,
    add: (order: DraftOrderLike) => setDraft((d) => [...d, order]),
    remove,
    clear: () => {
      setDraft([]);
      setRefusals({});
    },
    refusals,
    message,
    dirty,
    save: () => save.mutateAsync({ gameId, nation, orders: draft as SaveInput["orders"] }),
    lock: () => lock.mutate({ gameId, nation }),
    unlock: () => unlock.mutate({ gameId, nation }),
    saving: save.isPending,
    locking: lock.isPending,
    busy: save.isPending || lock.isPending || unlock.isPending,
    error: save.error ?? lock.error ?? unlock.error,
  };
}

export type OrderDraft = ReturnType<typeof useOrderDraft>;
