// The environment, validated once (a bad variable fails loudly at start-up).
import { z } from "zod";
import { parseTrustedProxies } from "./http/trusted-proxies";

function readsAsProxies(value: string): true | string {
  try {
    parseTrustedProxies(value);
    return true;
  } catch (error) {
    return (error as Error).message;
  }
}

const schema = z.object({
  DATABASE_URL: z.string().url().optional(),
  PGLITE_DIR: z.string().default("./.data/pglite"),
  DB_AUTO_MIGRATE: z.enum(["0", "1"]).optional(),
  RUN_WORKER: z.enum(["0", "1"]).default("1"),
  AUTH_SECRET: z.string().optional(),
  SMTP_URL: z.string().optional(),
  /** Public origin for links in notification email and push; falls back to AUTH_URL, then localhost. */
  APP_URL: z.string().url().optional(),
  AUTH_URL: z.string().url().optional(),
  /** Without SMTP, notification email is written here as JSON files. */
  MAIL_DIR: z.string().default("./.data/mail"),
  /** The contact push services may reach about our pushes (VAPID subject). */
  VAPID_SUBJECT: z.string().default("mailto:lockstep@localhost"),
  EMAIL_FROM: z.string().default("Lockstep <lockstep@localhost>"),
  NODE_ENV: z.string().default("development"),
  /** Peers whose X-Forwarded-For is believed (server/http/trusted-proxies.ts); others are the client. */
  TRUSTED_PROXIES: z
    .string()
    .default("loopback")
    .superRefine((value, ctx) => {
      const read = readsAsProxies(value);
      if (read !== true) ctx.addIssue({ code: "custom", message: read });
    }),
});

export type Env = z.infer<typeof schema>;

let cached: Env | undefined;

export function env(): Env {
  if (cached) return cached;
  const parsed = schema.safeParse(process.env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`Bad environment variable ${issue.path.join(".")}: ${issue.message}`);
  }
  cached = parsed.data;
  return cached;
}

/** The origin links in email and push point to. */
export function publicBaseUrl(): string {
  const e = env();
  return e.APP_URL ?? e.AUTH_URL ?? "http://localhost:3000";
}

/** The dev mailbox is on in development without SMTP; a production build has no mailbox at all. */
export function devMailboxEnabled(): boolean {
  const e = env();
  return !e.SMTP_URL && e.NODE_ENV !== "production";
}
