// The public API's reference page (/api/docs, issue 23): plain HTML made from the OpenAPI document,
// with no script; see server/api/public/reference.ts.
import { REFERENCE_CSP, referenceHtml } from "../../../server/api/public/reference";

export const dynamic = "force-static";

export function GET(): Response {
  return new Response(referenceHtml(), {
    headers: { "content-type": "text/html; charset=utf-8", "content-security-policy": REFERENCE_CSP, "cache-control": "public, max-age=300", "x-content-type-options": "nosniff" },
  });
}
