// npm run verify -- GAME_ID, end to end on an embedded database directory.
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, inject, it } from "vitest";
import { createDb } from "../../db/client";
import { drain } from "../../server/jobs/worker";
import { databaseUrlOf, onPostgres, testDb } from "../support/db";
import { twoPlayerGame } from "../support/world";

describe("npm run verify", () => {
  it("verifies a played game and exits 0; exits 2 for a game that does not exist", async () => {
    // The embedded database in a directory of its own, or a fresh database on the Postgres server.
    const dir = join(mkdtempSync(join(tmpdir(), "lockstep-verify-")), "pg");
    if (!onPostgres) {
      // The directory starts as the run's migrated template (global-setup.ts), unpacked: no initdb here.
      mkdirSync(dir);
      execFileSync("tar", ["-xf", inject("pgliteTemplate"), "-C", dir], { stdio: "ignore" });
    }
    const handle = onPostgres ? await testDb() : await createDb({ dir, migrate: true });
    const childEnv = onPostgres ? { ...process.env, DATABASE_URL: databaseUrlOf(handle) } : { ...process.env, PGLITE_DIR: dir };
    const game = await twoPlayerGame(handle);
    await game.asAlice.orders.lock({ gameId: game.gameId, nation: "Germany" });
    await game.asBob.orders.lock({ gameId: game.gameId, nation: "Japan" });
    expect(await drain(handle, "test")).toBe(1);
    if (!onPostgres) await handle.close(); // PGlite: one process at a time
    const run = (id: string) => spawnSync(process.execPath, ["--import", "tsx", "server/cli/verify.ts", id], { encoding: "utf8", env: childEnv });
    const ok = run(String(game.gameId));
    expect(ok.stdout).toContain("turn 1: ok");
    expect(ok.stdout).toContain("1 resolved phase(s) verified");
    expect(ok.status).toBe(0);
    const missing = run("999999");
    expect(missing.status).toBe(2);
    expect(missing.stderr).toContain("was not found");
    if (onPostgres) await handle.close();
  }, 300_000); // two child processes, each compiling the CLI and the engine with tsx and opening the database
});
