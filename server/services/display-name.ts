// Display names: what other users see of a player. A user may choose one on /settings; until then the
// name is made from the user's random id, so it tells nothing of the e-mail address, which is never
// shown to anyone but its owner.
import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";
import { ServiceError } from "./errors";
import { normalizeUserText, userTextProblem } from "./text-policy";

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

/** Why a chosen name is refused, or undefined. */
export function nameProblem(name: string): string | undefined {
  // The text policy first: no controls, bidi controls, invisible, private-use or unassigned characters.
  const problem = userTextProblem(name, "a display name");
  if (problem) return problem;
  const length = [...name].length;
  if (length < NAME_MIN || length > NAME_MAX) return `A display name has ${NAME_MIN} to ${NAME_MAX} characters`;
  // A name with @ would look like (or be) an address, which other players must never see.
  if (name.includes("@")) return "A display name may not contain @";
  return undefined;
}

/** The name as stored: NFC, runs of spaces one space, trimmed (checked before, so no tab or line break passes as a space). */
function cleanName(input: string): { name: string; problem?: string } {
  const normal = normalizeUserText(input);
  const problem = userTextProblem(normal, "a display name");
  if (problem) return { name: normal, problem };
  const name = normal.replace(/\s+/g, " ").trim();
  return { name, problem: nameProblem(name) };
}

/** Set (or with null, clear back to the generated one) the user's display name. */
export async function setDisplayName(db: Db, userId: string, input: string | null): Promise<{ displayName: string; chosen: boolean }> {
  let name: string | null = null;
  if (input !== null) {
    const cleaned = cleanName(input);
    if (cleaned.problem) throw new ServiceError("BAD_REQUEST", cleaned.problem);
    name = cleaned.name;
  }
  await db.update(users).set({ name }).where(eq(users.id, userId));
  return { displayName: displayName({ id: userId, name }), chosen: name !== null };
}

export async function displayNameOf(db: Db, userId: string): Promise<{ displayName: string; chosen: boolean }> {
  const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId));
  return { displayName: displayName({ id: userId, name: row?.name ?? null }), chosen: (row?.name ?? null) !== null };
}
