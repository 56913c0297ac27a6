// Next.js configuration.
import { PHASE_DEVELOPMENT_SERVER } from "next/constants.js";

/** Headers on every answer; the Content-Security-Policy (with its per-request nonce) is proxy.ts's. */
function securityHeaders(production) {
  const headers = [
    { key: "X-Content-Type-Options", value: "nosniff" },
    { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
    { key: "X-Frame-Options", value: "DENY" },
    { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=()" },
  ];
  // Browsers keep HSTS for a year: only where the site is served over https.
  if (production) headers.push({ key: "Strict-Transport-Security", value: "max-age=31536000; includeSubDomains" });
  return headers;
}

/** @type {(phase: string) => import('next').NextConfig} */
export default function nextConfig(phase) {
  const development = phase === PHASE_DEVELOPMENT_SERVER;
  return {
    // PGlite and the database drivers (and pino, prom-client) are loaded by Node, never bundled: a bundled PGlite fails on its first
    // query with `The "path" argument must be of type string ... Received an instance of URL`.
    serverExternalPackages: ["@electric-sql/pglite", "postgres", "pg", "pino", "prom-client"],
    // The tRPC API is a Pages Router route (pages/api/trpc): its dependencies are bundled as the App
    // Router's are, with the same exceptions above. Loaded by Node instead, next-auth fails (its ESM
    // imports `next/server` without an extension).
    bundlePagesRouterDependencies: true,
    // The repository is the workspace root, whatever lockfiles sit in the directories above it.
    turbopack: { root: import.meta.dirname },
    reactStrictMode: true,
    poweredByHeader: false,
    // `next dev` serves its own resources (/_next/…) only to pages of the origins it knows, "localhost"
    // unless told: the page opened at http://127.0.0.1:3000 would load without its scripts, and so
    // without its map. The loopback addresses are the same machine.
    ...(development ? { allowedDevOrigins: ["127.0.0.1", "[::1]"] } : {}),
    // Files named page.dev.tsx (the dev mailbox) are pages of the dev server only: a production build
    // does not contain them at all.
    pageExtensions: development ? ["dev.tsx", "tsx", "ts", "jsx", "js"] : ["tsx", "ts", "jsx", "js"],
    async headers() {
      return [{ source: "/:path*", headers: securityHeaders(!development) }];
    },
  };
}
