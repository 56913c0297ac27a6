// The whole game loop in a real browser: two players sign in through the dev mailbox, make and join a
// challenge, save orders (one refused first), lock, and watch the turn resolve live, then read the report.
//
// Runs against `next build` + `next start` with a throw-away PGlite directory, or, when DATABASE_URL is
// set, with a fresh database on that Postgres server. Uses Debian's Chromium (never downloads one):
// CHROMIUM_PATH or /usr/bin/chromium. Without it the tests are skipped, unless REQUIRE_BROWSER=1.
import { spawn, type ChildProcess } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { fileURLToPath } from "node:url";
import { join } from "node:path";
import postgres from "postgres";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const CHROMIUM = process.env.CHROMIUM_PATH || "/usr/bin/chromium";
const HAVE_BROWSER = existsSync(CHROMIUM);
const REQUIRED = process.env.REQUIRE_BROWSER === "1";
const SKIP = !HAVE_BROWSER && !REQUIRED;
if (SKIP) console.log("browser tests skipped: no Chromium (install it with: apt-get install chromium)");

const SCREENSHOTS = process.env.SCREENSHOT_DIR ?? "/tmp";
const LONG = 90_000; // waits that include an adjudication or a first compile of a route

/** A full-page screenshot; with SCREENSHOT_SLICES=1 also 900 px high slices, easier to look at. */
async function shoot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`), fullPage: true });
  if (process.env.SCREENSHOT_SLICES !== "1") return;
  const { width, height } = await page.evaluate(() => ({ width: document.documentElement.scrollWidth, height: document.documentElement.scrollHeight }));
  for (let y = 0, i = 1; y < height; y += 900, i++)
    await page.screenshot({ path: join(SCREENSHOTS, `${name}-part${i}.png`), fullPage: true, clip: { x: 0, y, width, height: Math.min(900, height - y) } });
}

/** Newest modification time of any file under these paths. */
function newestMtime(paths: string[]): number {
  let newest = 0;
  const walk = (p: string) => {
    if (!existsSync(p)) return;
    const st = statSync(p);
    if (st.isDirectory()) for (const name of readdirSync(p)) walk(join(p, name));
    else newest = Math.max(newest, st.mtimeMs);
  };
  for (const p of paths) walk(join(ROOT, p));
  return newest;
}

function buildIsFresh(): boolean {
  const id = join(ROOT, ".next", "BUILD_ID");
  if (!existsSync(id)) return false;
  const sources = newestMtime(["app", "server", "db", "drizzle", "next.config.mjs", "package.json", "tsconfig.json"]);
  return statSync(id).mtimeMs > sources;
}

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    child.stdout.on("data", (d) => (output += d));
    child.stderr.on("data", (d) => (output += d));
    child.on("error", reject);
    child.on("exit", (code) => (code === 0 ? resolve() : reject(new Error(`${cmd} ${args.join(" ")} exited ${code}:\n${output.slice(-4000)}`))));
  });
}

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
      // The home page opens the database (and migrates PGlite) on its first request.
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

describe.skipIf(SKIP)("game loop in the browser", () => {
  let server: ChildProcess | undefined;
  let serverLog = "";
  const browserLog: string[] = [];
  let base = "";
  let tmp = "";
  let pgDatabase: { admin: string; name: string } | undefined;
  let browser: Browser | undefined;
  let ctxA: BrowserContext;
  let ctxB: BrowserContext;
  let a: Page;
  let b: Page;
  let gameId = 0;
  const run_ = randomBytes(3).toString("hex");
  const emailA = `alice-${run_}@example.com`;
  const emailB = `bruno-${run_}@example.com`;

  beforeAll(async () => {
    if (!HAVE_BROWSER) throw new Error(`REQUIRE_BROWSER=1 but there is no Chromium at ${CHROMIUM}: install it with apt-get install chromium, or set CHROMIUM_PATH`);

    const env: NodeJS.ProcessEnv = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };
    delete env.DATABASE_URL;
    delete (env as Record<string, string | undefined>).NODE_ENV; // next sets it; vitest's "test" would confuse the build
    if (!buildIsFresh()) await run(process.execPath, [join(ROOT, "node_modules/next/dist/bin/next"), "build"], env);

    tmp = mkdtempSync(join(tmpdir(), "lockstep-e2e-"));
    const port = await freePort();
    // "localhost", not 127.0.0.1: next-auth builds its redirects from the server's own host name, and a
    // callback to another origin would be refused (and the session cookie set for the wrong host).
    base = `http://localhost:${port}`;
    const serverEnv: NodeJS.ProcessEnv = {
      ...env,
      PGLITE_DIR: join(tmp, "pg"),
      DEV_MAILBOX: "1",
      AUTH_SECRET: "test-secret",
      RUN_WORKER: "1", // the in-process worker adjudicates the turn
      PORT: String(port),
    };
    delete serverEnv.SMTP_URL;
    if (process.env.DATABASE_URL) {
      // Same test against the Postgres server: a fresh database, migrated by the app at start.
      const name = `lockstep_e2e_${randomBytes(6).toString("hex")}`;
      const admin = postgres(process.env.DATABASE_URL, { max: 1, onnotice: () => {} });
      await admin.unsafe(`create database ${name}`);
      await admin.end();
      pgDatabase = { admin: process.env.DATABASE_URL, name };
      const url = new URL(process.env.DATABASE_URL);
      url.pathname = `/${name}`;
      serverEnv.DATABASE_URL = url.toString();
      serverEnv.DB_AUTO_MIGRATE = "1";
    }
    server = spawn(process.execPath, [join(ROOT, "node_modules/next/dist/bin/next"), "start", "-p", String(port), "-H", "localhost"], {
      cwd: ROOT,
      env: serverEnv,
      detached: true, // its own process group, so afterAll stops it and anything it started
      stdio: ["ignore", "pipe", "pipe"],
    });
    server.stdout!.on("data", (d) => (serverLog += d));
    server.stderr!.on("data", (d) => (serverLog += d));
    await waitForServer(`${base}/`, server, () => serverLog);

    browser = await chromium.launch({
      executablePath: CHROMIUM,
      args: ["--no-sandbox", "--headless=new", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run"],
    });
    // Two players in two time zones: each sees deadlines in their own.
    ctxA = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: "en-GB", timezoneId: "Europe/Berlin" });
    ctxB = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: "en-US", timezoneId: "Asia/Tokyo" });
    ctxA.setDefaultTimeout(30_000);
    ctxB.setDefaultTimeout(30_000);
    a = await ctxA.newPage();
    b = await ctxB.newPage();
    for (const [name, page] of [["a", a], ["b", b]] as const) {
      page.on("pageerror", (e) => browserLog.push(`[${name}] page error: ${e.message}`));
      page.on("console", (m) => m.type() === "error" && browserLog.push(`[${name}] console: ${m.text()}`));
    }
  }, 420_000);

  afterAll(async () => {
    await browser?.close().catch(() => {});
    await stopGroup(server);
    if (tmp) rmSync(tmp, { recursive: true, force: true });
    if (pgDatabase) {
      const admin = postgres(pgDatabase.admin, { max: 1, onnotice: () => {} });
      await admin.unsafe(`drop database if exists ${pgDatabase.name} with (force)`).catch(() => {});
      await admin.end();
    }
  }, 60_000);

  // One scenario in steps: after a failed step the rest are skipped, and the failure leaves screenshots
  // of both pages and the end of the server's log behind.
  let broken = false;
  beforeEach((ctx) => {
    if (broken) ctx.skip();
  });
  afterEach(async (ctx) => {
    if (ctx.task.result?.state !== "fail") return;
    broken = true;
    for (const [name, page] of [["a", a], ["b", b]] as const) {
      await page?.screenshot({ path: join(SCREENSHOTS, `lockstep-failed-${name}.png`), fullPage: true }).catch(() => {});
      console.log(`page ${name} at ${page?.url()}`);
    }
    console.log(`browser errors:\n${browserLog.slice(-20).join("\n")}`);
    console.log(`server log (end):\n${serverLog.slice(-3000)}`);
  });

  async function signIn(page: Page, email: string) {
    await page.goto(`${base}/signin?callbackUrl=%2Flobby`);
    await page.getByLabel("Email address").fill(email);
    await page.getByRole("button", { name: "Email me a sign-in link" }).click();
    await page.waitForURL(/\/signin\/check-email/, { timeout: LONG });
    await page.goto(`${base}/dev/mailbox`);
    const link = page.locator(`[data-testid="mailbox-link"][data-to="${email}"]`).first();
    const href = await link.getAttribute("href");
    expect(href).toBeTruthy();
    await page.goto(href!);
    await page.waitForURL(/\/lobby/, { timeout: LONG });
    await expect.poll(() => page.getByTestId("user-email").textContent()).toBe(email);
  }

  it("signs two players up through the dev mailbox", async () => {
    await signIn(a, emailA);
    await signIn(b, emailB);
  }, 180_000);

  it("A makes a challenge: Germany, robots for the Allies, Japan open", async () => {
    await a.getByLabel("Name").fill("Browser war");
    await a.getByTestId("seat-Germany-me").check();
    for (const n of ["Russia", "United Kingdom", "United States"]) await a.getByTestId(`seat-${n}-robot`).check();
    await a.getByTestId("create-challenge").click();
    const mine = a.getByTestId("my-games").getByRole("link", { name: "Browser war" });
    await mine.waitFor({ timeout: LONG });
    gameId = Number((await mine.getAttribute("href"))!.split("/").pop());
    expect(gameId).toBeGreaterThan(0);
    await expect.poll(() => a.getByTestId(`my-game-${gameId}`).textContent()).toContain("waiting for players");
  }, 120_000);

  it("B sees the challenge in the lobby and joins as Japan; the game starts", async () => {
    await b.goto(`${base}/lobby`);
    const join = b.getByTestId(`join-${gameId}-Japan`);
    await join.waitFor();
    await shoot(b, "lockstep-lobby-1280");
    await join.click();
    await b.waitForURL(new RegExp(`/game/${gameId}$`), { timeout: LONG });
    await b.getByTestId("turn-number").filter({ hasText: "Turn 1" }).waitFor();
    await a.goto(`${base}/game/${gameId}`);
    await a.getByTestId("turn-number").filter({ hasText: "Turn 1" }).waitFor();
    // Seats show players and robots; the deadline counts down in the viewer's zone.
    await expect.poll(() => a.getByTestId("seat-row-japan").textContent()).toContain("bruno");
    await expect.poll(() => a.getByTestId("deadline").textContent()).toMatch(/Europe\/Berlin.*\d+ h \d+ min left/);
    await expect.poll(() => b.getByTestId("deadline").textContent()).toMatch(/Asia\/Tokyo.*\d+ h \d+ min left/);
  }, 120_000);

  it("refuses A's illegal order with its rule, then saves a legal one", async () => {
    const editor = a.getByTestId("orders-germany");
    await editor.getByTestId("move-from-germany").fill("Germany");
    await editor.getByTestId("move-count-germany-infantry").fill("2");
    await editor.getByTestId("move-path-germany").fill("East Europe, Ukraine S.S.R.");
    await editor.getByTestId("add-move-germany").click();
    await editor.getByTestId("save-germany").click();
    const refusal = editor.getByTestId("refusal-m1");
    await refusal.waitFor();
    expect(await refusal.textContent()).toContain("R4.2");
    // The draft is kept; nothing was saved.
    expect(await editor.getByTestId("draft-order-m1").count()).toBe(1);
    expect(await editor.getByTestId("saved-germany").textContent()).toContain("Nothing saved");
    await shoot(a, "lockstep-game-refused-1280");

    await editor.getByRole("button", { name: "Remove order m1" }).click();
    await editor.getByTestId("move-from-germany").fill("Germany");
    await editor.getByTestId("move-count-germany-infantry").fill("2");
    await editor.getByTestId("move-path-germany").fill("East Europe");
    await editor.getByTestId("add-move-germany").click();
    await editor.getByTestId("save-germany").click();
    await expect.poll(() => editor.getByTestId("save-message-germany").textContent()).toContain("Saved 1 order");
    await expect.poll(() => editor.getByTestId("saved-germany").textContent()).toContain("Germany → East Europe");
  }, 120_000);

  it("B saves a legal order for Japan", async () => {
    const editor = b.getByTestId("orders-japan");
    await editor.getByTestId("move-from-japan").fill("Manchuria");
    await editor.getByTestId("move-count-japan-infantry").fill("1");
    await editor.getByTestId("move-path-japan").fill("Kwangtung");
    await editor.getByTestId("add-move-japan").click();
    await editor.getByTestId("save-japan").click();
    await expect.poll(() => editor.getByTestId("saved-japan").textContent()).toContain("Manchuria → Kwangtung");
  }, 60_000);

  it("both lock; both pages show the resolved turn live, without a reload", async () => {
    let reloadsA = 0;
    let reloadsB = 0;
    a.on("framenavigated", (f) => f === a.mainFrame() && reloadsA++);
    b.on("framenavigated", (f) => f === b.mainFrame() && reloadsB++);

    await a.getByTestId("lock-germany").click();
    await a.getByTestId("locked-tag-germany").waitFor();
    // B's page learns of A's lock from the event stream.
    await expect.poll(() => b.getByTestId("locked-germany").textContent(), { timeout: LONG }).toContain("✓");
    expect(await a.getByTestId("move-form-germany").count()).toBe(0); // read-only once locked

    await b.getByTestId("lock-japan").click();
    for (const page of [a, b]) {
      await page.getByTestId("turn-resolved-banner").waitFor({ timeout: LONG });
      await page.getByTestId("turn-number").filter({ hasText: "Turn 2" }).waitFor({ timeout: LONG });
      expect(await page.getByTestId("turn-resolved-banner").textContent()).toContain("Turn 1 resolved");
    }
    expect(reloadsA).toBe(0);
    expect(reloadsB).toBe(0);
    // The new turn's board: Germany's two infantry now stand in East Europe (3 + 2).
    await expect.poll(() => a.getByTestId("board-germany").textContent()).toContain("East Europe5 infantry");

    await shoot(a, "lockstep-game-1280");
    await a.setViewportSize({ width: 390, height: 844 });
    await shoot(a, "lockstep-game-390");
    await a.setViewportSize({ width: 1280, height: 900 });
  }, 180_000);

  it("the history shows turn 1's report with A's order completed", async () => {
    await a.getByTestId("turn-resolved-banner").getByRole("link", { name: "read what happened" }).click();
    await a.waitForURL(new RegExp(`/game/${gameId}/history#turn-1$`), { timeout: LONG });
    const turn1 = a.locator("#turn-1");
    await turn1.waitFor();
    const outcome = turn1.getByTestId("outcome-germany-m1");
    expect(await outcome.textContent()).toContain("completed");
    expect(await outcome.textContent()).toContain("East Europe");
    expect(await turn1.getByTestId("outcome-japan-m1").textContent()).toContain("completed");
    expect(await turn1.getByTestId("seed-1").textContent()).toMatch(/^[0-9a-f]{64}$/);
    // The same history as a file, with the signed-in player's cookies.
    const file = await a.request.get(`${base}/game/${gameId}/history/download`);
    expect(file.status()).toBe(200);
    const json = (await file.json()) as { phases: { turn: number; seed: string | null }[] };
    expect(json.phases.find((p) => p.turn === 1)?.seed).toMatch(/^[0-9a-f]{64}$/);
    await shoot(a, "lockstep-history-1280");
    await a.setViewportSize({ width: 390, height: 844 });
    await shoot(a, "lockstep-history-390");
    await a.setViewportSize({ width: 1280, height: 900 });
  }, 90_000);

  it("turn 2: A attacks Karelia, decides the Axis casualties in the browser, and the turn resolves", async () => {
    await a.goto(`${base}/game/${gameId}`);
    const editor = a.getByTestId("orders-germany");
    await editor.getByTestId("move-from-germany").fill("East Europe");
    await editor.getByTestId("move-count-germany-infantry").fill("5");
    await editor.getByTestId("move-count-germany-armour").fill("1");
    await editor.getByTestId("move-path-germany").fill("Karelia S.S.R.");
    await editor.getByTestId("add-move-germany").click();
    await editor.getByTestId("save-germany").click();
    await expect.poll(() => editor.getByTestId("saved-germany").textContent()).toContain("East Europe → Karelia S.S.R.");
    await a.getByTestId("lock-germany").click();
    await a.getByTestId("locked-tag-germany").waitFor();
    await b.getByTestId("turn-number").filter({ hasText: "Turn 2" }).waitFor();
    await b.getByTestId("lock-japan").click();

    // Each round in which the Allies score hits asks Germany (the Axis lead) for casualties: take the default.
    const turn3 = a.getByTestId("turn-number").filter({ hasText: "Turn 3" });
    const request = a.locator('[data-testid^="decision-karelia-s-s-r-"]');
    let decided = 0;
    for (;;) {
      await turn3.or(request).first().waitFor({ timeout: LONG });
      if (await turn3.isVisible()) break;
      const id = (await request.first().getAttribute("data-testid"))!;
      if (decided === 0) await shoot(a, "lockstep-game-battle-1280");
      const form = a.getByTestId(id);
      if (id.endsWith("-retreat")) await form.getByRole("button", { name: "Fight on" }).click();
      else await form.getByRole("button", { name: "Take the default (R6.9)" }).click();
      decided++;
      // The decided request leaves the page once recorded; the next round may bring another.
      await form.waitFor({ state: "detached", timeout: LONG });
      expect(decided).toBeLessThan(20);
    }
    await b.getByTestId("turn-number").filter({ hasText: "Turn 3" }).waitFor({ timeout: LONG });

    await a.goto(`${base}/game/${gameId}/history#turn-2`);
    const turn2 = a.locator("#turn-2");
    await turn2.getByTestId("battle-karelia-s-s-r-").waitFor();
    expect(await turn2.getByTestId("battle-karelia-s-s-r-").getByTestId("battle-winner").textContent()).toMatch(/Axis won|Allies won|no winner/);
    await shoot(a, "lockstep-history-battle-1280");
  }, 240_000);

  it("notifications list the resolved turn and can be marked read", async () => {
    await b.goto(`${base}/notifications`);
    await expect.poll(() => b.getByTestId("notifications").textContent(), { timeout: LONG }).toContain("turn 1 resolved");
    await shoot(b, "lockstep-notifications-1280");
    await b.getByTestId("mark-all-read").click();
    await expect.poll(() => b.getByTestId("notification-count").count()).toBe(0);
  }, 90_000);
});
