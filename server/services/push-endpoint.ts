// Which push endpoints we will ever connect to: those of the browsers' real push services, reached
// over HTTPS on their public host names. A subscription is only a URL the browser hands us, so a
// user could otherwise make the server connect anywhere (a database port on loopback, the cloud
// metadata address, a private host). Checked when a browser subscribes and again before each send.
import { isIP } from "node:net";

/**
 * The push services of the browsers we support (Chrome/Edge/Opera via FCM, Firefox via Mozilla's
 * autopush, Safari via Apple, legacy Edge via WNS); an endpoint's host is one of these or under one.
 */
export const PUSH_SERVICE_HOSTS = ["fcm.googleapis.com", "android.googleapis.com", "push.services.mozilla.com", "push.apple.com", "notify.windows.com"];

// Tests run a push service on loopback HTTPS; only code (never a request) can allow its origin.
const testOrigins = new Set<string>();

/** Test-only: also accept endpoints on this exact origin (e.g. `https://127.0.0.1:41234`). */
export function allowPushOriginForTests(origin: string): () => void {
  testOrigins.add(origin);
  return () => testOrigins.delete(origin);
}

/** Why this endpoint is refused, or null when it is one of a real push service's. */
export function pushEndpointProblem(endpoint: string): string | null {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return "The push endpoint is not a URL";
  }
  if (testOrigins.has(url.origin) && !url.username && !url.password) return null;
  if (url.protocol !== "https:") return "A push endpoint must use https";
  if (url.username || url.password) return "A push endpoint must not carry credentials";
  if (url.port !== "") return "A push endpoint must use the standard https port";
  const host = url.hostname.toLowerCase();
  if (isIP(host.replace(/^\[|\]$/g, "")) !== 0) return "A push endpoint must name its host, not an IP address";
  if (!PUSH_SERVICE_HOSTS.some((h) => host === h || host.endsWith(`.${h}`)))
    return "The push endpoint is not one of a browser's push services";
  return null;
}
