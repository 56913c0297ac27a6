// Test fixtures for the game loop: users, callers as a given user, a game with two players and robots.
import { EventEmitter } from "node:events";
import { asc, eq } from "drizzle-orm";
import type { DbHandle } from "../../db/client";
import { phases, users } from "../../db/schema";
import { createCaller } from "../../server/api/root";
import type { SessionUser } from "../../server/api/trpc";

export async function makeUser(handle: DbHandle, email: string): Promise<SessionUser> {
  const [u] = await handle.db.insert(users).values({ email, name: null }).returning();
  return { id: u!.id, email, name: null };
}

export function callerFor(handle: DbHandle, user: SessionUser | null, bus = new EventEmitter()) {
  return createCaller({ db: handle.db, bus, user });
}

export async function userId(handle: DbHandle, email: string): Promise<string> {
  const [u] = await handle.db.select().from(users).where(eq(users.email, email));
  return u!.id;
}

/** Robots hold in these fixtures, so a test's battles are the ones it orders. */
export const QUICK = { lowLuck: false, ordersHours: 24, decisionHours: 24, robotsHold: true, excusedMisses: 0 };

/** Alice plays Germany, three robots, Bob joins Japan: the game starts (with QUICK's options, or these over them). */
export async function twoPlayerGame(handle: DbHandle, options: Partial<typeof QUICK> = {}) {
  const alice = await makeUser(handle, `alice-${Math.random()}@example.com`);
  const bob = await makeUser(handle, `bob-${Math.random()}@example.com`);
  const asAlice = callerFor(handle, alice);
  const asBob = callerFor(handle, bob);
  const { gameId } = await asAlice.game.create({ name: "Test game", nations: ["Germany"], robots: ["Russia", "United Kingdom", "United States"], ...QUICK, ...options });
  await asBob.game.join({ gameId, nation: "Japan" });
  return { alice, bob, asAlice, asBob, gameId };
}

/** A game's phase rows as they were stored, in play order (turn, then the phase within it). */
export function phaseRows(handle: DbHandle, gameId: number) {
  return handle.db.select().from(phases).where(eq(phases.gameId, gameId)).orderBy(asc(phases.turn), asc(phases.step));
}
