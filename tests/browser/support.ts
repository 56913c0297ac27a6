// Shared by the browser tests: build once (under a lock, so test files running side by side never build
// at the same time), start `next start` on a free port with a throw-away PGlite directory (unpacked
// from the run's migrated template) or a fresh database on the Postgres server of DATABASE_URL,
// launch Debian's Chromium (while the server starts),
// sign players up through the sign-in mail the server writes to its MAIL_DIR (no SMTP; a production build has no dev mailbox), and run a scenario as steps that leave screenshots and logs behind when one fails.
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from "playwright-core";
import { ensureBuild } from "../support/next-build";
import { createDatabase, dropDatabase } from "../support/throw-away-db";
import { afterAll, afterEach, beforeAll, beforeEach, expect, inject } from "vitest";

export const ROOT = fileURLToPath(new URL("../..", import.meta.url));
export const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
export const HAVE_BROWSER = existsSync(CHROMIUM);
const REQUIRED = process.env.REQUIRE_BROWSER === "1";
export const SKIP = !HAVE_BROWSER && !REQUIRED;
if (SKIP) console.log("browser tests skipped: no Chromium (install it with: apt-get install chromium)");

export const SCREENSHOTS = process.env.SCREENSHOT_DIR ?? "/tmp";
/** Waits that include an adjudication or a first compile of a route. */
export const LONG = 90_000;
/**
 * How long a browser scenario's set-up may take: building the app (the first file to start builds it
 * while any other file running at the same time waits on the build lock, up to 10 min) and starting it.
 */
export const START = 720_000;
const NEXT_BIN = join(ROOT, "node_modules/next/dist/bin/next");

/** A full-page screenshot; with SCREENSHOT_SLICES=1 also 900 px high slices, easier to look at. */
export async function shoot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
  if (process.env.SCREENSHOT_SLICES !== "1") return;
  const { width, height } = await page.evaluate(() => ({ width: document.documentElement.scrollWidth, height: document.documentElement.scrollHeight }));
  for (let y = 0, i = 1; y < height; y += 900, i++)
    await page.screenshot({ path: join(SCREENSHOTS, `${name}-part${i}.png`), fullPage: true, clip: { x: 0, y, width, height: Math.min(900, height - y) } });
}

/**
 * Waits until React has hydrated this element (it carries React's fiber then): a click on a button
 * the server drew, before the page runs, does nothing, and a click that advances a step cannot be
 * repeated until it takes.
 */
export async function whenHydrated(locator: Locator): Promise<void> {
  await expect.poll(() => locator.evaluate((el) => Object.keys(el).some((k) => k.startsWith("__reactFiber"))), { timeout: LONG }).toBe(true);
}

/** Opens a tab of the game page: a click before the page hydrates selects nothing, so click until it is selected. */
export async function openTab(page: Page, testId: string): Promise<void> {
  const tab = page.getByTestId(testId);
  await expect
    .poll(
      async () => {
        await tab.click({ timeout: LONG });
        return tab.getAttribute("aria-selected");
      },
      { timeout: LONG },
    )
    .toBe("true");
}

/**
 * Waits until no CSS transition runs on the page (a sheet sliding open): what is measured after it is
 * what a player sees once it stops, however slow the machine.
 */
export async function transitionsDone(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== "running"), undefined, { timeout: LONG });
}

/**
 * Waits until `read` gives the same value twice, `gapMs` apart (a map fitting itself to a new width),
 * and returns it.
 */
export async function settled<T>(read: () => Promise<T>, gapMs = 150): Promise<T> {
  let last = JSON.stringify(await read());
  const until = Date.now() + LONG;
  for (;;) {
    await new Promise((r) => setTimeout(r, gapMs));
    const value = await read();
    const now = JSON.stringify(value);
    if (now === last || Date.now() > until) return value;
    last = now;
  }
}

/** Screenshots at a phone's width, then back to the desktop's. */
export async function shootNarrow(page: Page, name: string): Promise<void> {
  const size = page.viewportSize() ?? { width: 1280, height: 900 };
  await page.setViewportSize({ width: 390, height: 844 });
  await shoot(page, name);
  await page.setViewportSize(size);
}

/**
 * How much of the window a game's board takes (issue 25, "the map is the game"): the largest SVG in the
 * platform frame's board host, against the window below the site header.
 */
export async function boardFill(page: Page): Promise<{ width: number; height: number }> {
  return page.evaluate(() => {
    const header = document.querySelector("[data-site-header]")?.getBoundingClientRect().bottom ?? 0;
    const boxes = [...document.querySelectorAll("[data-testid=board-host] svg")].map((e) => e.getBoundingClientRect());
    const board = boxes.sort((a, b) => b.width * b.height - a.width * a.height)[0];
    return { width: (board?.width ?? 0) / window.innerWidth, height: (board?.height ?? 0) / (window.innerHeight - header) };
  });
}

/** A phone's board is the window's width and most of its height (a bottom sheet peeks below it); a desktop's board is nearly all of it. */
export async function expectBoardFills(page: Page): Promise<void> {
  const narrow = (page.viewportSize()?.width ?? 1280) < 600;
  const want = narrow ? { width: 0.99, height: 0.55 } : { width: 0.6, height: 0.8 };
  // Measured until the frame has settled: a screen streamed in, or its styles loaded a moment after its
  // markup, first draws the board at the SVG's own aspect ratio.
  await expect
    .poll(
      async () => {
        const fill = await boardFill(page);
        return fill.width >= want.width && fill.height >= want.height ? "fills" : `width ${fill.width.toFixed(2)}, height ${fill.height.toFixed(2)} of the window`;
      },
      { timeout: 20_000 },
    )
    .toBe("fills");
}

// ---- the server -----------------------------------------------------------------------------

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

async function waitForServer(url: string, child: ChildProcess, log: () => string, timeoutMs = 120_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`next start exited with ${child.exitCode}:\n${log().slice(-4000)}`);
    try {
      // The home page opens the database (and migrates it: nothing is left to do in the template) on its first request.
      const res = await fetch(url, { signal: AbortSignal.timeout(30_000) });
      if (res.status < 500) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`next start did not answer at ${url} within ${timeoutMs / 1000} s:\n${log().slice(-4000)}`);
}

/** Stops a child and everything it started (it leads its own process group). */
async function stopGroup(child: ChildProcess | undefined): Promise<void> {
  if (!child?.pid || child.exitCode !== null) return;
  const exited = new Promise<void>((r) => child.once("exit", () => r()));
  const signal = (s: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, s);
    } catch {
      // already gone
    }
  };
  signal("SIGTERM");
  const timer = setTimeout(() => signal("SIGKILL"), 5_000);
  await exited;
  clearTimeout(timer);
}

export interface App {
  /** "http://localhost:<port>" */
  base: string;
  log: () => string;
  /** Where the app writes notification mail (no SMTP in tests). */
  mailDir: string;
  stop: () => Promise<void>;
}

/** Build if needed, then `next start` on a free port with its own database and the in-process worker. */
export async function startApp(): Promise<App> {
  if (!HAVE_BROWSER) throw new Error(`REQUIRE_BROWSER=1 but there is no Chromium at ${CHROMIUM}: install it with apt-get install chromium, or set CHROMIUM_PATH`);
  const env: NodeJS.ProcessEnv = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };
  delete env.DATABASE_URL;
  delete (env as Record<string, string | undefined>).NODE_ENV; // next sets it; vitest's "test" would confuse the build
  await ensureBuild(env);

  const tmp = mkdtempSync(join(tmpdir(), "lockstep-e2e-"));
  // E2E_PORT: a fixed port, for a machine where each person's servers keep to their own range.
  const port = process.env.E2E_PORT ? Number(process.env.E2E_PORT) : await freePort();
  // "localhost", not 127.0.0.1: next-auth builds its redirects from the server's own host name, and a
  // callback to another origin would be refused (and the session cookie set for the wrong host).
  const base = `http://localhost:${port}`;
  const serverEnv: NodeJS.ProcessEnv = {
    ...env,
    PGLITE_DIR: join(tmp, "pg"),
    AUTH_URL: base, // a production start refuses without AUTH_URL and AUTH_SECRET
    AUTH_SECRET: "test-secret",
    RUN_WORKER: "1", // the in-process worker adjudicates turns and sweeps deadlines
    MAIL_DIR: join(tmp, "mail"), // sign-in and notification mail, as JSON files; out of the worktree
    PORT: String(port),
  };
  delete serverEnv.SMTP_URL;
  let pgDatabase: { admin: string; name: string } | undefined;
  if (!process.env.DATABASE_URL) {
    // The server's PGlite directory starts as the run's migrated template (global-setup.ts dumps it),
    // unpacked: its first request then opens a database and migrates nothing, instead of an initdb and
    // every migration (a browser file's server up in about 9 s instead of 18 s on a loaded machine).
    // E2E_PGLITE_TEMPLATE=0: the server makes and migrates its own directory, to compare.
    if (process.env.E2E_PGLITE_TEMPLATE !== "0") {
      mkdirSync(serverEnv.PGLITE_DIR!, { recursive: true });
      execFileSync("tar", ["-xf", inject("pgliteTemplate"), "-C", serverEnv.PGLITE_DIR!], { stdio: "ignore" });
    }
  } else {
    // Same test against the Postgres server: a copy of the run's migrated template. The app still
    // migrates at start, which finds nothing to do.
    const { name, url } = await createDatabase(process.env.DATABASE_URL, "lockstep_e2e", inject("postgresTemplate"));
    pgDatabase = { admin: process.env.DATABASE_URL, name };
    serverEnv.DATABASE_URL = url;
    serverEnv.DB_AUTO_MIGRATE = "1";
  }
  let log = "";
  const server = spawn(process.execPath, [NEXT_BIN, "start", "-p", String(port), "-H", "localhost"], {
    cwd: ROOT,
    env: serverEnv,
    detached: true, // its own process group, so stop() ends it and anything it started
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout!.on("data", (d) => (log += d));
  server.stderr!.on("data", (d) => (log += d));
  const stop = async () => {
    await stopGroup(server);
    rmSync(tmp, { recursive: true, force: true });
    if (pgDatabase) await dropDatabase(pgDatabase.admin, pgDatabase.name).catch(() => {});
  };
  try {
    await waitForServer(`${base}/`, server, () => log);
  } catch (e) {
    await stop();
    throw e;
  }
  mailDirs.set(base, join(tmp, "mail"));
  return { base, log: () => log, mailDir: join(tmp, "mail"), stop };
}

/** Each started app's mail directory, by its base address (signIn reads its links there). */
const mailDirs = new Map<string, string>();

interface MailFile {
  to: { address: string }[];
  subject: string;
  text: string;
}

/** The mails an app wrote to `to` (nodemailer's JSON), oldest first. */
export function mailsTo(mailDir: string, to: string): MailFile[] {
  if (!existsSync(mailDir)) return [];
  return readdirSync(mailDir)
    .sort()
    .map((f) => JSON.parse(readFileSync(join(mailDir, f), "utf8")) as MailFile)
    .filter((m) => m.to[0]?.address === to);
}

/** The newest sign-in link mailed to `to`. */
export function signInLinkFor(mailDir: string, to: string): string | undefined {
  const mail = mailsTo(mailDir, to).filter((m) => m.subject === "Sign in to Lockstep").pop();
  return mail ? /https?:\/\/\S+/.exec(mail.text)?.[0] : undefined;
}

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ["--no-sandbox", "--headless=new", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
  });
}

/** Collects page errors and console errors of these pages, for the failure report. */
export function watchPages(pages: Record<string, Page>, into: string[]): void {
  for (const [name, page] of Object.entries(pages)) {
    page.on("pageerror", (e) => into.push(`[${name}] page error: ${e.message}`));
    page.on("console", (m) => m.type() === "error" && into.push(`[${name}] console: ${m.text()}`));
  }
}

/** Sign in (and up) through the magic link the server mailed (a JSON file in the app's MAIL_DIR). */
export async function signIn(page: Page, base: string, email: string): Promise<void> {
  const mailDir = mailDirs.get(base);
  if (!mailDir) throw new Error(`no app started at ${base}`);
  await page.goto(`${base}/signin?callbackUrl=%2Flobby`);
  await page.getByLabel("Email address").fill(email);
  await page.getByRole("button", { name: "Email me a sign-in link" }).click();
  await page.waitForURL(/\/signin\/check-email/, { timeout: LONG });
  let href: string | undefined;
  await expect.poll(() => (href = signInLinkFor(mailDir, email)), { timeout: 20_000 }).toBeTruthy();
  await page.goto(href!);
  await page.waitForURL(/\/lobby/, { timeout: LONG });
  await expect.poll(() => page.getByTestId("user-email").textContent()).toBe(email);
}

/**
 * One scenario in steps (call inside `describe`): after a failed step the rest fail at once, naming
 * the step that broke (they would only wait out their timeouts on a page in the wrong state), and the
 * failure leaves screenshots of every page (`<prefix>-failed-<name>.png`) and the end of the server's
 * log behind.
 */
export function scenarioSteps(prefix: string, pages: () => Record<string, Page | undefined>, browserLog: string[], serverLog: () => string): void {
  let broken: string | undefined;
  beforeEach(() => {
    if (broken) throw new Error(`not run: an earlier step of this scenario failed ("${broken}")`);
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state !== "fail" || broken) return;
    broken = ctx.task.name;
    for (const [name, page] of Object.entries(pages())) {
      await page?.screenshot({ path: join(SCREENSHOTS, `${prefix}-failed-${name}.png`), fullPage: true }).catch(() => {});
      console.log(`page ${name} at ${page?.url()}`);
    }
    console.log(`browser errors:\n${browserLog.slice(-20).join("\n")}`);
    console.log(`server log (end):\n${serverLog().slice(-3000)}`);
  });
}

/**
 * Counts the documents a page loads from now on (a reload or a cross-page navigation is one). Not
 * `framenavigated`: it also fires for same-document history changes, such as the router's
 * `replaceState` when a slow page hydrates after the test started counting.
 */
export function countNavigations(page: Page): () => number {
  let n = 0;
  page.on("domcontentloaded", () => n++);
  return () => n;
}

/** Two players' pages on one app: the shared harness of the browser scenarios. */
export interface TwoPlayers {
  app?: App;
  base: string;
  a: Page;
  b: Page;
}

/**
 * Register (inside `describe`) the hooks every two-player scenario needs: start the app, open one
 * browser context per player in its own time zone, record browser errors, stop it all afterwards,
 * and run the steps as one scenario (see scenarioSteps). The returned object is filled in `beforeAll`.
 */
export function twoPlayerSession(prefix: string, zones: { a: string; b: string }): TwoPlayers {
  const session = {} as TwoPlayers;
  const browserLog: string[] = [];
  let launching: Promise<Browser> | undefined;
  beforeAll(async () => {
    // Chromium starts while the server does: neither waits on the other.
    launching = launchBrowser();
    launching.catch(() => {}); // awaited below; a failed start of the server must not leave it unheard
    session.app = await startApp();
    session.base = session.app.base;
    const browser = await launching;
    const open = async (locale: string, timezoneId: string) => {
      const ctx = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale, timezoneId });
      ctx.setDefaultTimeout(30_000);
      await orderWithListView(ctx);
      return ctx.newPage();
    };
    session.a = await open("en-GB", zones.a);
    session.b = await open("en-US", zones.b);
    watchPages({ a: session.a, b: session.b }, browserLog);
  }, START);
  afterAll(async () => {
    // The launched browser, even when the server failed to start (before it was awaited).
    await launching?.then((b) => b.close()).catch(() => {});
    await session.app?.stop();
  }, 60_000);
  scenarioSteps(prefix, () => ({ a: session.a, b: session.b }), browserLog, () => session.app?.log() ?? "");
  return session;
}

/** This player orders with the list view (forms): open, as a player who prefers it keeps it. */
async function orderWithListView(ctx: BrowserContext): Promise<void> {
  await ctx.addInitScript(() => localStorage.setItem("lockstep:list-view", "1"));
}

/** One browser page on one app: the harness of single-visitor scenarios. */
export interface OnePage {
  app: App;
  page: Page;
  /** Page errors and console errors, for assertions and the failure report. */
  browserLog: string[];
}

/** Register (inside `describe`) the hooks of a one-page scenario; the object is filled in `beforeAll`. */
export function onePageSession(prefix: string, viewport = { width: 1280, height: 900 }, options: { listView?: boolean } = {}): OnePage {
  const session = { browserLog: [] as string[] } as OnePage;
  let launching: Promise<Browser> | undefined;
  beforeAll(async () => {
    launching = launchBrowser(); // while the server starts, as in twoPlayerSession
    launching.catch(() => {});
    session.app = await startApp();
    const browser = await launching;
    const ctx = await browser.newContext({ viewport });
    ctx.setDefaultTimeout(30_000);
    if (options.listView) await orderWithListView(ctx);
    session.page = await ctx.newPage();
    watchPages({ page: session.page }, session.browserLog);
  }, START);
  afterAll(async () => {
    // The launched browser, even when the server failed to start (before it was awaited).
    await launching?.then((b) => b.close()).catch(() => {});
    await session.app?.stop();
  }, 60_000);
  scenarioSteps(prefix, () => ({ page: session.page }), session.browserLog, () => session.app?.log() ?? "");
  return session;
}
