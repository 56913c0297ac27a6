// The load generator's tools: an open-loop request rate (requests start on schedule whether or not
// earlier ones have answered, so a slow server shows as latency, not as a politely lower rate),
// percentiles, tRPC calls over HTTP, and a reader of tRPC's server-sent event streams.
import http from "node:http";

export function percentile(values: number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))]!;
}

export const ms = (v: number) => (Number.isNaN(v) ? "–" : `${v.toFixed(v < 10 ? 1 : 0)} ms`);

export interface RateResult {
  latencies: number[];
  errors: number;
  /** First error seen, for the printout. */
  firstError?: string;
}

/** `rate` requests a second for `seconds`, request i made by `make(i)`; waits for every answer. */
export async function atRate(rate: number, seconds: number, make: (i: number) => Promise<void>): Promise<RateResult> {
  const total = Math.round(rate * seconds);
  const latencies: number[] = [];
  let errors = 0;
  let firstError: string | undefined;
  const start = performance.now();
  const pending: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = start + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const t0 = performance.now();
    pending.push(
      make(i).then(
        () => void latencies.push(performance.now() - t0),
        (e: unknown) => {
          errors += 1;
          firstError ??= (e as Error).message;
        },
      ),
    );
  }
  await Promise.all(pending);
  return { latencies, errors, firstError };
}

/**
 * Connections kept alive, and each request's head and body sent in one write, as the proxy in front
 * of the app processes forwards them (docs/operations.md, "More than one machine"). Node's http client costs the machine the
 * generator shares with the app about half what fetch does, so it measures the app, not itself.
 */
const agent = new http.Agent({ keepAlive: true });

function send(url: string, headers: Record<string, string>, body?: string, retried = false): Promise<{ status: number; text: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(
      url,
      { method: body === undefined ? "GET" : "POST", agent, headers: body === undefined ? headers : { ...headers, "content-length": String(Buffer.byteLength(body)) }, signal: AbortSignal.timeout(30_000) },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => (text += chunk));
        res.on("end", () => resolve({ status: res.statusCode ?? 0, text }));
        res.on("error", reject);
      },
    );
    // A kept-alive socket the server closed while idle (its keep-alive timeout) resets the next request
    // sent on it before the server read it: send it again once on a fresh socket (Node's documented way).
    req.on("error", (e: NodeJS.ErrnoException) => {
      if (!retried && req.reusedSocket && e.code === "ECONNRESET") send(url, headers, body, true).then(resolve, reject);
      else reject(e);
    });
    req.end(body);
  });
}

/** One tRPC call over HTTP (no batching, as one request of the app's client); throws on any error. */
export async function trpc<T>(base: string, cookie: string, path: string, input: unknown, kind: "query" | "mutation"): Promise<T> {
  const url = `${base}/api/trpc/${path}`;
  const res =
    kind === "mutation"
      ? await send(url, { cookie, "content-type": "application/json" }, JSON.stringify(input))
      : await send(`${url}?input=${encodeURIComponent(JSON.stringify(input))}`, { cookie });
  const body = JSON.parse(res.text) as { result?: { data: T }; error?: { message: string } };
  if (res.status !== 200 || !body.result) throw new Error(`${path}: ${res.status} ${body.error?.message ?? ""}`);
  return body.result.data;
}

/** GET a page; throws unless it answers 200. */
export async function page(base: string, cookie: string, path: string): Promise<void> {
  const res = await fetch(`${base}${path}`, { headers: { cookie }, redirect: "manual", signal: AbortSignal.timeout(30_000) });
  await res.arrayBuffer();
  if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
}

export interface Stream {
  /** Resolves once the stream has connected (the server sent its first bytes). */
  ready: Promise<void>;
  close(): void;
}

/** A live game-event stream (game.events over SSE); `onEvent` gets each event's data. */
export function eventStream(base: string, cookie: string, gameId: number, onEvent: (data: { kind?: string; turn?: number; view?: unknown }) => void): Stream {
  const controller = new AbortController();
  let connected!: () => void;
  const ready = new Promise<void>((r) => (connected = r));
  void (async () => {
    try {
      const res = await fetch(`${base}/api/trpc/game.events?input=${encodeURIComponent(JSON.stringify({ gameId }))}`, {
        headers: { cookie, accept: "text/event-stream" },
        signal: controller.signal,
      });
      const decoder = new TextDecoder();
      let buffer = "";
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        connected();
        buffer += decoder.decode(chunk, { stream: true });
        let cut: number;
        while ((cut = buffer.indexOf("\n\n")) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          for (const line of block.split("\n"))
            if (line.startsWith("data:")) {
              try {
                onEvent(JSON.parse(line.slice(5)) as { kind?: string; turn?: number; view?: unknown });
              } catch {
                // connection notices carry no JSON payload of ours
              }
            }
        }
      }
    } catch {
      // closed
    }
  })();
  return { ready, close: () => controller.abort() };
}
