// Bot accounts (issue 23): a user may mark their own account as a bot — a program that plays through
// the public API with the account's token. A bot is shown as one beside its name everywhere a name
// shows (the figures of player-figures.ts carry the flag), and a challenge may reserve a seat for a
// bot account, which then joins it through the API like anyone else.
import { and, eq, or } from "drizzle-orm";
import type { Db } from "../../db/client";
import { users, type SeatSide } from "../../db/schema";
import { ServiceError } from "./errors";

/** Mark (or unmark) the user's own account as a bot. */
export async function setBot(db: Db, userId: string, bot: boolean): Promise<{ bot: boolean }> {
  await db.update(users).set({ bot }).where(eq(users.id, userId));
  return { bot };
}

export async function isBot(db: Db, userId: string): Promise<boolean> {
  const [row] = await db.select({ bot: users.bot }).from(users).where(eq(users.id, userId));
  return row?.bot ?? false;
}

export interface BotInvite {
  nation: SeatSide;
  /** The bot's player id, its profile link (…/player/ID) or its display name. */
  player: string;
}

/** A profile link (…/player/ID, as the site's profile pages are) names its player by the id. */
function playerKey(player: string): string {
  return /\/player\/([^/?#\s]+)\/?(?:[?#]\S*)?$/.exec(player)?.[1] ?? player;
}

/**
 * The user ids of the invited bots, seat by seat: each must name exactly one account marked as a bot
 * (by its id, its profile link, or its chosen display name), and one bot is invited into one seat only.
 */
export async function resolveBotInvites(db: Db, invites: BotInvite[]): Promise<Map<SeatSide, string>> {
  const out = new Map<SeatSide, string>();
  for (const invite of invites) {
    if (out.has(invite.nation)) throw new ServiceError("BAD_REQUEST", `${invite.nation} is invited twice`);
    const key = playerKey(invite.player.trim());
    const named = or(eq(users.id, key), eq(users.name, key));
    const found = await db.select({ id: users.id }).from(users).where(and(eq(users.bot, true), named)).limit(2);
    if (found.length === 0) {
      const [person] = await db.select({ id: users.id }).from(users).where(named).limit(1);
      throw new ServiceError(
        "BAD_REQUEST",
        person
          ? `${JSON.stringify(invite.player)} is not a bot account: only an account its owner marked as a bot (on /settings) can be invited`
          : `No account is called ${JSON.stringify(invite.player)}: invite a bot by its display name, its player id or its profile link`,
      );
    }
    if (found.length > 1) throw new ServiceError("BAD_REQUEST", `More than one bot is called ${JSON.stringify(invite.player)}: invite it by its player id`);
    if ([...out.values()].includes(found[0]!.id)) throw new ServiceError("BAD_REQUEST", "A bot is invited into one seat only");
    out.set(invite.nation, found[0]!.id);
  }
  return out;
}
