// `npm run worker`: adjudication workers as separate processes, on a Postgres server only
// (PGlite allows one process, which runs its worker inside the app).
import { createDb } from "../../db/client";
import { env } from "../env";
import { logger } from "../log";
import { startWorker } from "./worker";

const url = env().DATABASE_URL;
if (!url) {
  console.error("npm run worker needs DATABASE_URL (a Postgres server); with the embedded database the app runs its own worker.");
  process.exit(2);
}
const handle = await createDb({ url, migrate: env().DB_AUTO_MIGRATE === "1" });
const stop = startWorker(handle, { name: `worker-${process.pid}` });
// The worker's timers do not hold the process open (inside the app, the HTTP server does); here this
// does, so a moment with every database connection cut is not taken for "nothing left to do".
const alive = setInterval(() => {}, 60_000);
logger.info({ worker: `worker-${process.pid}` }, "worker running");
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    clearInterval(alive);
    void stop()
      .then(() => handle.close())
      .then(() => process.exit(0));
  });
}
