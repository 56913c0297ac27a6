// `npm run worker`: adjudication workers as separate processes, on a Postgres server only
// (PGlite allows one process, which runs its worker inside the app).
// `npm run worker` starts it with `--max-semi-space-size=64` (64 MB semi-spaces for V8's young
// generation, against 16 MB by default): a large game's phase makes tens of megabytes of objects that
// live until its end, and a young generation too small for them copies them through several
// scavenges and promotes them. Measured at 100 copies of the board: 15–25 % less CPU a phase; on the
// default board no change; about 35 MB more resident memory a worker (docs/engine.md, "The young
// generation's size").
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
