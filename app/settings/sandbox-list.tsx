"use client";
// The user's sandboxes (issue 24): private what-if copies of games, at most MAX_SANDBOXES kept.
// Listed here only: they are in no lobby and on no profile.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import Link from "next/link";
import { errorText } from "../components/format";
import { useTRPC } from "../trpc/client";

const STATUS: Record<string, string> = { open: "orders open", resolving: "resolving", battles: "battles waiting", "post-combat": "landing aircraft", resolved: "resolved", finished: "over" };

export function SandboxList() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const list = useQuery(trpc.sandbox.list.queryOptions());
  const remove = useMutation(trpc.sandbox.delete.mutationOptions({ onSettled: () => void queryClient.invalidateQueries({ queryKey: trpc.sandbox.list.queryKey() }) }));
  const rows = list.data ?? [];
  return (
    <section className="card narrow" id="sandboxes" aria-labelledby="sandboxes-heading" data-testid="sandboxes">
      <h2 id="sandboxes-heading">Sandboxes</h2>
      <p className="muted">
        Private copies of a game&rsquo;s position where you order every nation and try things out. Open one with &ldquo;Open in sandbox&rdquo; on a game&rsquo;s page; you keep
        up to 5.
      </p>
      {list.isSuccess && rows.length === 0 ? <p className="muted small">No sandbox yet.</p> : null}
      <ul>
        {rows.map((s) => (
          <li key={s.gameId} data-testid={`sandbox-${s.gameId}`}>
            <Link href={`/game/${s.gameId}`}>{s.name}</Link> <span className="muted small">— turn {s.turn ?? "?"}, {STATUS[s.status] ?? s.status}{s.shared ? ", shared" : ""}</span>{" "}
            <button type="button" className="button button-small button-quiet" onClick={() => remove.mutate({ gameId: s.gameId })} disabled={remove.isPending} aria-label={`Delete ${s.name}`}>
              Delete
            </button>
          </li>
        ))}
      </ul>
      {remove.error ? (
        <p className="alert" role="alert">
          {errorText(remove.error)}
        </p>
      ) : null}
    </section>
  );
}
