// The site as an attacker meets it, on a production build (`next start`): a start without AUTH_URL or
// AUTH_SECRET refuses; security headers and a nonce CSP on every page, and the lobby and the game
// page run under it with no violation; sign-in links ignore a forged X-Forwarded-Host; sign-in mail
// is limited per address and per client (a forged X-Forwarded-For from a client that is no trusted
// proxy counts for nothing) and refuses non-addresses; callbackUrl never leaves the site (and odd
// characters never give a 500); no dev mailbox exists; large bodies are refused before being read.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { request } from "node:http";
import { createServer } from "node:net";
import { join } from "node:path";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { SIGN_IN_PER_CLIENT } from "../../server/auth/sign-in-guard";
import { LONG, ROOT, SKIP, mailsTo, onePageSession, signIn, signInLinkFor, startApp, type App } from "./support";

const run_ = Math.random().toString(36).slice(2, 8);

/** Asks for a sign-in link straight from the API, as a script would: CSRF token first, then the POST. */
async function requestLink(base: string, email: string, headers: Record<string, string> = {}): Promise<Response> {
  const csrf = await fetch(`${base}/api/auth/csrf`);
  const { csrfToken } = (await csrf.json()) as { csrfToken: string };
  const cookie = csrf.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
  return fetch(`${base}/api/auth/signin/nodemailer`, {
    method: "POST",
    redirect: "manual",
    headers: { "content-type": "application/x-www-form-urlencoded", cookie, ...headers },
    body: new URLSearchParams({ email, csrfToken, callbackUrl: "/lobby" }),
  });
}

/**
 * POSTs up to `chunks` chunks of 1 MiB, one after another, stopping as soon as the answer comes; the
 * server refusing and closing mid-body is the expected end, not an error.
 */
/** postBody's status when the server closed the connection before its answer could be read. */
const CUT = -1;

function postBody(url: string, headers: Record<string, string>, chunks: number): Promise<{ status: number; chunksSent: number }> {
  return new Promise((resolve, reject) => {
    let chunksSent = 0;
    let answered = false;
    const req = request(url, { method: "POST", headers });
    req.on("response", (res) => {
      answered = true;
      resolve({ status: res.statusCode ?? 0, chunksSent });
      res.resume();
      req.destroy();
    });
    // A server that refuses a streamed body may close the connection while we still write: the write
    // fails (EPIPE, ECONNRESET) before the 413 is read. That is a refusal too (CUT), told apart from
    // a body read whole by how much was sent.
    req.on("error", (e: NodeJS.ErrnoException) => {
      if (answered) return;
      answered = true;
      if (e.code === "EPIPE" || e.code === "ECONNRESET") resolve({ status: CUT, chunksSent });
      else reject(e);
    });
    req.flushHeaders();
    const chunk = Buffer.alloc(1024 * 1024, 32);
    const next = () => {
      if (answered || chunksSent >= chunks) return;
      chunksSent++;
      if (req.write(chunk)) setImmediate(next);
      else req.once("drain", next);
    };
    if (chunks > 0) next();
  });
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer().listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

describe.skipIf(SKIP)("security of a production build", () => {
  let app: App;
  let page: Page;
  const session = onePageSession("lockstep-security");
  const browserLog = session.browserLog;
  const violations: string[] = [];
  beforeAll(async () => {
    ({ app, page } = session);
    page.on("console", (m) => /Content Security Policy/i.test(m.text()) && violations.push(`${page.url()}: ${m.text()}`));
    // Also the DOM's own report of every blocked script, style or connection.
    await page.context().addInitScript(() => {
      document.addEventListener("securitypolicyviolation", (e) => {
        console.error(`Content Security Policy violation: ${e.violatedDirective} ${e.blockedURI}`);
      });
    });
  });

  it("a production start without AUTH_URL and AUTH_SECRET refuses, with one line each", async () => {
    const env: NodeJS.ProcessEnv = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };
    for (const k of ["AUTH_URL", "AUTH_SECRET", "NEXTAUTH_URL", "NEXTAUTH_SECRET", "NODE_ENV", "DATABASE_URL"]) delete env[k];
    const port = await freePort();
    const child = spawn(process.execPath, [join(ROOT, "node_modules/next/dist/bin/next"), "start", "-p", String(port)], { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    child.stdout.on("data", (d) => (out += d));
    child.stderr.on("data", (d) => (out += d));
    const code = await new Promise<number | null>((resolve) => {
      const timer = setTimeout(() => {
        child.kill("SIGKILL");
        resolve(null);
      }, 60_000);
      child.on("exit", (c) => {
        clearTimeout(timer);
        resolve(c);
      });
    });
    expect(code).toBe(1);
    const lines = out.split("\n").filter((l) => l.startsWith("Lockstep cannot start:"));
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/AUTH_URL is not set/);
    expect(lines[1]).toMatch(/AUTH_SECRET is not set/);
  }, 90_000);

  it("sends the security headers, and a CSP with a fresh nonce on every page", async () => {
    const nonces = new Set<string>();
    for (const path of ["/", "/signin", "/rules"]) {
      const res = await fetch(`${app.base}${path}`);
      expect(res.status).toBe(200);
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
      expect(res.headers.get("strict-transport-security")).toMatch(/^max-age=\d{7,}/);
      const csp = res.headers.get("content-security-policy") ?? "";
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("object-src 'none'");
      const nonce = /script-src 'self' 'nonce-([A-Za-z0-9+/=]+)' 'strict-dynamic'/.exec(csp)?.[1];
      expect(nonce).toBeTruthy();
      nonces.add(nonce!);
      const html = await res.text();
      // Every script Next writes carries the nonce; none goes without.
      const scripts = html.match(/<script\b[^>]*>/g) ?? [];
      expect(scripts.length).toBeGreaterThan(0);
      for (const s of scripts) expect(s).toContain(`nonce="${nonce}"`);
    }
    expect(nonces.size).toBe(3);
    const api = await fetch(`${app.base}/api/auth/session`);
    expect(api.headers.get("x-content-type-options")).toBe("nosniff");
    expect(api.headers.get("x-frame-options")).toBe("DENY");
  });

  it("signs in, opens the lobby and a game's map under the CSP with no violation", async () => {
    await signIn(page, app.base, `sec-${run_}@example.com`);
    await page.getByLabel("Name").fill(`CSP ${run_}`);
    await page.getByTestId("seat-Germany-me").check();
    for (const n of ["Russia", "United Kingdom", "Japan", "United States"]) await page.getByTestId(`seat-${n}-robot`).check();
    await page.getByTestId("create-challenge").click();
    // With robots in every other seat the game starts at once and the lobby opens it: a 1942 game
    // played a phase at a time, in the platform's frame with 1942's map.
    await page.waitForURL(/\/game\/\d+\/play$/, { timeout: LONG });
    const map = page.getByTestId("map-germany");
    await map.locator('svg[data-zoom="ready"]').waitFor({ timeout: LONG });
    await map.getByTestId("map-zoom-in").click();
    await page.reload();
    await page.getByTestId("game-turn").waitFor({ timeout: LONG });
    await page.getByTestId("map-germany").locator('svg[data-zoom="ready"]').waitFor({ timeout: LONG });
    await page.goto(`${app.base}/lobby`);
    await page.getByTestId("my-games").waitFor();
    expect(violations).toEqual([]);
    expect(browserLog).toEqual([]);
  }, 240_000);

  it("follows only same-origin paths after sign-in, and odd characters give no 500", async () => {
    const res = await page.goto(`${app.base}/signin?callbackUrl=%2F%09%2Fevil.example%2F`);
    expect(new URL(page.url()).origin).toBe(app.base);
    expect(res?.status()).toBeLessThan(400);
    for (const odd of ["%2Flobby%0A", "%2Flobby%0D%0ASet-Cookie%3A%20x%3D1", "%2F%E3%80%80", "%2F%0A%2Fevil.example",
      // Issue 20: dot segments that resolve to "//evil.example".
      "%2F..%2F%2Fevil.example%2F", "%2F.%2F%2Fevil.example", "%2Flobby%2F..%2F%2Fevil.example", "%2F%252e%252e%2F%2Fevil.example"]) {
      const r = await fetch(`${app.base}/signin?callbackUrl=${odd}`, { redirect: "manual", headers: { cookie: (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ") } });
      expect(r.status).toBeLessThan(500);
      const location = r.headers.get("location");
      if (location) expect(new URL(location, app.base).origin).toBe(app.base);
      expect(r.headers.get("set-cookie") ?? "").not.toContain("x=1");
    }
  });

  it("mails sign-in links to this site whatever X-Forwarded-Host says", async () => {
    const victim = `victim-${run_}@example.com`;
    const res = await requestLink(app.base, victim, { "x-forwarded-host": "attacker.example", "x-forwarded-proto": "https" });
    expect(res.status).toBe(302);
    expect(new URL(res.headers.get("location")!).origin).toBe(app.base);
    let link: string | undefined;
    await expect.poll(() => (link = signInLinkFor(app.mailDir, victim)), { timeout: 20_000 }).toBeTruthy();
    expect(new URL(link!).origin).toBe(app.base);
    expect(link).not.toContain("attacker");
  });

  it("refuses an address that is not one, and limits links per address", async () => {
    const bad = await requestLink(app.base, "not an address");
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: string }).error).toMatch(/does not look like an email address/);
    const target = `flood-${run_}@example.com`;
    const statuses: number[] = [];
    for (let i = 0; i < 8; i++) statuses.push((await requestLink(app.base, target)).status);
    expect(statuses.filter((s) => s === 302)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(3);
    await new Promise((r) => setTimeout(r, 500));
    expect(mailsTo(app.mailDir, target)).toHaveLength(5);
  });

  it("counts a client that forges X-Forwarded-For by its socket's address when it is no trusted proxy", async () => {
    // A server that trusts no proxy (TRUSTED_PROXIES=none): this test's loopback client is a client.
    const saved = process.env.TRUSTED_PROXIES;
    process.env.TRUSTED_PROXIES = "none";
    const direct = await startApp().finally(() => {
      if (saved === undefined) delete process.env.TRUSTED_PROXIES;
      else process.env.TRUSTED_PROXIES = saved;
    });
    try {
      const statuses: number[] = [];
      // Issue 20: each forged value used to make a fresh counter; now all count as one client.
      for (let i = 0; i < SIGN_IN_PER_CLIENT.max + 2; i++) {
        statuses.push((await requestLink(direct.base, `spray-${i}-${run_}@example.com`, { "x-forwarded-for": `203.0.113.${i + 1}` })).status);
      }
      expect(statuses.filter((s) => s === 302)).toHaveLength(SIGN_IN_PER_CLIENT.max);
      expect(statuses.slice(SIGN_IN_PER_CLIENT.max)).toEqual([429, 429]);
    } finally {
      await direct.stop();
    }
  }, 180_000);

  it("has no dev mailbox: not in the build, not at its address", async () => {
    expect((await fetch(`${app.base}/dev/mailbox`)).status).toBe(404);
    expect(existsSync(join(ROOT, ".next/server/app/dev"))).toBe(false);
    expect(await page.goto(`${app.base}/signin`).then(() => page.getByTestId("dev-mailbox-note").count())).toBe(0);
  });

  it("refuses large bodies before reading them, on /api/trpc and /api/auth", async () => {
    const cookie = (await page.context().cookies()).map((c) => `${c.name}=${c.value}`).join("; ");
    // The 100 MB body, declared: the answer comes before a byte of it is sent.
    const declared = await postBody(`${app.base}/api/trpc/game.create`, { cookie, "content-type": "application/json", "content-length": String(100 * 1024 * 1024) }, 0);
    expect(declared).toEqual({ status: 413, chunksSent: 0 });
    // Streamed without a length: cut off soon after the 1 MiB limit, long before the 100 MiB end.
    const streamed = await postBody(`${app.base}/api/trpc/game.create`, { cookie, "content-type": "application/json", "transfer-encoding": "chunked" }, 100);
    expect([413, CUT]).toContain(streamed.status);
    expect(streamed.chunksSent).toBeLessThan(100);
    const auth = await postBody(`${app.base}/api/auth/signin/nodemailer`, { "content-type": "application/x-www-form-urlencoded", "transfer-encoding": "chunked" }, 100);
    expect([413, CUT]).toContain(auth.status);
    expect(auth.chunksSent).toBeLessThan(100);
  });
});
