// Display names: what other users see of a player. A user may choose one on /settings; until then the
// name is made from the user's random id, so it tells nothing of the e-mail address, which is never
// shown to anyone but its owner.
import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";
import { ServiceError } from "./errors";

const ADJECTIVES = ["Amber", "Bold", "Brisk", "Calm", "Clever", "Crimson", "Dauntless", "Eager", "Faithful", "Gallant", "Grey", "Hardy", "Iron", "Keen", "Loyal", "Quiet", "Rapid", "Silent", "Steady", "Swift", "Valiant", "Wary", "Wily", "Young"];
const NOUNS = ["Badger", "Bear", "Condor", "Eagle", "Falcon", "Fox", "Hawk", "Heron", "Lynx", "Marten", "Osprey", "Otter", "Owl", "Panther", "Raven", "Stag", "Tiger", "Wolf"];

/** The name of a user who chose none: two words and a number from a hash of the (random) user id. */
export function generatedName(userId: string): string {
  const h = createHash("sha256").update(userId).digest();
  return `${ADJECTIVES[h[0]! % ADJECTIVES.length]} ${NOUNS[h[1]! % NOUNS.length]} ${(h.readUInt16BE(2) % 900) + 100}`;
}

/** What others see of a seat's player: the chosen name, else the generated one — never the address. */
export function displayName(user: { id: string; name: string | null }): string {
  return user.name ?? generatedName(user.id);
}

export const NAME_MIN = 2;
export const NAME_MAX = 32;

/** Why a chosen name is refused, or undefined. Whitespace is collapsed before the check. */
export function nameProblem(name: string): string | undefined {
  // Control, format (zero-width, bidi overrides), private-use and unassigned characters, and lone surrogates.
  if (/[\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Cs}]/u.test(name)) return "A display name may not contain control or invisible characters";
  const length = [...name].length;
  if (length < NAME_MIN || length > NAME_MAX) return `A display name has ${NAME_MIN} to ${NAME_MAX} characters`;
  // A name with @ would look like (or be) an address, which other players must never see.
  if (name.includes("@")) return "A display name may not contain @";
  return undefined;
}

/** Set (or with null, clear back to the generated one) the user's display name. */
export async function setDisplayName(db: Db, userId: string, input: string | null): Promise<{ displayName: string; chosen: boolean }> {
  const name = input === null ? null : input.replace(/\s+/g, " ").trim();
  if (name !== null) {
    const problem = nameProblem(name);
    if (problem) throw new ServiceError("BAD_REQUEST", problem);
  }
  await db.update(users).set({ name }).where(eq(users.id, userId));
  return { displayName: displayName({ id: userId, name }), chosen: name !== null };
}

export async function displayNameOf(db: Db, userId: string): Promise<{ displayName: string; chosen: boolean }> {
  const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId));
  return { displayName: displayName({ id: userId, name: row?.name ?? null }), chosen: (row?.name ?? null) !== null };
}
