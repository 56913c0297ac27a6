"use client";
// Webhooks (issue 23): register an https receiver for some events, see its signing secret once, send
// a test, watch the last delivery and the dead letters (deliveries that failed every retry), delete.
// How a receiver checks the signature: docs/api.md, "Webhooks".
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { errorText } from "../components/format";
import { useTRPC } from "../trpc/client";
import { CheckboxChoices, SecretShownOnce } from "./secret-panel";
import shared from "./secret-panel.module.css";
import styles from "./webhooks.module.css";

const EVENTS = [
  { value: "turn-resolved", label: "a turn resolved" },
  { value: "deadline-soon", label: "your orders are due soon" },
  { value: "decision-waiting", label: "a battle needs your decision" },
  { value: "game-over", label: "a game ended" },
] as const;
type Event = (typeof EVENTS)[number]["value"];
const eventLabel = (e: string) => EVENTS.find((x) => x.value === e)?.label ?? e;

interface Delivery {
  event: string;
  status: string;
  attempts: number;
  responseStatus: number | null;
  reason: string | null;
  createdAt: string | Date;
  nextAttemptAt: string | Date | null;
}

function deliveryText(d: Delivery): string {
  const what = d.event === "test" ? "test" : eventLabel(d.event);
  const code = d.responseStatus ? ` (HTTP ${d.responseStatus})` : "";
  if (d.status === "sent") return `${what}: delivered${code}`;
  if (d.status === "failed") return `${what}: failed after ${d.attempts} attempts${code}${d.reason ? ` — ${d.reason}` : ""}`;
  if (d.attempts > 0) return `${what}: attempt ${d.attempts} failed${d.reason ? ` — ${d.reason}` : ""}; retrying${d.nextAttemptAt ? ` at ${new Date(d.nextAttemptAt).toLocaleTimeString()}` : ""}`;
  return `${what}: on its way`;
}

export function Webhooks() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  // While a delivery's first attempt is on its way, look again every few seconds to show how it went
  // (a retry minutes later is shown with its time; the page does not keep polling for it).
  const hooks = useQuery({
    ...trpc.webhook.list.queryOptions(),
    refetchInterval: (q) => (q.state.data?.some((h) => h.lastDelivery && (h.lastDelivery.status === "sending" || (h.lastDelivery.status === "pending" && h.lastDelivery.attempts === 0))) ? 2000 : false),
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: trpc.webhook.list.queryKey() });
  const create = useMutation(trpc.webhook.create.mutationOptions({ onSuccess: refresh }));
  const test = useMutation(trpc.webhook.test.mutationOptions({ onSuccess: refresh }));
  const remove = useMutation(trpc.webhook.delete.mutationOptions({ onSuccess: refresh }));
  const [url, setUrl] = useState("");
  const [events, setEvents] = useState<Event[]>(["turn-resolved", "decision-waiting"]);
  const [format, setFormat] = useState<"json" | "discord">("json");

  function submit(e: FormEvent) {
    e.preventDefault();
    create.mutate({ url, events, format });
  }
  const error = create.error ?? test.error ?? remove.error;

  return (
    <section className="card narrow" aria-labelledby="webhooks-heading" data-testid="webhooks">
      <h2 id="webhooks-heading">Webhooks</h2>
      <p className="muted">
        Lockstep posts your events to an https address of yours (a bot, a Discord channel), signed so the receiver can check they came from us. Only what you may see
        is sent.
      </p>
      {create.data ? <SecretShownOnce what="the signing secret" secret={create.data.secret} testId="webhook" /> : null}
      <form onSubmit={submit} className="form" noValidate>
        <label htmlFor="webhook-url">Receiver URL (https)</label>
        <input id="webhook-url" type="text" inputMode="url" placeholder="https://example.com/lockstep" value={url} maxLength={500} onChange={(e) => setUrl(e.target.value)} data-testid="webhook-url" />
        <CheckboxChoices legend="Events" options={EVENTS} chosen={events} onChange={setEvents} testId="webhook-event" />
        <label htmlFor="webhook-format">Format</label>
        <select id="webhook-format" value={format} onChange={(e) => setFormat(e.target.value as "json" | "discord")} data-testid="webhook-format">
          <option value="json">JSON (Lockstep&apos;s own)</option>
          <option value="discord">Discord (a channel&apos;s webhook URL)</option>
        </select>
        <button type="submit" className="button" disabled={create.isPending} data-testid="webhook-create">
          Add webhook
        </button>
      </form>
      {error ? (
        <p className="alert" role="alert">
          {errorText(error)}
        </p>
      ) : null}
      {hooks.data && hooks.data.length > 0 ? (
        <ul className={shared.list} data-testid="webhook-list">
          {hooks.data.map((h) => (
            <li key={h.id} data-testid="webhook-row">
              <span className={styles.url}>{h.url}</span>
              <span className="muted">
                {h.events.map(eventLabel).join(", ")} · {h.format === "discord" ? "Discord" : "JSON"}
                {h.gameId ? ` · game ${h.gameId} only` : ""}
              </span>
              {h.lastDelivery ? (
                <p className="muted" data-testid="webhook-last">
                  Last: {deliveryText(h.lastDelivery)}
                </p>
              ) : null}
              {h.deadLetters.length > 0 ? (
                <details className={styles.dead} data-testid="webhook-dead">
                  <summary>
                    {h.deadLetters.length} failed deliver{h.deadLetters.length === 1 ? "y" : "ies"}
                  </summary>
                  <ul>
                    {h.deadLetters.map((d) => (
                      <li key={d.id}>
                        {new Date(d.createdAt).toLocaleString()}: {deliveryText(d)}
                      </li>
                    ))}
                  </ul>
                </details>
              ) : null}
              <div className={styles.actions}>
                <button type="button" className="button button-small" onClick={() => test.mutate({ webhookId: h.id })} disabled={test.isPending} data-testid="webhook-test">
                  Send a test
                </button>
                <button type="button" className="button button-small" onClick={() => remove.mutate({ webhookId: h.id })} disabled={remove.isPending} data-testid="webhook-delete">
                  Delete
                </button>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
