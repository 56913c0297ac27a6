// API tokens (issue 23): a user makes one on /settings, sees its secret once, and the public HTTP API
// (app/api/v1) acts as that user with it, within its scopes, until it expires or is revoked.
// Only a SHA-256 hash of the token is stored; its short random prefix (public, shown in the list)
// finds the row. A token is never logged, put in an error or in a URL: the API reads it only from
// the Authorization header, and logs the row's id.
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { and, count, desc, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { apiTokens, users, type TokenScope } from "../../db/schema";
import { ServiceError, notFound } from "./errors";

export const TOKEN_SCOPES = ["read", "play", "press", "webhooks"] as const satisfies readonly TokenScope[];
/** Live (unrevoked, unexpired) tokens a user may hold at once. */
export const MAX_LIVE_TOKENS = 20;
export const MAX_TOKEN_DAYS = 365;

const TOKEN_PATTERN = /^lst_([A-Za-z0-9_-]{10})_([A-Za-z0-9_-]{43})$/;

const hashOf = (token: string) => createHash("sha256").update(token).digest("hex");

export interface NewToken {
  name: string;
  scopes: TokenScope[];
  /** Days until it expires. */
  days: number;
}

/** Makes a token; the returned `token` is the only time its secret exists outside the caller's hands. */
export async function createToken(db: Db, userId: string, input: NewToken, now = new Date()) {
  const [live] = await db
    .select({ n: count() })
    .from(apiTokens)
    .where(and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt), gt(apiTokens.expiresAt, now)));
  if ((live?.n ?? 0) >= MAX_LIVE_TOKENS) throw new ServiceError("CONFLICT", `You hold ${MAX_LIVE_TOKENS} live tokens already; revoke one first`);
  const prefix = randomBytes(8).toString("base64url").slice(0, 10);
  const token = `lst_${prefix}_${randomBytes(32).toString("base64url")}`;
  const scopes = TOKEN_SCOPES.filter((s) => input.scopes.includes(s));
  const expiresAt = new Date(now.getTime() + input.days * 86_400_000);
  const [row] = await db
    .insert(apiTokens)
    .values({ userId, name: input.name, prefix, hash: hashOf(token), scopes, createdAt: now, expiresAt })
    .returning({ id: apiTokens.id });
  return { id: row!.id, name: input.name, prefix, scopes, expiresAt, token };
}

/** The user's tokens, newest first: names, prefixes, scopes and dates; never a hash. */
export async function listTokens(db: Db, userId: string) {
  return db
    .select({
      id: apiTokens.id,
      name: apiTokens.name,
      prefix: apiTokens.prefix,
      scopes: apiTokens.scopes,
      createdAt: apiTokens.createdAt,
      expiresAt: apiTokens.expiresAt,
      lastUsedAt: apiTokens.lastUsedAt,
      revokedAt: apiTokens.revokedAt,
    })
    .from(apiTokens)
    .where(eq(apiTokens.userId, userId))
    .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
}

/** Revokes one of the user's own tokens (another user's is "not found", as if it did not exist). */
export async function revokeToken(db: Db, userId: string, id: number, now = new Date()) {
  const rows = await db
    .update(apiTokens)
    .set({ revokedAt: now })
    .where(and(eq(apiTokens.id, id), eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)))
    .returning({ id: apiTokens.id });
  if (rows.length === 0) {
    const [mine] = await db.select({ id: apiTokens.id }).from(apiTokens).where(and(eq(apiTokens.id, id), eq(apiTokens.userId, userId)));
    if (!mine) throw notFound("That token");
  }
  return { id, revoked: true as const };
}

export interface TokenHolder {
  tokenId: number;
  scopes: TokenScope[];
  user: { id: string; email: string; name: string | null };
}

/** The holder of a live token, or null for a malformed, unknown, revoked or expired one. */
export async function authenticateToken(db: Db, token: string, now = new Date()): Promise<TokenHolder | null> {
  const match = TOKEN_PATTERN.exec(token);
  if (!match) return null;
  const [row] = await db
    .select({ id: apiTokens.id, hash: apiTokens.hash, scopes: apiTokens.scopes, expiresAt: apiTokens.expiresAt, revokedAt: apiTokens.revokedAt, userId: users.id, email: users.email, name: users.name })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(eq(apiTokens.prefix, match[1]!));
  if (!row) return null;
  const given = Buffer.from(hashOf(token), "hex");
  if (!timingSafeEqual(given, Buffer.from(row.hash, "hex"))) return null;
  if (row.revokedAt || row.expiresAt.getTime() <= now.getTime()) return null;
  await db.update(apiTokens).set({ lastUsedAt: now }).where(eq(apiTokens.id, row.id));
  return { tokenId: row.id, scopes: row.scopes, user: { id: row.userId, email: row.email ?? "", name: row.name } };
}
