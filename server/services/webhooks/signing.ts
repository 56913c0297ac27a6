// A webhook's signing secret and the signature of each delivery (docs/api.md, "Webhooks").
//
// The secret is derived, not stored: HMAC-SHA256(server secret, "lockstep-webhook:<id>:<salt>"),
// with a random salt kept in the row. Signing needs it on every delivery, so a hash would not do;
// deriving it means the database alone (a backup, a leaked dump) holds nothing that can forge a
// signature, and there is no encryption key to manage beyond AUTH_SECRET. Changing AUTH_SECRET
// changes every webhook's secret (docs/operations.md says so): the owners must create them again.
//
// The signature: header `Lockstep-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<body>")>`.
// The timestamp is signed with the body, so a receiver can refuse an old delivery replayed later.
import { createHmac } from "node:crypto";

export const SIGNATURE_HEADER = "lockstep-signature";

export function webhookSecret(serverSecret: string, webhookId: number, salt: string): string {
  return `whsec_${createHmac("sha256", serverSecret).update(`lockstep-webhook:${webhookId}:${salt}`).digest("base64url")}`;
}

/** The header value that signs `body` sent at `timestamp` (unix seconds). */
export function signatureHeader(secret: string, timestamp: number, body: string): string {
  const v1 = createHmac("sha256", secret).update(`${timestamp}.${body}`).digest("hex");
  return `t=${timestamp},v1=${v1}`;
}
