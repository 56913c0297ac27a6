// Next calls register() once when the server starts: open the runtime then, so the in-process worker
// (the only one on PGlite) runs queued adjudications, deadlines and notifications at boot rather than
// at the first page request (issue 15). A database that is down now is retried at the first request.
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { getRuntime } = await import("./server/runtime");
  const { logger } = await import("./server/log");
  await getRuntime().then(
    () => logger.info("runtime started at boot"),
    (error: unknown) => logger.error({ err: error }, "could not open the database at boot; retrying at the first request"),
  );
}
