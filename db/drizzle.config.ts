// drizzle-kit: generates migrations into drizzle/ from db/schema.ts. With DATABASE_URL it migrates
// that Postgres server; without it, the embedded PGlite directory (never while the app runs on it).
import { defineConfig } from "drizzle-kit";

const url = process.env.DATABASE_URL;

export default defineConfig({
  dialect: "postgresql",
  schema: "./db/schema.ts",
  out: "./drizzle",
  ...(url ? { dbCredentials: { url } } : { driver: "pglite", dbCredentials: { url: process.env.PGLITE_DIR ?? "./.data/pglite" } }),
});
