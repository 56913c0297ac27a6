// Which peers may tell us a client's address in X-Forwarded-For (TRUSTED_PROXIES). A forwarded
// address is believed only when the hop that handed it to us is one of these; otherwise a client
// could name any address it likes and get a fresh per-client counter each time (issue 20).
// Pure: parsing and matching only, no environment.
import { BlockList, isIP } from "node:net";

export type TrustedProxies = { readonly describe: string; has(address: string): boolean };

const NAMED: Record<string, [string, number][]> = {
  loopback: [
    ["127.0.0.0", 8],
    ["::1", 128],
  ],
  private: [
    ["10.0.0.0", 8],
    ["172.16.0.0", 12],
    ["192.168.0.0", 16],
    ["fc00::", 7],
  ],
};

/** "::ffff:127.0.0.1" (an IPv4 client of a dual-stack socket) is 127.0.0.1. */
export function plainAddress(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  return mapped ? mapped[1]! : address;
}

function family(address: string): "ipv4" | "ipv6" | undefined {
  const v = isIP(address);
  return v === 4 ? "ipv4" : v === 6 ? "ipv6" : undefined;
}

/**
 * Parses "none", "loopback", "private", addresses and CIDR ranges, separated by commas or spaces
 * (e.g. "loopback, 10.1.2.3, 192.0.2.0/24, 2001:db8::/32"). Throws naming the entry it cannot read.
 */
export function parseTrustedProxies(value: string): TrustedProxies {
  const list = new BlockList();
  const entries = value.split(/[\s,]+/).filter(Boolean);
  for (const entry of entries) {
    const name = entry.toLowerCase();
    if (name === "none") continue;
    if (NAMED[name]) {
      for (const [net, prefix] of NAMED[name]) list.addSubnet(net, prefix, family(net));
      continue;
    }
    const [address, prefixText, extra] = entry.split("/");
    const type = family(address ?? "");
    if (!type || extra !== undefined) throw new Error(`"${entry}" is not an address, a CIDR range, "loopback", "private" or "none"`);
    if (prefixText === undefined) {
      list.addAddress(address!, type);
      continue;
    }
    const prefix = /^\d{1,3}$/.test(prefixText) ? Number(prefixText) : NaN;
    if (!(prefix >= 0 && prefix <= (type === "ipv4" ? 32 : 128))) throw new Error(`"${entry}" has a prefix length out of range`);
    list.addSubnet(address!, prefix, type);
  }
  return {
    describe: entries.join(", ") || "none",
    has(address: string) {
      const plain = plainAddress(address.trim());
      const type = family(plain);
      return type !== undefined && list.check(plain, type);
    },
  };
}

/**
 * The client: walk the chain of hops (X-Forwarded-For entries, then the peer that connected to us)
 * from the nearest one back, past every trusted proxy; the first hop that is not one is the client.
 * A peer that is no trusted proxy is the client itself, whatever X-Forwarded-For it sent.
 */
export function clientAddressFrom(forwardedFor: string | null | undefined, peer: string | null | undefined, trusted: TrustedProxies): string {
  if (!peer) return "unknown";
  const hops = [...(forwardedFor ?? "").split(",").map((h) => h.trim()).filter(Boolean), plainAddress(peer)];
  let i = hops.length - 1;
  while (i > 0 && trusted.has(hops[i]!)) i--;
  return plainAddress(hops[i]!);
}
