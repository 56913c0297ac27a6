"use client";
// Declare a vacation (issue 22): up to 10 days, 28 a year. Games that honour vacations wait for you;
// any action in a game ends it early.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { errorText } from "../components/format";
import { vacationText } from "../components/player-badge";
import { useTRPC } from "../trpc/client";

export function VacationForm() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const state = useQuery(trpc.vacation.get.queryOptions());
  const refresh = () => void queryClient.invalidateQueries({ queryKey: trpc.vacation.get.queryKey() });
  const start = useMutation(trpc.vacation.start.mutationOptions({ onSuccess: refresh }));
  const end = useMutation(trpc.vacation.end.mutationOptions({ onSuccess: refresh }));
  const [days, setDays] = useState("3");

  function submit(e: FormEvent) {
    e.preventDefault();
    start.mutate({ days: Number(days) });
  }

  const current = state.data?.current;
  const error = start.error ?? end.error;
  return (
    <section className="card narrow" aria-labelledby="vacation-heading" data-testid="vacation">
      <h2 id="vacation-heading">Vacation</h2>
      <p className="muted">
        Up to 10 days at a time, 28 days a year{state.data ? ` (${state.data.daysLeft} left)` : ""}. Games that honour vacations move a deadline you would miss to
        your return; any action in a game ends the vacation early.
      </p>
      {current ? (
        <p className="note" role="status" data-testid="vacation-now">
          You are {vacationText(current.endsAt)} ({new Date(current.endsAt).toLocaleString()}).{" "}
          <button type="button" className="button button-small" onClick={() => end.mutate()} disabled={end.isPending} data-testid="vacation-end">
            End it now
          </button>
        </p>
      ) : (
        <form onSubmit={submit} className="form" noValidate>
          <label htmlFor="vacation-days">Days away (from now)</label>
          <input id="vacation-days" type="number" min="0.05" max="10" step="any" value={days} onChange={(e) => setDays(e.target.value)} data-testid="vacation-days" />
          {/* Enabled once the vacation state has loaded on the client: a click before that would submit the form as a plain page load. */}
          <button type="submit" className="button" disabled={start.isPending || !state.data} data-testid="vacation-start">
            Start vacation
          </button>
        </form>
      )}
      {error ? (
        <p className="alert" role="alert">
          {errorText(error)}
        </p>
      ) : null}
    </section>
  );
}
