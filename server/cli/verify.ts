// npm run verify -- GAME_ID — replay every stored phase of a game of any ruleset and check its dice commitment.
// With the embedded database, stop the app first: PGlite allows one process at a time.
import { createDb } from "../../db/client";
import { env } from "../env";
import { verifyGame } from "../services/verify";

const gameId = Number(process.argv[2]);
if (!Number.isInteger(gameId) || gameId <= 0) {
  console.error("usage: npm run verify -- GAME_ID");
  process.exit(2);
}
const e = env();
const handle = await createDb(e.DATABASE_URL ? { url: e.DATABASE_URL } : { dir: e.PGLITE_DIR, migrate: true });
try {
  const result = await verifyGame(handle.db, gameId);
  // A turn of several phases names each after its first ("turn 2, phase 1").
  for (const p of result.phases) console.log(`turn ${p.turn}${p.step ? `, phase ${p.step}` : ""}: ${p.ok ? "ok" : `DIFFERS — ${p.problems.join("; ")}`}`);
  console.log(result.ok ? `game ${gameId}: ${result.phases.length} resolved phase(s) verified` : `game ${gameId}: verification FAILED`);
  process.exitCode = result.ok ? 0 : 1;
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 2;
} finally {
  await handle.close();
}
