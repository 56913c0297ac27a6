// What a Next server does once when it starts (called from instrumentation.ts, Node runtime only).
// A production server without its required settings stops here with one line per missing setting,
// instead of starting and answering every page with 500. Then the runtime opens, so the in-process
// worker (the only one on PGlite) runs queued adjudications, deadlines and notifications at boot
// rather than at the first page request (issue 15). A database that is down now is retried at the
// first request.
import { installPeerAddress } from "./http/peer-address";
import { logger } from "./log";
import { getRuntime } from "./runtime";
import { productionStartProblems } from "./start-check";

export async function boot(): Promise<void> {
  if (process.env.NEXT_PHASE === "phase-production-build") return;
  // First, before any request: the socket's address for the per-client sign-in limit.
  installPeerAddress();
  if (process.env.NODE_ENV === "production") {
    const problems = productionStartProblems(process.env);
    if (problems.length > 0) {
      for (const line of problems) console.error(`Lockstep cannot start: ${line}`);
      process.exit(1);
    }
  }
  await getRuntime().then(
    () => logger.info("runtime started at boot"),
    (error: unknown) => logger.error({ err: error }, "could not open the database at boot; retrying at the first request"),
  );
}
