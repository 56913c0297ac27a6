// Bodies are read within a limit: a declared length over it is refused before a byte is read, and a
// streamed body without (or with a false) length is cut off once it passes the limit.
import { describe, expect, it } from "vitest";
import { limitBody, readBodyWithin } from "../../server/http/body-limit";

/** A body of `chunks` chunks of `size` bytes that records how many were pulled. */
function counted(chunks: number, size: number) {
  let pulled = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled === chunks) return controller.close();
      pulled++;
      controller.enqueue(new Uint8Array(size).fill(97));
    },
  });
  return { stream, pulled: () => pulled };
}

const post = (body: BodyInit, headers: Record<string, string> = {}) =>
  new Request("http://localhost/api/trpc/x", { method: "POST", body, headers, duplex: "half" } as RequestInit);

describe("readBodyWithin", () => {
  it("refuses a declared Content-Length over the limit without reading the body", async () => {
    const body = counted(100, 1024 * 1024);
    const res = await readBodyWithin(post(body.stream, { "content-length": String(100 * 1024 * 1024) }), 1024);
    expect(res).toBeInstanceOf(Response);
    expect((res as Response).status).toBe(413);
    expect(body.pulled()).toBeLessThanOrEqual(1);
  });

  it("cuts off a streamed body once it passes the limit", async () => {
    const body = counted(100, 64 * 1024);
    const res = await readBodyWithin(post(body.stream), 256 * 1024);
    expect((res as Response).status).toBe(413);
    expect(await (res as Response).json()).toEqual({ error: "The request body is larger than the limit of 262144 bytes." });
    expect(body.pulled()).toBeLessThanOrEqual(6);
  });

  it("gives the bytes of a body within the limit", async () => {
    const res = await readBodyWithin(post('{"a":1}'), 1024);
    expect(new TextDecoder().decode(res as Uint8Array)).toBe('{"a":1}');
  });

  it("refuses a malformed Content-Length", async () => {
    expect(((await readBodyWithin(post("x", { "content-length": "abc" }), 1024)) as Response).status).toBe(413);
  });
});

describe("limitBody", () => {
  it("passes GET through and rebuilds a POST with the same bytes", async () => {
    const get = new Request("http://localhost/api/trpc/x?input=1");
    expect(await limitBody(get, 10)).toBe(get);
    const again = (await limitBody(post("hello", { "content-type": "text/plain" }), 10)) as Request;
    expect(again.method).toBe("POST");
    expect(again.headers.get("content-type")).toBe("text/plain");
    expect(await again.text()).toBe("hello");
    expect(((await limitBody(post("hello world"), 10)) as Response).status).toBe(413);
  });

  it("passes a POST whose declared length is within the limit untouched, and refuses one over it", async () => {
    const within = post("hello", { "content-length": "5" });
    expect(await limitBody(within, 10)).toBe(within);
    expect(((await limitBody(post("hello world", { "content-length": "11" }), 10)) as Response).status).toBe(413);
  });
});
