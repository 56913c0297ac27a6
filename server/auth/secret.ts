// The secret next-auth signs and hashes with. Production must set AUTH_SECRET; development makes
// one on first run and keeps it in .data/auth-secret, so `npm run dev` needs no environment and
// sessions survive restarts.
import { randomBytes } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

// The turbopackIgnore comments keep Next's file tracing from copying the whole project into the
// server build because of these runtime-chosen paths.

export interface SecretOptions {
  /** AUTH_SECRET, if set. */
  secret?: string;
  nodeEnv: string;
  /** Where the development secret is kept. */
  file?: string;
}

export const DEV_SECRET_FILE = join(".data", "auth-secret");

export function resolveAuthSecret({ secret, nodeEnv, file = DEV_SECRET_FILE }: SecretOptions): string {
  if (secret) return secret;
  if (nodeEnv === "production") {
    throw new Error(
      "AUTH_SECRET is not set. Production needs a secret to sign sessions and sign-in links: " +
        "set AUTH_SECRET to a long random string, e.g. the output of `openssl rand -base64 33`.",
    );
  }
  try {
    const existing = readFileSync(/*turbopackIgnore: true*/ file, "utf8").trim();
    if (existing) return existing;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  mkdirSync(/*turbopackIgnore: true*/ dirname(file), { recursive: true });
  const made = randomBytes(33).toString("base64");
  try {
    // "wx": if two requests race on the first run, the second reads what the first wrote.
    writeFileSync(/*turbopackIgnore: true*/ file, `${made}\n`, { flag: "wx", mode: 0o600 });
    return made;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    return readFileSync(/*turbopackIgnore: true*/ file, "utf8").trim();
  }
}

let resolved: string | undefined;

/** The server's secret as the environment gives it (AUTH_SECRET, or development's kept one); read once. */
export function serverSecret(env: { AUTH_SECRET?: string; NODE_ENV: string }): string {
  resolved ??= resolveAuthSecret({ secret: env.AUTH_SECRET, nodeEnv: env.NODE_ENV });
  return resolved;
}
