// npm run db:export -- FILE — every table of the game database (PGLITE_DIR, or DATABASE_URL) into
// FILE as JSON lines, from one snapshot. With the embedded database, stop the app first: PGlite
// allows one process at a time.
import { createWriteStream, existsSync } from "node:fs";
import { createDb } from "../../db/client";
import { env } from "../env";
import { exportDatabase } from "../services/db-transfer";

const file = process.argv[2];
if (!file) {
  console.error("usage: npm run db:export -- FILE");
  process.exit(2);
}
if (existsSync(file)) {
  console.error(`${file} exists: an export never overwrites a file`);
  process.exit(2);
}
const e = env();
const handle = await createDb(e.DATABASE_URL ? { url: e.DATABASE_URL } : { dir: e.PGLITE_DIR, migrate: true });
const out = createWriteStream(file, { flags: "wx" });
const failed = new Promise<never>((_, reject) => out.once("error", reject));
failed.catch(() => {}); // raced below while writing; marked handled so a late error cannot crash the exit
try {
  const header = await Promise.race([exportDatabase(handle.db, (line) => out.write(`${line}\n`)), failed]);
  await Promise.race([new Promise<void>((resolve) => out.end(resolve)), failed]);
  console.log(`exported ${header.tables.reduce((s, t) => s + t.rows, 0)} rows of ${header.tables.length} tables to ${file}`);
} catch (error) {
  console.error((error as Error).message);
  process.exitCode = 1;
} finally {
  await handle.close();
}
