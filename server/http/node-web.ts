// Node's request and response around a handler written for the web's Request and Response, for a
// Pages Router API route: Next hands such a route Node's own objects, so the request's body is read
// once into bytes (no web stream between Node and the handler), and an answer that is not a stream
// leaves in one write with its Content-Length (an App Router route sent headers, the chunk and the
// chunked terminator as three).
import type { IncomingMessage, ServerResponse } from "node:http";
import { tooLarge } from "./body-limit";

/** The body as one buffer, or a 413 when it is (or is declared) longer than `limit`. */
function readBody(req: IncomingMessage, limit: number): Promise<Buffer | Response> {
  const declared = req.headers["content-length"];
  if (declared !== undefined && !(Number(declared) <= limit)) return Promise.resolve(tooLarge(limit));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    const onData = (chunk: Buffer) => {
      total += chunk.byteLength;
      if (total > limit) {
        // Stop reading: the rest is never buffered, and the connection closes after the 413.
        cleanup();
        req.pause();
        resolve(tooLarge(limit));
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      cleanup();
      resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks, total));
    };
    const onError = (error: Error) => {
      cleanup();
      reject(error);
    };
    const cleanup = () => {
      req.off("data", onData);
      req.off("end", onEnd);
      req.off("error", onError);
    };
    req.on("data", onData);
    req.on("end", onEnd);
    req.on("error", onError);
  });
}

/**
 * The request as tRPC's fetch handler reads it: method, URL, headers, signal, and the body through
 * `json()` or `text()`, served from the bytes already read (a web Request would put them into a
 * ReadableStream only for tRPC to read them out again: about a tenth of a save's CPU). Anything else
 * of a Request (`body`, `formData()`, …) is asked of a real Request made on first use.
 */
class BufferedRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: Headers;
  readonly signal: AbortSignal;
  readonly #bytes: Buffer | null;
  #real: Request | undefined;
  #used = false;

  constructor(method: string, url: string, headers: Headers, signal: AbortSignal, bytes: Buffer | null) {
    this.method = method;
    this.url = url;
    this.headers = headers;
    this.signal = signal;
    this.#bytes = bytes;
  }

  /** The bytes, once, as a Request's body can be read once. */
  #take(): Buffer {
    if (this.#used) throw new TypeError("Body is unusable: Body has already been read");
    this.#used = true;
    return this.#bytes ?? Buffer.alloc(0);
  }

  get bodyUsed(): boolean {
    return this.#used || (this.#real?.bodyUsed ?? false);
  }

  async text(): Promise<string> {
    if (this.#real) return this.#real.text();
    return this.#take().toString("utf8");
  }

  async json(): Promise<unknown> {
    return JSON.parse(await this.text());
  }

  /** A real Request with the same body, for whatever else a reader asks. */
  real(): Request {
    if (!this.#real) {
      const body = this.#take();
      this.#real = new Request(this.url, { method: this.method, headers: this.headers, body: this.#bytes === null ? null : (body as BodyInit), signal: this.signal });
    }
    return this.#real;
  }

  get body(): ReadableStream<Uint8Array> | null {
    return this.real().body;
  }

  formData(): Promise<FormData> {
    return this.real().formData();
  }

  arrayBuffer(): Promise<ArrayBuffer> {
    return this.real().arrayBuffer();
  }

  blob(): Promise<Blob> {
    return this.real().blob();
  }

  clone(): Request {
    return this.real().clone();
  }
}

/**
 * The web Request for Node's `req` (its body read within `limit`), or a 413 Response. Its signal
 * aborts when the client goes away before the answer is complete (a closed event stream).
 */
export async function webRequestOf(req: IncomingMessage, res: ServerResponse, limit: number): Promise<Request | Response> {
  const method = req.method ?? "GET";
  const body = method === "GET" || method === "HEAD" ? null : await readBody(req, limit);
  if (body instanceof Response) return body;
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (name.startsWith(":") || value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else headers.append(name, value);
  }
  const aborts = new AbortController();
  const onClose = () => {
    if (!res.writableEnded) aborts.abort();
  };
  res.once("close", onClose);
  const url = `http://${req.headers.host ?? "localhost"}${req.url ?? "/"}`;
  // Read as a Request by its users (tRPC's fetch handler, the route): the fields and methods above.
  return new BufferedRequest(method, url, headers, aborts.signal, body) as unknown as Request;
}

/**
 * The bytes of a Response built from a string or bytes (tRPC's answers are `new Response(JSON text)`),
 * taken from what it was built with, as undici keeps it: reading them back through the body's web
 * stream (a reader, a read per chunk, a copy) was the largest web-stream cost of a save. Any other
 * Response, or a Node whose undici keeps it otherwise, is read through `arrayBuffer()` as before.
 */
const UNDICI_STATE = Object.getOwnPropertySymbols(new Response("")).find((s) => s.description === "state");

async function bytesOf(response: Response): Promise<Buffer> {
  const source = UNDICI_STATE && !response.bodyUsed ? (response as unknown as Record<symbol, { body?: { source?: unknown } } | undefined>)[UNDICI_STATE]?.body?.source : undefined;
  if (typeof source === "string") return Buffer.from(source, "utf8");
  if (source instanceof Uint8Array) return Buffer.from(source.buffer, source.byteOffset, source.byteLength);
  return Buffer.from(await response.arrayBuffer());
}

/** Answers of these types are written as they come (event streams, JSON lines); others whole. */
const STREAMED = /^(text\/event-stream|application\/jsonl)\b/;

/** Writes `response` to Node's `res`: status, headers, and the body, whole or as it streams. */
export async function sendWebResponse(response: Response, res: ServerResponse & { flush?: () => void }): Promise<void> {
  res.statusCode = response.status;
  for (const [name, value] of response.headers) if (name !== "set-cookie") res.setHeader(name, value);
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) res.setHeader("set-cookie", cookies);
  if (!response.body) {
    res.end();
    return;
  }
  if (!STREAMED.test(response.headers.get("content-type") ?? "")) {
    const body = await bytesOf(response);
    // Said here: Next's compression sends its head before Node could count the body, which would
    // make the answer chunked (it drops the length itself when it does compress).
    res.setHeader("content-length", body.byteLength);
    res.end(body);
    return;
  }
  const reader = response.body.getReader();
  // A client gone: the stream's source is cancelled (tRPC ends the subscription on the request's abort too).
  const cancel = () => void reader.cancel().catch(() => {});
  res.once("close", cancel);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done || res.destroyed) break;
      if (!res.write(value)) await new Promise<void>((resolve) => {
        const go = () => {
          res.off("drain", go);
          res.off("close", go);
          resolve();
        };
        res.once("drain", go);
        res.once("close", go);
      });
      // Next's compression (when it applies) holds bytes until flushed: an event must leave now.
      res.flush?.();
    }
  } catch {
    // the stream failed or was cancelled: end what was sent
  } finally {
    res.off("close", cancel);
    res.end();
  }
}
