// Where a webhook may send: an https URL naming a public host. Checked twice, because a name is only
// a promise: when the webhook is registered (the URL itself: no IP literal, no localhost or private
// names, no credentials) and again at connection time, on every address the name resolves to (a
// DNS answer may point a public-looking name at 127.0.0.1, 10.x, ::1 or the cloud metadata address).
// The connection-time check is the `lookup` the HTTP request uses, so the address checked is the
// address connected to: there is no second resolution an attacker could answer differently.
import type { LookupAddress } from "node:dns";
import { lookup as dnsLookup } from "node:dns/promises";
import { BlockList, isIP, type LookupFunction } from "node:net";

/** A URL longer than this is refused at registration. */
export const MAX_WEBHOOK_URL_LENGTH = 500;

// Names that never reach the public internet (RFC 6761, RFC 8375, common private suffixes).
const PRIVATE_SUFFIXES = ["localhost", "local", "internal", "intranet", "lan", "home", "corp", "private", "home.arpa", "test", "invalid", "example", "onion", "localdomain"];

/** Why this URL cannot be a webhook, or null when its form is acceptable (its addresses are checked when sending). */
export function webhookUrlProblem(raw: string): string | null {
  if (raw.length > MAX_WEBHOOK_URL_LENGTH) return `A webhook URL has at most ${MAX_WEBHOOK_URL_LENGTH} characters`;
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return "The webhook URL is not a URL";
  }
  if (url.protocol !== "https:") return "A webhook URL must use https";
  if (url.username || url.password) return "A webhook URL must not carry credentials";
  if (url.hash) return "A webhook URL must not have a #fragment";
  const host = url.hostname.toLowerCase().replace(/\.$/, "");
  if (isIP(host.replace(/^\[|\]$/g, "")) !== 0) return "A webhook URL must name its host, not an IP address";
  // WHATWG URL turns "0x7f.1", "2130706433" and "127.1" into 127.0.0.1; a name left with only digits and dots is one of those.
  if (/^[\d.]+$/.test(host)) return "A webhook URL must name its host, not an IP address";
  if (!host.includes(".")) return "A webhook URL must name a public host (with a domain)";
  if (PRIVATE_SUFFIXES.some((s) => host === s || host.endsWith(`.${s}`))) return `A webhook URL must name a public host, not ${host}`;
  return null;
}

// Addresses that are not the public internet: this host, private networks, link-local (the cloud
// metadata address 169.254.169.254), multicast, carrier-grade NAT, benchmarking, documentation and
// reserved ranges. IPv6: loopback, unique-local, link-local, multicast, and IPv4 embedded in IPv6.
const blocked = new BlockList();
for (const [net, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const)
  blocked.addSubnet(net, prefix, "ipv4");
for (const [net, prefix] of [
  ["::", 128],
  ["::1", 128],
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
  ["2001:db8::", 32],
  ["100::", 64],
] as const)
  blocked.addSubnet(net, prefix, "ipv6");

/** The IPv4 address an IPv6 address carries (::ffff:a.b.c.d, ::a.b.c.d, 64:ff9b::/96 NAT64), if any. */
function embeddedIpv4(address: string): string | null {
  const lower = address.toLowerCase();
  const dotted = /^(?:::ffff:|::|64:ff9b::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  if (dotted) return dotted[1]!;
  const hex = /^(?:::ffff:|64:ff9b::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (!hex) return null;
  const hi = parseInt(hex[1]!, 16);
  const lo = parseInt(hex[2]!, 16);
  return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
}

/** Whether a resolved address is on the public internet (never loopback, private, link-local, multicast). */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !blocked.check(address, "ipv4");
  if (family === 6) {
    const v4 = embeddedIpv4(address);
    if (v4) return isPublicAddress(v4);
    return !blocked.check(address, "ipv6");
  }
  return false;
}

/** Every address a name resolves to (dns.lookup: the system's resolver, as a connection would use). */
export type Resolve = (host: string) => Promise<LookupAddress[]>;

export const systemResolve: Resolve = (host) => dnsLookup(host, { all: true, verbatim: true });

export class RefusedAddressError extends Error {
  constructor(host: string, address: string) {
    super(`${host} resolves to ${address}, which is not a public address`);
    this.name = "RefusedAddressError";
  }
}

/**
 * The `lookup` of a webhook's connection: resolves the name, refuses it when ANY of its addresses is
 * not public (a name answering both a public and a private address could be made to connect to the
 * private one), and hands the checked addresses to the socket. `allowAddress` exists for tests only
 * (a loopback receiver); production deps never set it (server/jobs/dispatch-deps.ts).
 */
export function guardedLookup(resolve: Resolve, allowAddress?: (address: string) => boolean): LookupFunction {
  return ((hostname: string, options: { all?: boolean }, callback: (err: Error | null, address: string | LookupAddress[], family?: number) => void) => {
    resolve(hostname).then(
      (addresses) => {
        const bad = addresses.find((a) => !isPublicAddress(a.address) && !allowAddress?.(a.address));
        if (addresses.length === 0) return callback(Object.assign(new Error(`${hostname} has no address`), { code: "ENOTFOUND" }), "", 0);
        if (bad) return callback(new RefusedAddressError(hostname, bad.address), "", 0);
        if (options?.all) return callback(null, addresses);
        callback(null, addresses[0]!.address, addresses[0]!.family);
      },
      (error: Error) => callback(error, "", 0),
    );
  }) as LookupFunction;
}
