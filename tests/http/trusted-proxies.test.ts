// TRUSTED_PROXIES and the socket's address (issue 20): X-Forwarded-For counts only from a trusted
// proxy, and the peer header is the socket's, whatever a client sent under that name.
import { once } from "node:events";
import { createServer, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { clientAddress } from "../../server/auth/sign-in-guard";
import { PEER_HEADER, installPeerAddress } from "../../server/http/peer-address";
import { parseTrustedProxies } from "../../server/http/trusted-proxies";
import { productionStartProblems } from "../../server/start-check";

describe("parseTrustedProxies", () => {
  it("reads names, addresses and ranges", () => {
    const t = parseTrustedProxies("loopback, 10.0.0.0/8 192.0.2.10,2001:db8::/32");
    for (const yes of ["127.0.0.1", "127.9.9.9", "::1", "::ffff:127.0.0.1", "10.200.1.1", "192.0.2.10", "2001:db8::5"]) expect(t.has(yes), yes).toBe(true);
    for (const no of ["192.0.2.11", "11.0.0.1", "2001:db9::1", "8.8.8.8", "garbage", ""]) expect(t.has(no), no).toBe(false);
    expect(parseTrustedProxies("none").has("127.0.0.1")).toBe(false);
    expect(parseTrustedProxies("").has("127.0.0.1")).toBe(false);
    expect(parseTrustedProxies("private").has("172.20.0.1")).toBe(true);
  });

  it("refuses what it cannot read, naming the entry, and a production start says so", () => {
    for (const bad of ["localhost", "10.0.0.0/33", "::1/129", "10.0.0.1/8/2", "10.0.0.0/x", "*"]) {
      expect(() => parseTrustedProxies(bad), bad).toThrow(bad);
    }
    const problems = productionStartProblems({ AUTH_URL: "https://l.example", AUTH_SECRET: "s", TRUSTED_PROXIES: "localhost" });
    expect(problems).toEqual([expect.stringContaining('TRUSTED_PROXIES cannot be read: "localhost"')]);
    expect(productionStartProblems({ AUTH_URL: "https://l.example", AUTH_SECRET: "s", TRUSTED_PROXIES: "loopback" })).toEqual([]);
  });
});

describe("the socket's address on a real server", () => {
  it("replaces a forged peer header, so a direct client's X-Forwarded-For cannot pick its counter", async () => {
    installPeerAddress();
    installPeerAddress();
    const seen: IncomingHttpHeaders[] = [];
    const server = createServer((req, res) => {
      seen.push(req.headers);
      res.end();
    });
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    try {
      const port = (server.address() as AddressInfo).port;
      for (const forged of ["203.0.113.1", "203.0.113.2", "203.0.113.3"]) {
        await fetch(`http://127.0.0.1:${port}/`, { headers: { "x-forwarded-for": forged, [PEER_HEADER]: forged } });
      }
    } finally {
      server.close();
    }
    const addresses = seen.map((h) => clientAddress(new Headers(h as Record<string, string>), parseTrustedProxies("none")));
    expect(addresses).toEqual(["127.0.0.1", "127.0.0.1", "127.0.0.1"]);
    // The same requests seen as coming through a trusted proxy on loopback name the forwarded client.
    expect(seen.map((h) => clientAddress(new Headers(h as Record<string, string>), parseTrustedProxies("loopback")))).toEqual(["203.0.113.1", "203.0.113.2", "203.0.113.3"]);
  });
});
