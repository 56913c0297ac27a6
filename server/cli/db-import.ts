// npm run db:import -- FILE — load an export into the empty Postgres database of DATABASE_URL
// (migrated first), in one transaction: all of it or nothing. Then `npm run verify -- GAME_ID`
// replays any moved game.
import { readFileSync } from "node:fs";
import { createDb } from "../../db/client";
import { env } from "../env";
import { importDatabase } from "../services/db-transfer";

const file = process.argv[2];
const url = env().DATABASE_URL;
if (!file || !url) {
  console.error("usage: DATABASE_URL=postgres://… npm run db:import -- FILE");
  process.exit(2);
}
const handle = await createDb({ url, migrate: true });
try {
  const header = await importDatabase(handle.db, readFileSync(file, "utf8").split("\n"));
  for (const t of header.tables) console.log(`${t.name}: ${t.rows} rows`);
  console.log(`imported ${file} into ${new URL(url).pathname.slice(1)}`);
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await handle.close();
}
