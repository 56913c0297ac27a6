"use client";
// API tokens (issue 23): make one for a program that plays through the public API (docs/api.md),
// see it once, list and revoke them. The list shows a token's public prefix, never its secret.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { errorText } from "../components/format";
import { useTRPC } from "../trpc/client";
import { CheckboxChoices, SecretShownOnce } from "./secret-panel";
import shared from "./secret-panel.module.css";

const SCOPES = [
  { value: "read", label: "read (games, destinations, press)" },
  { value: "play", label: "play (orders, battles, landings, challenges)" },
  { value: "press", label: "press (send messages)" },
  { value: "webhooks", label: "webhooks (add, test and delete your webhooks)" },
] as const;
type Scope = (typeof SCOPES)[number]["value"];

export function ApiTokens() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const tokens = useQuery(trpc.token.list.queryOptions());
  const refresh = () => void queryClient.invalidateQueries({ queryKey: trpc.token.list.queryKey() });
  const create = useMutation(trpc.token.create.mutationOptions({ onSuccess: refresh }));
  const revoke = useMutation(trpc.token.revoke.mutationOptions({ onSuccess: refresh }));
  const [name, setName] = useState("");
  const [days, setDays] = useState("90");
  const [scopes, setScopes] = useState<Scope[]>(["read"]);

  function submit(e: FormEvent) {
    e.preventDefault();
    create.mutate({ name, scopes, days: Number(days) });
  }

  const error = create.error ?? revoke.error;
  return (
    <section className="card narrow" aria-labelledby="tokens-heading" data-testid="api-tokens">
      <h2 id="tokens-heading">API tokens</h2>
      <p className="muted">
        A token lets a program act for you through the public API (<a href="/api/v1/openapi.json">its OpenAPI document</a>): only in your own games, only within its
        scopes.
      </p>
      {create.data ? <SecretShownOnce what="your new token" secret={create.data.token} testId="token" /> : null}
      <form onSubmit={submit} className="form" noValidate>
        <label htmlFor="token-name">Name</label>
        <input id="token-name" value={name} maxLength={60} onChange={(e) => setName(e.target.value)} data-testid="token-name" />
        <CheckboxChoices legend="Scopes" options={SCOPES} chosen={scopes} onChange={setScopes} testId="token-scope" />
        <label htmlFor="token-days">Expires after (days)</label>
        <input id="token-days" type="number" min="1" max="365" value={days} onChange={(e) => setDays(e.target.value)} data-testid="token-days" />
        <button type="submit" className="button" disabled={create.isPending} data-testid="token-create">
          Create token
        </button>
      </form>
      {error ? (
        <p className="alert" role="alert">
          {errorText(error)}
        </p>
      ) : null}
      {tokens.data && tokens.data.length > 0 ? (
        <ul className={shared.list} data-testid="token-list">
          {tokens.data.map((t) => {
            const expired = new Date(t.expiresAt).getTime() <= Date.now();
            return (
              <li key={t.id} data-testid="token-row">
                <strong>{t.name}</strong> <code>lst_{t.prefix}_…</code> · {t.scopes.join(", ")} ·{" "}
                {t.revokedAt ? "revoked" : expired ? "expired" : `expires ${new Date(t.expiresAt).toLocaleDateString()}`}
                {t.lastUsedAt ? ` · last used ${new Date(t.lastUsedAt).toLocaleString()}` : ""}
                {!t.revokedAt && !expired ? (
                  <>
                    {" "}
                    <button type="button" className="button button-small" onClick={() => revoke.mutate({ id: t.id })} disabled={revoke.isPending} data-testid="token-revoke">
                      Revoke
                    </button>
                  </>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : null}
    </section>
  );
}
