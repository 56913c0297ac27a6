// Synthetic players for the load test, made directly in the throw-away database: a user and a
// session row each (the cookie next-auth reads; no sign-in mail, no test-only route in the app),
// and games of five human players started through the same services the app uses.
import { randomBytes } from "node:crypto";
import { EventEmitter } from "node:events";
import type { DbHandle } from "../../db/client";
import { sessions, users } from "../../db/schema";
import { createCaller } from "../../server/api/root";
import { NATIONS, type Nation } from "../../server/rulesets/1942/engine";

/** next-auth's session cookie over plain http (https would prefix it with __Secure-). */
export const SESSION_COOKIE = "authjs.session-token";

export interface Player {
  userId: string;
  cookie: string;
}

export interface LoadGame {
  gameId: number;
  players: Record<Nation, Player>;
}

/** `count` users with a session each (the cookie is what a browser would send). */
export async function makePlayers(handle: DbHandle, count: number, tag: string): Promise<Player[]> {
  const rows = await handle.db
    .insert(users)
    .values(Array.from({ length: count }, (_, i) => ({ email: `load-${tag}-${i}@example.invalid`, name: `Load ${tag} ${i}` })))
    .returning({ id: users.id });
  // As a sign-in leaves it: next-auth's 30 days ahead. A day ahead made every session look due for its
  // daily refresh (server/auth/session-cookie.ts), so each player's first request in the measures went
  // through next-auth's slow path and wrote the session, which a signed-in player's rarely does.
  const expires = new Date(Date.now() + 30 * 24 * 3600_000);
  const tokens = rows.map(() => randomBytes(24).toString("hex"));
  await handle.db.insert(sessions).values(rows.map((r, i) => ({ sessionToken: tokens[i]!, userId: r.id, expires })));
  return rows.map((r, i) => ({ userId: r.id, cookie: `${SESSION_COOKIE}=${tokens[i]}` }));
}

type Caller = ReturnType<typeof createCaller>;

/** `count` games, a human player per nation: `start` creates one as the first nation's player and seats the rest. */
async function gamesOf(handle: DbHandle, count: number, tag: string, start: (as: (p: Player) => Caller, seat: Record<Nation, Player>, name: string) => Promise<number>): Promise<LoadGame[]> {
  const players = await makePlayers(handle, count * NATIONS.length, tag);
  const bus = new EventEmitter();
  const as = (p: Player) => createCaller({ db: handle.db, bus, user: { id: p.userId, email: `${p.userId}@example.invalid`, name: null } });
  const out: LoadGame[] = [];
  for (let g = 0; g < count; g++) {
    const seat = Object.fromEntries(NATIONS.map((n, i) => [n, players[g * NATIONS.length + i]!])) as Record<Nation, Player>;
    out.push({ gameId: await start(as, seat, `Load ${tag} ${g + 1}`), players: seat });
  }
  return out;
}

/** `count` started classic games (game.create), each with a human player per nation; orders deadlines a day away. */
export function makeGames(handle: DbHandle, count: number, tag: string, options: { lowLuck?: boolean } = {}): Promise<LoadGame[]> {
  return gamesOf(handle, count, tag, async (as, seat, name) => {
    const [first, ...rest] = NATIONS;
    const { gameId } = await as(seat[first!]).game.create({ name, nations: [first!], robots: [], lowLuck: options.lowLuck ?? false, ordersHours: 24, decisionHours: 24, robotsHold: true, robotTakeover: 0 });
    for (const n of rest) await as(seat[n]).game.join({ gameId, nation: n });
    return gameId;
  });
}

/**
 * `count` started 1942 games as the lobby now makes them (play.create: played a phase at a time, the
 * page /game/<id>/play), a human player per nation; orders deadlines a day away.
 */
export function makePhasedGames(handle: DbHandle, count: number, tag: string): Promise<LoadGame[]> {
  return gamesOf(handle, count, tag, async (as, seat, name) => {
    const [first, ...rest] = NATIONS;
    const { gameId } = await as(seat[first!]).play.create({ name, ruleset: "1942", scenario: "standard", seats: NATIONS.length, mine: [first!], ordersHours: 24, decisionHours: 24, rules: { lowLuck: false } });
    for (const n of rest) await as(seat[n]).play.join({ gameId, side: n });
    return gameId;
  });
}
