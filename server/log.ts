// Structured logs: one JSON line per event (pino), to stdout. Request handlers log through a child
// logger that carries the request id, so one request's lines can be found together.
import pino from "pino";

export const logger = pino({
  level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" ? "warn" : "info"),
  base: { pid: process.pid },
  // Errors are logged by type, message and stack; never a query's parameters.
  serializers: { err: pino.stdSerializers.err },
});

/** A request's id: the one the proxy gave (X-Request-Id, if it looks like one), or a new one. */
export function requestIdOf(headers: Headers): string {
  const given = headers.get("x-request-id");
  return given && /^[\w.-]{1,64}$/.test(given) ? given : crypto.randomUUID();
}
