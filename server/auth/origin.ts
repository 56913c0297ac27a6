// The address sign-in links and next-auth's redirects are built on. Never a request header: a forged
// X-Forwarded-Host or Host would otherwise put a victim's sign-in token into a link to another site.
// Production takes AUTH_URL (the start refuses without it, see server/start-check.ts); development
// takes the address the dev server itself listens on.

export interface AuthOriginInput {
  authUrl?: string;
  nodeEnv: string;
  /** The origin Next's server reports for itself (`__NEXT_PRIVATE_ORIGIN`, set when it listens). */
  serverOrigin?: string;
  port?: string;
}

export function authOrigin({ authUrl, nodeEnv, serverOrigin, port }: AuthOriginInput): string {
  if (authUrl) return new URL(authUrl).origin;
  if (nodeEnv === "production") throw new Error("AUTH_URL is not set: production needs the public address for sign-in links");
  if (serverOrigin) return new URL(serverOrigin).origin;
  return `http://localhost:${port || "3000"}`;
}

/**
 * next-auth reads AUTH_URL from the process environment on every request (its request URL and its
 * server actions' URL), so the chosen origin is written there once, before next-auth looks.
 */
export function pinAuthUrl(environment: NodeJS.ProcessEnv = process.env): string {
  const origin = authOrigin({
    authUrl: environment.AUTH_URL,
    nodeEnv: environment.NODE_ENV ?? "development",
    serverOrigin: environment.__NEXT_PRIVATE_ORIGIN,
    port: environment.PORT,
  });
  environment.AUTH_URL ??= origin;
  return origin;
}
