// Next.js configuration.
/** @type {import('next').NextConfig} */
const nextConfig = {
  // PGlite and postgres.js are loaded by Node, never bundled: a bundled PGlite fails on its first
  // query with `The "path" argument must be of type string ... Received an instance of URL`.
  serverExternalPackages: ["@electric-sql/pglite", "postgres", "pg", "pino", "prom-client"],
  // The repository is the workspace root, whatever lockfiles sit in the directories above it.
  turbopack: { root: import.meta.dirname },
  reactStrictMode: true,
  poweredByHeader: false,
};

export default nextConfig;
