// Checks before a sign-in email goes out, on both ways in (the sign-in form's action and a direct
// POST to /api/auth/signin/nodemailer): the address must be an address, and neither the address nor
// the client may ask for more links than the limits allow (a flood of mail to a victim, or a spray).
import { z } from "zod";
import type { Db } from "../../db/client";
import { isConnectionError } from "../../db/connection-error";
import { RETRY_AFTER_SECONDS, UNAVAILABLE_MESSAGE } from "../api/internal-error";
import { env } from "../env";
import { PEER_HEADER } from "../http/peer-address";
import { clientAddressFrom, parseTrustedProxies, type TrustedProxies } from "../http/trusted-proxies";
import { hitRateLimits, type RateLimit } from "../services/rate-limit";

/** Links per address: a person who lost a mail asks again; 50 requests in a second is a flood. */
export const SIGN_IN_PER_ADDRESS: RateLimit = { name: "sign-in:address", max: 5, windowSeconds: 60 * 60 };
/** Links per client address (an office or a household shares one). */
export const SIGN_IN_PER_CLIENT: RateLimit = { name: "sign-in:client", max: 30, windowSeconds: 60 * 60 };

export const emailField = z
  .string()
  .trim()
  .min(1, "Enter your email address.")
  .max(254, "That email address is too long.")
  .pipe(z.email("That does not look like an email address. Check it and try again."));

export type SignInCheck = { ok: true; email: string } | { ok: false; status: 400 | 429 | 503; message: string; retryAfterSeconds?: number };

/**
 * The client's address: the socket's peer (PEER_HEADER, set for every request at boot), or, when that
 * peer is a trusted proxy (TRUSTED_PROXIES), the nearest X-Forwarded-For hop no trusted proxy added.
 * A client that connects directly cannot choose its counter by sending X-Forwarded-For (issue 20).
 */
export function clientAddress(headers: Headers, trusted: TrustedProxies = configuredTrustedProxies()): string {
  return clientAddressFrom(headers.get("x-forwarded-for"), headers.get(PEER_HEADER), trusted);
}

let configured: TrustedProxies | undefined;
function configuredTrustedProxies(): TrustedProxies {
  return (configured ??= parseTrustedProxies(env().TRUSTED_PROXIES));
}

function minutes(seconds: number): string {
  const m = Math.ceil(seconds / 60);
  return m === 1 ? "a minute" : `${m} minutes`;
}

/** Validates the address and counts the request against both limits. */
export async function checkSignInRequest(db: Db, rawEmail: unknown, client: string, now?: Date): Promise<SignInCheck> {
  const parsed = emailField.safeParse(typeof rawEmail === "string" ? rawEmail : "");
  if (!parsed.success) return { ok: false, status: 400, message: parsed.error.issues[0]?.message ?? "Enter your email address." };
  const email = parsed.data.toLowerCase();
  let refused: Awaited<ReturnType<typeof hitRateLimits>>;
  try {
    refused = await hitRateLimits(
      db,
      [
        { limit: SIGN_IN_PER_ADDRESS, subject: email },
        { limit: SIGN_IN_PER_CLIENT, subject: client },
      ],
      now,
    );
  } catch (error) {
    // A lost database connection is "try again", not a 500 (issue 20).
    if (isConnectionError(error)) return { ok: false, status: 503, message: UNAVAILABLE_MESSAGE, retryAfterSeconds: RETRY_AFTER_SECONDS };
    throw error;
  }
  if (refused) {
    const who = refused.limit === SIGN_IN_PER_ADDRESS ? "for this address" : "from your network";
    return {
      ok: false,
      status: 429,
      message: `Too many sign-in links were asked ${who}. Try again in ${minutes(refused.retryAfterSeconds)}.`,
      retryAfterSeconds: refused.retryAfterSeconds,
    };
  }
  return { ok: true, email: parsed.data };
}
