// Runs once when a Next server starts. A production server without its required settings stops here
// with one line per missing setting, instead of starting and answering every page with 500. Then the
// runtime opens, so the in-process worker (the only one on PGlite) runs queued adjudications, deadlines
// and notifications at boot rather than at the first page request (issue 15). A database that is down
// now is retried at the first request.
import { productionStartProblems } from "./server/start-check";

export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME && process.env.NEXT_RUNTIME !== "nodejs") return;
  if (process.env.NEXT_PHASE === "phase-production-build") return;
  if (process.env.NODE_ENV === "production") {
    const problems = productionStartProblems(process.env);
    if (problems.length > 0) {
      for (const line of problems) console.error(`Lockstep cannot start: ${line}`);
      process.exit(1);
    }
  }
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { getRuntime } = await import("./server/runtime");
  const { logger } = await import("./server/log");
  await getRuntime().then(
    () => logger.info("runtime started at boot"),
    (error: unknown) => logger.error({ err: error }, "could not open the database at boot; retrying at the first request"),
  );
}
