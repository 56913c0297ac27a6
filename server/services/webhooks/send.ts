// One HTTPS POST to a webhook receiver, with every limit a stranger's server needs: the address
// checked at connection time (address.ts), one deadline for the whole exchange (connect, TLS, answer),
// no redirects followed, and at most MAX_RESPONSE_BYTES of the answer read before the socket is
// closed: a receiver that streams forever or never answers costs one lane for TIMEOUT at most.
import { request, type Agent } from "node:https";
import { guardedLookup, systemResolve, type Resolve } from "./address";

export const WEBHOOK_TIMEOUT_MS = 10_000;
/** The answer's body is read up to this many bytes (only to let the connection finish cleanly). */
export const MAX_RESPONSE_BYTES = 4096;
/** A body larger than this is never sent. */
export const MAX_PAYLOAD_BYTES = 16_384;

export interface SendOptions {
  timeoutMs?: number;
  /** How host names resolve; the system's resolver unless a test injects one. */
  resolve?: Resolve;
  /**
   * Test only: an address accepted although not public (the test's loopback receiver). Production
   * deps never set it (server/jobs/dispatch-deps.ts); no request or setting can.
   */
  allowAddress?: (address: string) => boolean;
  /** Test only: an agent trusting the test receiver's self-signed certificate. */
  agent?: Agent;
}

export interface SendResult {
  ok: boolean;
  /** The receiver's HTTP status, when it answered. */
  status?: number;
  /** Why it failed (a status, a timeout, a refused address). */
  error?: string;
}

export function postWebhook(url: string, body: string, headers: Record<string, string>, options: SendOptions = {}): Promise<SendResult> {
  const bytes = Buffer.byteLength(body);
  if (bytes > MAX_PAYLOAD_BYTES) return Promise.resolve({ ok: false, error: `the payload is ${bytes} bytes, over ${MAX_PAYLOAD_BYTES}` });
  const timeoutMs = options.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (result: SendResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.destroy();
      resolve(result);
    };
    const req = request(url, {
      method: "POST",
      headers: { ...headers, "content-type": "application/json", "content-length": String(bytes), "user-agent": "Lockstep-Webhook/1" },
      lookup: guardedLookup(options.resolve ?? systemResolve, options.allowAddress),
      // A fresh connection each time (no shared keep-alive pool), so each one passes through the lookup.
      agent: options.agent ?? false,
    });
    const timer = setTimeout(() => finish({ ok: false, error: `no answer within ${timeoutMs / 1000} s` }), timeoutMs);
    req.on("response", (res) => {
      const status = res.statusCode ?? 0;
      let read = 0;
      const done = () => finish(status >= 200 && status < 300 ? { ok: true, status } : { ok: false, status, error: `the receiver answered ${status}` });
      res.on("data", (chunk: Buffer) => {
        read += chunk.length;
        if (read >= MAX_RESPONSE_BYTES) done(); // enough: the status is what counts
      });
      res.on("end", done);
      res.on("error", done);
    });
    req.on("error", (error) => finish({ ok: false, error: error.message.slice(0, 300) }));
    req.end(body);
  });
}
