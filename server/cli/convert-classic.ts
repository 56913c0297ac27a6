// npm run convert-classic [-- GAME_ID ...] — every classic 1942 game (stored as whole turns) becomes a
// game played a phase at a time, one transaction per game (docs/platform.md, "Classic 1942 games
// become phased games"). Safe to rerun: a converted game is left as it is, and a game whose turn is
// still in battles or post-combat converts on a run after that turn is over.
// With the embedded database, stop the app first: PGlite allows one process at a time.
import { createDb } from "../../db/client";
import { env } from "../env";
import { importWholeTurnGames } from "../services/ruleset-games/whole-turn-import";

const ids = process.argv.slice(2).map(Number);
if (ids.some((id) => !Number.isInteger(id) || id <= 0)) {
  console.error("usage: npm run convert-classic [-- GAME_ID ...]");
  process.exit(2);
}
const e = env();
const handle = await createDb(e.DATABASE_URL ? { url: e.DATABASE_URL } : { dir: e.PGLITE_DIR, migrate: true });
try {
  const outcomes = await importWholeTurnGames(handle.db, ids);
  for (const o of outcomes) console.log(o.outcome === "converted" ? `game ${o.gameId}: converted (${o.phases} phase rows)` : `game ${o.gameId}: left as it is — ${o.reason}`);
  const left = outcomes.filter((o) => o.outcome === "unchanged").length;
  console.log(`${outcomes.length - left} converted, ${left} left as they are`);
  process.exitCode = 0;
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 2;
} finally {
  await handle.close();
}
