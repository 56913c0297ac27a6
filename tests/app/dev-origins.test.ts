// Issue 19 — under `npm run dev` the game page opened at http://127.0.0.1:3000 showed no map: Next's
// development server refuses requests for its own resources (/_next/…) from an origin it does not know,
// and it knows only "localhost" unless told (allowedDevOrigins). The page's module scripts and the
// map's data are fetched with an Origin header, so the page at 127.0.0.1 could not load them. This
// asks Next's own check, with our configuration, about such a request.
import { createRequire } from "node:module";
import type { NextConfig } from "next";
import { PHASE_DEVELOPMENT_SERVER, PHASE_PRODUCTION_SERVER } from "next/constants.js";
import { describe, expect, it } from "vitest";

// The configuration is plain JavaScript (next.config.mjs): loaded by its address, typed here.
const CONFIG = new URL("../../next.config.mjs", import.meta.url).href;
const nextConfig = ((await import(CONFIG)) as { default: (phase: string) => NextConfig }).default;

type Check = (req: { url: string; headers: Record<string, string> }, res: { statusCode?: number; end: (body?: string) => void }, allowed: string[] | undefined, hostname?: string) => boolean;
const { blockCrossSiteDEV } = createRequire(import.meta.url)("next/dist/server/lib/router-utils/block-cross-site-dev.js") as { blockCrossSiteDEV: Check };

/** Does the dev server (started by `next dev`, no host name given) refuse this page's request for one of its scripts? */
function refused(pageOrigin: string, allowed: string[] | undefined): boolean {
  const res = { statusCode: 200, end: () => {} };
  const req = {
    url: "/_next/static/chunks/app/game/page.js",
    headers: { origin: pageOrigin, "sec-fetch-mode": "cors", "sec-fetch-site": "same-origin", referer: `${pageOrigin}/game/1` },
  };
  return blockCrossSiteDEV(req, res, allowed, undefined);
}

describe("the development server's origin check", () => {
  const dev = nextConfig(PHASE_DEVELOPMENT_SERVER);

  it("lets the page opened at 127.0.0.1 (and at [::1], and at localhost) load its own scripts", () => {
    expect(refused("http://127.0.0.1:3000", dev.allowedDevOrigins)).toBe(false);
    expect(refused("http://[::1]:3000", dev.allowedDevOrigins)).toBe(false);
    expect(refused("http://localhost:3000", dev.allowedDevOrigins)).toBe(false);
  });

  it("still refuses another site's page", () => {
    // The check itself stays: what it protects (the dev server's resources) is not opened to the web.
    expect(refused("http://evil.example", dev.allowedDevOrigins)).toBe(true);
    // Without the option the loopback address is refused: the bug this guards against.
    expect(refused("http://127.0.0.1:3000", undefined)).toBe(true);
  });

  it("is an option of the development server only", () => {
    expect(nextConfig(PHASE_PRODUCTION_SERVER).allowedDevOrigins).toBeUndefined();
  });
});
