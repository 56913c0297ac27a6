// next-auth's endpoints: sign-in, the magic-link callback, session, sign-out.
// Behind a proxy (or on another host name) the request URL Next hands us names the server's own
// host; rebuild it from the forwarded/Host headers so links and redirects go where the user is.
import { NextRequest } from "next/server";
import { handlers } from "@/server/auth";

async function asSeenByTheUser(req: NextRequest): Promise<NextRequest> {
  const host = req.headers.get("x-forwarded-host") ?? req.headers.get("host");
  if (!host) return req;
  const url = new URL(req.url);
  const proto = req.headers.get("x-forwarded-proto") ?? url.protocol.replace(":", "");
  if (url.host === host && url.protocol === `${proto}:`) return req;
  const body = req.method === "GET" || req.method === "HEAD" ? undefined : await req.arrayBuffer();
  return new NextRequest(new URL(`${url.pathname}${url.search}`, `${proto}://${host}`), { method: req.method, headers: req.headers, body });
}

export const GET = async (req: NextRequest) => handlers.GET(await asSeenByTheUser(req));
export const POST = async (req: NextRequest) => handlers.POST(await asSeenByTheUser(req));
