// Request bodies are read only up to a limit: a Content-Length over it is refused before reading, and
// a streamed body (no length, or a lying one) is cut off as soon as it passes the limit. The caller
// gets the bytes, or a 413 to answer with.

export const TRPC_BODY_LIMIT = 1024 * 1024;
export const AUTH_BODY_LIMIT = 16 * 1024;

/** The 413 answer for a body over `limit`; the connection closes after it (the rest is never read). */
export function tooLarge(limit: number): Response {
  return new Response(JSON.stringify({ error: `The request body is larger than the limit of ${limit} bytes.` }), {
    status: 413,
    headers: { "content-type": "application/json", connection: "close" },
  });
}

/** The body as bytes (null when there is none), or a 413 response. */
export async function readBodyWithin(req: Request, limit: number): Promise<Uint8Array | null | Response> {
  const declared = req.headers.get("content-length");
  if (declared !== null && !(Number(declared) <= limit)) return tooLarge(limit);
  if (!req.body) return null;
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel().catch(() => {});
      return tooLarge(limit);
    }
    chunks.push(value);
  }
  const body = new Uint8Array(total);
  let at = 0;
  for (const c of chunks) {
    body.set(c, at);
    at += c.byteLength;
  }
  return body;
}

/**
 * The same request with its body read within the limit (requests without a body, or with a declared
 * length within it, pass untouched), or a 413 response.
 */
export async function limitBody(req: Request, limit: number): Promise<Request | Response> {
  if (req.method === "GET" || req.method === "HEAD") return req;
  // A declared length within the limit passes as it is: Node's HTTP parser frames the body by it, so
  // no more than that many bytes can arrive (rebuilding the Request and reading its body twice was a
  // few percent of a save's CPU). Only bodies without a length (chunked) are read here and cut off.
  const declared = req.headers.get("content-length");
  if (declared !== null && /^\d+$/.test(declared) && Number(declared) <= limit) return req;
  const body = await readBodyWithin(req, limit);
  if (body instanceof Response) return body;
  return new Request(req.url, { method: req.method, headers: req.headers, body: body as BodyInit | null, signal: req.signal });
}
