// What a production server must be given before it starts: one line per missing setting, so the
// operator reads exactly what to set (instrumentation.ts prints them and exits).
import { parseTrustedProxies } from "./http/trusted-proxies";

export function productionStartProblems(environment: Record<string, string | undefined>): string[] {
  const problems: string[] = [];
  if (!environment.AUTH_URL) {
    problems.push("AUTH_URL is not set: set it to the site's public address (e.g. AUTH_URL=https://lockstep.example); sign-in links are built on it.");
  } else if (!URL.canParse(environment.AUTH_URL) || !/^https?:$/.test(new URL(environment.AUTH_URL).protocol)) {
    problems.push(`AUTH_URL is not an http(s) address: "${environment.AUTH_URL}" (e.g. AUTH_URL=https://lockstep.example).`);
  }
  if (!environment.AUTH_SECRET) {
    problems.push("AUTH_SECRET is not set: set it to a long random string (e.g. AUTH_SECRET=$(openssl rand -base64 33)); sessions and sign-in links are signed with it.");
  }
  if (environment.TRUSTED_PROXIES !== undefined) {
    try {
      parseTrustedProxies(environment.TRUSTED_PROXIES);
    } catch (error) {
      problems.push(`TRUSTED_PROXIES cannot be read: ${(error as Error).message} (e.g. TRUSTED_PROXIES=loopback or TRUSTED_PROXIES=10.0.0.5).`);
    }
  }
  return problems;
}
