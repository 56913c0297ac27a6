// next-auth's endpoints: sign-in, the magic-link callback, session, sign-out. Links and redirects are
// built on AUTH_URL alone (server/auth/origin.ts), never on the request's Host or X-Forwarded-Host.
// Bodies are read within a small limit, and a request for a sign-in email is checked here as the
// form's action checks it: a real address, within the per-address and per-client limits.
import { NextRequest } from "next/server";
import { handlers } from "@/server/auth";
import { checkSignInRequest, clientAddress } from "@/server/auth/sign-in-guard";
import { AUTH_BODY_LIMIT, readBodyWithin } from "@/server/http/body-limit";
import { getRuntime } from "@/server/runtime";

export const dynamic = "force-dynamic";

function emailOf(body: Uint8Array, contentType: string | null): unknown {
  const text = new TextDecoder().decode(body);
  if (contentType?.includes("application/json")) {
    try {
      return (JSON.parse(text) as { email?: unknown } | null)?.email;
    } catch {
      return undefined;
    }
  }
  return new URLSearchParams(text).get("email");
}

export const GET = (req: NextRequest) => handlers.GET(req);

export async function POST(req: NextRequest) {
  const body = await readBodyWithin(req, AUTH_BODY_LIMIT);
  if (body instanceof Response) return body;
  if (req.nextUrl.pathname.startsWith("/api/auth/signin/") && req.nextUrl.pathname !== "/api/auth/signin/") {
    const { db } = (await getRuntime()).handle;
    const check = await checkSignInRequest(db, body ? emailOf(body, req.headers.get("content-type")) : undefined, clientAddress(req.headers));
    if (!check.ok) {
      const headers: Record<string, string> = { "content-type": "application/json" };
      if (check.retryAfterSeconds) headers["retry-after"] = String(check.retryAfterSeconds);
      return new Response(JSON.stringify({ error: check.message }), { status: check.status, headers });
    }
  }
  return handlers.POST(new NextRequest(req.url, { method: req.method, headers: req.headers, body: body as BodyInit | null }));
}
