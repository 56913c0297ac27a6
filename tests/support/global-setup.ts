// Once per test run, a migrated template that every test file copies instead of migrating its own
// database: on PGlite a dumped data directory (0.6 s a clone instead of 5 s of initdb + migrations;
// a browser test's server and the verify CLI's test unpack it as their data directory),
// on a Postgres server a template database (`create database … template …`, about 0.4 s instead of
// 2–4 s of migrations a file).
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { createDb } from "../../db/client";
import { dropDatabase, migratedTemplate } from "./throw-away-db";

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const serverUrl = process.env.DATABASE_URL;
  if (serverUrl) {
    const template = await migratedTemplate(serverUrl, "lockstep_template");
    project.provide("postgresTemplate", template);
    return () => dropDatabase(serverUrl, template);
  }
  const handle = await createDb({ dir: "memory://", migrate: true });
  const pg = (handle.db as unknown as { $client: { dumpDataDir(c: "none"): Promise<Blob> } }).$client;
  const dump = await pg.dumpDataDir("none");
  await handle.close();
  const dir = join(process.cwd(), ".data");
  mkdirSync(dir, { recursive: true });
  const file = join(dir, `test-template-${process.pid}.tar`);
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide("pgliteTemplate", file);
  return async () => rmSync(file, { force: true });
}

declare module "vitest" {
  export interface ProvidedContext {
    pgliteTemplate: string;
    /** The migrated template database's name on the Postgres server (DATABASE_URL runs only). */
    postgresTemplate: string;
  }
}
