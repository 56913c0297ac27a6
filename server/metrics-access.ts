// Who may read /api/metrics: whoever presents METRICS_TOKEN as a bearer token. Without the variable
// the endpoint is off (404): a request's address cannot be trusted behind a proxy, so "loopback only"
// would be a guess, and the figures (queue depth, process memory) are not for the public.
import { timingSafeEqual } from "node:crypto";

export function metricsAccess(headers: Headers, token = process.env.METRICS_TOKEN): "ok" | "off" | "denied" {
  if (!token) return "off";
  const given = /^Bearer (.+)$/.exec(headers.get("authorization") ?? "")?.[1] ?? "";
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b) ? "ok" : "denied";
}
