// Sign-in links are built on configuration, never on a request header; a production start without
// AUTH_URL or AUTH_SECRET is refused with one line each.
import { describe, expect, it } from "vitest";
import { authOrigin, pinAuthUrl } from "../../server/auth/origin";
import { productionStartProblems } from "../../server/start-check";

describe("authOrigin", () => {
  it("takes AUTH_URL's origin when it is set, in any mode", () => {
    expect(authOrigin({ authUrl: "https://lockstep.example/", nodeEnv: "production" })).toBe("https://lockstep.example");
    expect(authOrigin({ authUrl: "https://lockstep.example", nodeEnv: "development", serverOrigin: "http://localhost:4000" })).toBe("https://lockstep.example");
  });

  it("in development takes the dev server's own address", () => {
    expect(authOrigin({ nodeEnv: "development", serverOrigin: "http://localhost:3123" })).toBe("http://localhost:3123");
    expect(authOrigin({ nodeEnv: "development", port: "4567" })).toBe("http://localhost:4567");
    expect(authOrigin({ nodeEnv: "development" })).toBe("http://localhost:3000");
  });

  it("has no answer in production without AUTH_URL", () => {
    expect(() => authOrigin({ nodeEnv: "production", serverOrigin: "http://localhost:3000" })).toThrow(/AUTH_URL is not set/);
  });
});

describe("pinAuthUrl", () => {
  it("writes the development origin into the environment next-auth reads, and never replaces AUTH_URL", () => {
    const dev: NodeJS.ProcessEnv = { NODE_ENV: "development", __NEXT_PRIVATE_ORIGIN: "http://localhost:3999", PORT: "3999" };
    expect(pinAuthUrl(dev)).toBe("http://localhost:3999");
    expect(dev.AUTH_URL).toBe("http://localhost:3999");
    const prod: NodeJS.ProcessEnv = { NODE_ENV: "production", AUTH_URL: "https://lockstep.example" };
    pinAuthUrl(prod);
    expect(prod.AUTH_URL).toBe("https://lockstep.example");
  });
});

describe("productionStartProblems", () => {
  it("names each missing setting in one line", () => {
    const lines = productionStartProblems({});
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^AUTH_URL is not set: .*AUTH_URL=https:\/\/lockstep\.example/);
    expect(lines[1]).toMatch(/^AUTH_SECRET is not set: /);
    for (const l of lines) expect(l).not.toContain("\n");
    expect(productionStartProblems({ AUTH_URL: "https://lockstep.example" })).toEqual([lines[1]]);
    expect(productionStartProblems({ AUTH_SECRET: "s" })).toEqual([lines[0]]);
    expect(productionStartProblems({ AUTH_URL: "lockstep.example", AUTH_SECRET: "s" })[0]).toMatch(/^AUTH_URL is not an http\(s\) address/);
    expect(productionStartProblems({ AUTH_URL: "https://lockstep.example", AUTH_SECRET: "s" })).toEqual([]);
  });
});
