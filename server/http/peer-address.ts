// The address of the socket a request came in on, which Next does not give to route handlers or
// server actions (it fills X-Forwarded-For with it only when the client sent none, so a forged header
// hides it). Node publishes every request on a diagnostics channel before the server sees it; there
// we put the socket's address in our own header, replacing whatever a client sent under that name.
import { subscribe } from "node:diagnostics_channel";
import type { IncomingMessage } from "node:http";
import type { Socket } from "node:net";

export const PEER_HEADER = "x-lockstep-peer";

const INSTALLED = Symbol.for("lockstep.peer-address-installed");

export function notePeerAddress({ request, socket }: { request: IncomingMessage; socket: Socket }): void {
  const address = socket.remoteAddress;
  if (address) request.headers[PEER_HEADER] = address;
  else delete request.headers[PEER_HEADER];
}

/** Called once at boot, before any request is served (idempotent). */
export function installPeerAddress(): void {
  const g = globalThis as { [INSTALLED]?: boolean };
  if (g[INSTALLED]) return;
  g[INSTALLED] = true;
  subscribe("http.server.request.start", (message) => notePeerAddress(message as { request: IncomingMessage; socket: Socket }));
}
