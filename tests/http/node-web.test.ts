// The tRPC route is a Pages Router API route: Node's request becomes a web Request (its body read
// within the limit) and the handler's Response is written back to Node's response. Served here by a
// plain Node server over loopback, as Next hands the route Node's own request and response.
import { createServer, request as httpRequest, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { createRequire } from "node:module";
import { gunzipSync } from "node:zlib";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sendWebResponse, webRequestOf } from "../../server/http/node-web";

const LIMIT = 1024;
/** What the handler saw of the last request; the handler answers per path. */
let seen: { method: string; url: string; body: string; cookie: string | null } | undefined;
let aborted: Promise<void> = Promise.resolve();

async function handler(req: Request): Promise<Response> {
  const path = new URL(req.url).pathname;
  // The other ways tRPC may read a body (a form, a binary stream) work too, and a body reads once.
  if (path === "/form") return Response.json(Object.fromEntries(await req.formData()));
  if (path === "/bytes") return new Response(await new Response(req.body).arrayBuffer());
  if (path === "/large") return Response.json({ text: "x".repeat(4000) });
  if (path === "/large-no-transform") return Response.json({ text: "x".repeat(4000) }, { headers: { "cache-control": "no-store, no-transform" } });
  // An answer's bytes, whatever the Response was built from (sendWebResponse takes a string's or
  // bytes' own, anything else through arrayBuffer()).
  if (path === "/built-from-string") return new Response("\u00e9t\u00e9 \u2713 \ud83c\udfb2", { headers: { "content-type": "text/plain" } });
  if (path === "/built-from-bytes") return new Response(new TextEncoder().encode("bytes \u2713").subarray(2), { headers: { "content-type": "text/plain" } });
  if (path === "/built-from-blob") return new Response(new Blob(["blob \u2713"]), { headers: { "content-type": "text/plain" } });
  if (path === "/json") {
    const value = await req.json();
    const again = await req.text().then(() => "read again", (error: Error) => error.message);
    return Response.json({ value, again });
  }
  seen = { method: req.method, url: req.url, body: req.method === "GET" ? "" : await req.text(), cookie: req.headers.get("cookie") };
  if (path === "/stream") {
    // An event stream that sends one event now and the next only when asked again: the first must
    // reach the client while the stream is still open.
    let sent = 0;
    aborted = new Promise((resolve) => req.signal.addEventListener("abort", () => resolve()));
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ === 0) controller.enqueue(new TextEncoder().encode("data: one\n\n"));
        else return new Promise(() => {}); // the next event never comes
      },
    });
    return new Response(body, { headers: { "content-type": "text/event-stream" } });
  }
  const headers = new Headers({ "content-type": "application/json", "x-request-id": "r1" });
  headers.append("set-cookie", "a=1; Path=/");
  headers.append("set-cookie", "b=2; Path=/");
  return new Response(JSON.stringify({ ok: true, echo: seen.body }), { status: 207, headers });
}

let server: Server;
let port: number;
beforeAll(async () => {
  // Next's own compression in front, as `next start` has it.
  const compression = createRequire(import.meta.url)("next/dist/compiled/compression") as () => (req: IncomingMessage, res: ServerResponse, next: () => void) => void;
  const compress = compression();
  server = createServer((req, res) =>
    compress(req, res, async () => {
      const request = await webRequestOf(req, res, LIMIT);
      await sendWebResponse(request instanceof Response ? request : await handler(request), res);
    }),
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** A raw request (node:http, so Content-Length and chunking are ours to choose); the answer's head and body. */
function raw(method: string, path: string, headers: Record<string, string>, chunks: string[] = []) {
  return new Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string; bytes: Buffer }>((resolve, reject) => {
    const req = httpRequest({ host: "127.0.0.1", port, method, path, headers }, (res) => {
      const parts: Buffer[] = [];
      res.on("data", (d: Buffer) => parts.push(d));
      res.on("end", () => {
        const bytes = Buffer.concat(parts);
        resolve({ status: res.statusCode!, headers: res.headers, body: bytes.toString("utf8"), bytes });
      });
      res.on("error", reject);
    });
    req.on("error", (error) => (error.message.includes("EPIPE") || error.message.includes("ECONNRESET") ? undefined : reject(error)));
    for (const c of chunks) req.write(c);
    req.end();
  });
}

describe("a Node request through a web handler", () => {
  it("hands over method, URL, headers and body, and writes the answer whole with its length", async () => {
    const res = await raw("POST", "/api/trpc/orders.save?batch=1", { "content-type": "application/json", cookie: "x=1; y=2" }, ['{"0":', '{"a":1}}']);
    expect(seen).toEqual({ method: "POST", url: `http://127.0.0.1:${port}/api/trpc/orders.save?batch=1`, body: '{"0":{"a":1}}', cookie: "x=1; y=2" });
    expect(res.status).toBe(207);
    expect(JSON.parse(res.body)).toEqual({ ok: true, echo: '{"0":{"a":1}}' });
    // One write with its length, not a chunked answer.
    expect(res.headers["content-length"]).toBe(String(Buffer.byteLength(res.body)));
    expect(res.headers["transfer-encoding"]).toBeUndefined();
    expect(res.headers["x-request-id"]).toBe("r1");
    expect(res.headers["set-cookie"]).toEqual(["a=1; Path=/", "b=2; Path=/"]);
  });

  it("gives the body as a form, as a stream, and as JSON once", async () => {
    const form = await raw("POST", "/form", { "content-type": "application/x-www-form-urlencoded" }, ["a=1&b=two"]);
    expect(JSON.parse(form.body)).toEqual({ a: "1", b: "two" });
    const bytes = await raw("POST", "/bytes", { "content-type": "application/octet-stream" }, ["\u00e9t\u00e9"]);
    expect(bytes.body).toBe("\u00e9t\u00e9");
    const json = await raw("POST", "/json", { "content-type": "application/json" }, ['{"x":[1,2]}']);
    expect(JSON.parse(json.body)).toEqual({ value: { x: [1, 2] }, again: "Body is unusable: Body has already been read" });
  });

  it("leaves a large answer to Next's compression (gzip, no stale length), and one marked no-transform whole with its length", async () => {
    const gz = await raw("GET", "/large", { "accept-encoding": "gzip" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gz.headers["content-length"]).toBeUndefined();
    expect(JSON.parse(gunzipSync(gz.bytes).toString("utf8")).text).toHaveLength(4000);
    const plain = await raw("GET", "/large-no-transform", { "accept-encoding": "gzip" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers["content-length"]).toBe(String(plain.bytes.byteLength));
    expect(plain.headers["transfer-encoding"]).toBeUndefined();
    expect(JSON.parse(plain.body).text).toHaveLength(4000);
  });

  it("writes an answer built from a string, from bytes or from a blob byte for byte, with its length", async () => {
    for (const [path, text] of [
      ["/built-from-string", "\u00e9t\u00e9 \u2713 \ud83c\udfb2"],
      ["/built-from-bytes", "tes \u2713"],
      ["/built-from-blob", "blob \u2713"],
    ]) {
      const res = await raw("GET", path!, {});
      expect(res.body).toBe(text);
      expect(res.headers["content-length"]).toBe(String(Buffer.byteLength(text!)));
    }
  });

  it("passes a GET without a body", async () => {
    const res = await raw("GET", "/api/trpc/game.get?input=%7B%7D", {});
    expect(res.status).toBe(207);
    expect(seen).toMatchObject({ method: "GET", body: "" });
  });

  it("refuses a declared length over the limit before the handler runs (413)", async () => {
    seen = undefined;
    const res = await raw("POST", "/api/trpc/game.create", { "content-type": "application/json", "content-length": String(LIMIT + 1) }, ["x".repeat(LIMIT + 1)]);
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body)).toEqual({ error: `The request body is larger than the limit of ${LIMIT} bytes.` });
    expect(seen).toBeUndefined();
  });

  it("refuses a streamed body once it passes the limit (413)", async () => {
    seen = undefined;
    const res = await raw("POST", "/api/trpc/game.create", { "content-type": "application/json", "transfer-encoding": "chunked" }, Array.from({ length: 4 }, () => "y".repeat(LIMIT / 2)));
    expect(res.status).toBe(413);
    expect(seen).toBeUndefined();
  });

  it("takes a body of exactly the limit", async () => {
    const res = await raw("POST", "/x", { "content-type": "application/json" }, ["z".repeat(LIMIT)]);
    expect(res.status).toBe(207);
    expect(seen?.body).toHaveLength(LIMIT);
  });

  it("streams an event stream as it comes, and aborts the request's signal when the client leaves", async () => {
    const first = await new Promise<string>((resolve, reject) => {
      const req = httpRequest({ host: "127.0.0.1", port, path: "/stream" }, (res) => {
        expect(res.headers["content-type"]).toBe("text/event-stream");
        res.setEncoding("utf8");
        res.once("data", (d: string) => {
          resolve(d);
          req.destroy(); // the player closes the tab
        });
      });
      req.on("error", reject); // after the answer began, a no-op
      req.end();
    });
    expect(first).toBe("data: one\n\n");
    await aborted;
  });
});
