// API tokens (issue 23): made on /settings through token.*, shown once, stored hashed, listed without
// their secret, revoked only by their owner; a revoked or expired token authenticates nobody.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { DbHandle } from "../../db/client";
import { apiTokens } from "../../db/schema";
import { authenticateToken, createToken } from "../../server/services/api-tokens";
import { testDb } from "../support/db";
import { callerFor, makeUser } from "../support/world";

let handle: DbHandle;
beforeAll(async () => {
  handle = await testDb();
});
afterAll(async () => {
  await handle.close();
});

describe("API tokens", () => {
  it("answers the secret once, stores only its hash, and lists it without the secret", async () => {
    const alice = await makeUser(handle, "alice-tokens@example.com");
    const asAlice = callerFor(handle, alice);
    const made = await asAlice.token.create({ name: "my bot", scopes: ["play", "read"], days: 30 });
    expect(made.token).toMatch(/^lst_[\w-]{10}_[\w-]{43}$/);
    expect(made.scopes).toEqual(["read", "play"]);
    const [row] = await handle.db.select().from(apiTokens).where(eq(apiTokens.id, made.id));
    expect(JSON.stringify(row)).not.toContain(made.token.split("_").slice(2).join("_"));
    expect(row!.hash).toMatch(/^[0-9a-f]{64}$/);
    const listed = await asAlice.token.list();
    expect(listed).toHaveLength(1);
    expect(JSON.stringify(listed)).not.toContain(made.token);
    expect(JSON.stringify(listed)).not.toContain(row!.hash);
    expect(listed[0]).toMatchObject({ id: made.id, name: "my bot", prefix: made.prefix, scopes: ["read", "play"], revokedAt: null });

    const holder = await authenticateToken(handle.db, made.token);
    expect(holder).toMatchObject({ tokenId: made.id, scopes: ["read", "play"], user: { id: alice.id } });
  });

  it("authenticates nobody with a wrong secret, a revoked or an expired token", async () => {
    const bob = await makeUser(handle, "bob-tokens@example.com");
    const asBob = callerFor(handle, bob);
    const made = await asBob.token.create({ name: "t", scopes: ["read"], days: 1 });
    const wrong = made.token.slice(0, -1) + (made.token.endsWith("A") ? "B" : "A");
    expect(await authenticateToken(handle.db, wrong)).toBeNull();
    expect(await authenticateToken(handle.db, "nonsense")).toBeNull();
    expect(await authenticateToken(handle.db, made.token, new Date(Date.now() + 2 * 86_400_000))).toBeNull();
    expect(await authenticateToken(handle.db, made.token)).not.toBeNull();

    // Another user cannot revoke it: to them it does not exist.
    const carol = await makeUser(handle, "carol-tokens@example.com");
    await expect(callerFor(handle, carol).token.revoke({ id: made.id })).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await authenticateToken(handle.db, made.token)).not.toBeNull();
    expect(await callerFor(handle, carol).token.list()).toEqual([]);

    await asBob.token.revoke({ id: made.id });
    expect(await authenticateToken(handle.db, made.token)).toBeNull();
    expect((await asBob.token.list())[0]!.revokedAt).toBeInstanceOf(Date);
  });

  it("refuses bad input by name and signed-out callers", async () => {
    const dan = await makeUser(handle, "dan-tokens@example.com");
    const asDan = callerFor(handle, dan);
    await expect(asDan.token.create({ name: "x", scopes: [], days: 30 })).rejects.toThrow(/at least one scope/);
    await expect(asDan.token.create({ name: "x", scopes: ["read"], days: 400 })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(callerFor(handle, null).token.list()).rejects.toMatchObject({ code: "UNAUTHORIZED" });
    expect(await asDan.token.list()).toEqual([]);
  });

  it("holds at most a bounded number of live tokens per user", async () => {
    const erin = await makeUser(handle, "erin-tokens@example.com");
    for (let i = 0; i < 20; i++) await createToken(handle.db, erin.id, { name: `t${i}`, scopes: ["read"], days: 1 });
    await expect(callerFor(handle, erin).token.create({ name: "one more", scopes: ["read"], days: 1 })).rejects.toMatchObject({ code: "CONFLICT" });
  });
});
