"use client";
// The player's standing casualty preference (kept per game, read by the player alone) and the one tap
// that leaves the rest of a battle to it: every later casualty choice of the player's side in that
// battle follows the preference, and no submerge or withdrawal is made (R6.6, R6.9).
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { errorText } from "../../components/format";
import { ruleWords } from "../../components/battle-format";
import { useTRPC } from "../../trpc/client";
import { slug, type PendingRequest } from "./game-types";

export const CHOICES = [
  { value: "default", label: "Cheapest first (R6.9)" },
  { value: "keep-air", label: "Keep my fighters and bombers" },
  { value: "keep-armour", label: "Keep my armour" },
] as const;

export function ResolveWithPreferences({
  gameId,
  battle,
  requests,
  onChanged,
}: {
  gameId: number;
  battle: string;
  requests: PendingRequest[];
  onChanged: () => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const mine = requests.find((r) => r.mine);
  const preference = useQuery({ ...trpc.battle.preference.queryOptions({ gameId }), enabled: Boolean(mine) });
  const save = useMutation(
    trpc.battle.setPreference.mutationOptions({
      onSuccess: () => {
        void queryClient.invalidateQueries({ queryKey: trpc.battle.preference.queryKey({ gameId }) });
        onChanged(); // the pickers re-fill with the new preference's picks
      },
    }),
  );
  const resolve = useMutation(trpc.battle.resolveWithPreferences.mutationOptions({ onSuccess: onChanged, onError: onChanged }));
  if (!mine) return null;
  const id = `prefs-${slug(battle)}`;
  const current = save.variables?.casualties ?? preference.data?.casualties ?? "default";
  const busy = resolve.isPending || resolve.isSuccess;
  return (
    <div className="battle-preferences" data-testid={id}>
      <label htmlFor={`${id}-order`} className="small">
        My casualties{" "}
        <select
          id={`${id}-order`}
          data-testid={`${id}-order`}
          value={current}
          disabled={save.isPending || preference.isLoading}
          onChange={(e) => save.mutate({ gameId, casualties: e.target.value as (typeof CHOICES)[number]["value"] })}
        >
          {CHOICES.map((c) => (
            <option key={c.value} value={c.value}>
              {c.label}
            </option>
          ))}
        </select>
      </label>{" "}
      <button
        type="button"
        className="button button-secondary"
        disabled={busy || save.isPending}
        onClick={() => resolve.mutate({ gameId, nation: mine.chooser, battle })}
        data-testid={`${id}-resolve`}
      >
        Resolve with my preferences
      </button>
      <p className="muted small">Decides this and every later round of the battle for you: casualties in your order, no submerge or withdrawal.</p>
      {resolve.error || save.error ? (
        <p className="alert" role="alert">
          {ruleWords(errorText((resolve.error ?? save.error)!))}
        </p>
      ) : null}
      {resolve.isSuccess ? (
        <p className="note small" role="status" data-testid={`${id}-sent`}>
          Left to your preferences: this battle goes on without asking you.
        </p>
      ) : null}
    </div>
  );
}
