// The production server (front-server.mjs) answers a turn's hot tRPC mutations itself and hands every
// other request to Next. Its answers must be Next's: the same request sent once as the hot path
// (`orders.save`) and once as a path the front server leaves to Next (`orders%2Esave`, which tRPC
// decodes to the same procedure) gets the same status, body and headers, in one production server on
// the test's database (PGlite: made first, then the server opens it alone; or DATABASE_URL's Postgres).
// Pages still get their CSP nonce, and a sign-out through Next ends the session for the hot path too.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { request } from "node:http";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDb } from "../../db/client";
import { HOT, isHot } from "../../front-server.mjs";
import { makeGames, type LoadGame } from "../../scripts/loadtest/players";
import { saveLists } from "../../scripts/loadtest/run";
import { ensureBuild } from "../support/next-build";
import { throwAwayDatabase } from "../support/throw-away-db";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

function send(url: string, method: string, headers: Record<string, string>, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method, headers: body === undefined ? headers : { ...headers, "content-length": String(Buffer.byteLength(body)) } }, (res) => {
      let text = "";
      res.setEncoding("latin1");
      res.on("data", (c: string) => (text += c));
      res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    req.on("error", reject);
    req.end(body);
  });
}

/** An answer without what differs between any two answers (the date). */
function comparable(a: Answer): Answer {
  const { date: _date, ...headers } = a.headers;
  return { ...a, headers };
}

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer().listen(0, "127.0.0.1", () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

let base = "";
let server: ChildProcess | undefined;
let log = "";
let game: LoadGame;
let cleanup: () => Promise<void> = async () => {};
const lists = saveLists();

beforeAll(async () => {
  const env: NodeJS.ProcessEnv = { ...process.env, NEXT_TELEMETRY_DISABLED: "1" };
  delete (env as Record<string, string | undefined>).NODE_ENV; // next sets it
  await ensureBuild(env);
  const tmp = mkdtempSync(join(tmpdir(), "lockstep-front-"));
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  const serverEnv: NodeJS.ProcessEnv = { ...env, AUTH_URL: base, AUTH_SECRET: "test-secret", RUN_WORKER: "0", MAIL_DIR: join(tmp, "mail") };
  delete serverEnv.SMTP_URL;
  if (process.env.DATABASE_URL) {
    const db = await throwAwayDatabase(process.env.DATABASE_URL, "lockstep_front");
    game = (await makeGames(db.handle, 1, "front"))[0]!;
    serverEnv.DATABASE_URL = db.url;
    cleanup = async () => {
      await db.drop();
      rmSync(tmp, { recursive: true, force: true });
    };
  } else {
    // One PGlite per process: the games are made first, then the server opens the directory alone.
    const dir = join(tmp, "pg");
    const handle = await createDb({ dir, migrate: true });
    game = (await makeGames(handle, 1, "front"))[0]!;
    await handle.close();
    serverEnv.PGLITE_DIR = dir;
    cleanup = async () => rmSync(tmp, { recursive: true, force: true });
  }
  server = spawn(process.execPath, [join(ROOT, "front-server.mjs"), "-p", String(port), "-H", "127.0.0.1"], { cwd: ROOT, env: serverEnv, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  server.stdout!.on("data", (d) => (log += d));
  server.stderr!.on("data", (d) => (log += d));
  for (let tries = 0; ; tries++) {
    if (server.exitCode !== null) throw new Error(`front-server.mjs exited ${server.exitCode}:\n${log}`);
    const up = await send(`${base}/`, "GET", {}).then(
      (a) => a.status < 500,
      () => false,
    );
    if (up) break;
    if (tries > 600) throw new Error(`front-server.mjs did not answer:\n${log}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}, 720_000);

afterAll(async () => {
  if (server?.pid && server.exitCode === null) {
    const exited = new Promise((r) => server!.once("exit", r));
    process.kill(-server.pid, "SIGTERM");
    await exited;
  }
  await cleanup();
});

/** The same request through the front server's hot path and through Next (the path's dot encoded). */
async function bothWays(paths: string, query: string, headers: Record<string, string>, body?: string): Promise<{ front: Answer; next: Answer }> {
  const throughNext = paths.replace(".", "%2E");
  expect(isHot("POST", `/api/trpc/${paths}${query}`)).toBe(true);
  expect(isHot("POST", `/api/trpc/${throughNext}${query}`)).toBe(false);
  const front = await send(`${base}/api/trpc/${paths}${query}`, "POST", headers, body);
  const next = await send(`${base}/api/trpc/${throughNext}${query}`, "POST", headers, body);
  return { front: comparable(front), next: comparable(next) };
}

const json = { "content-type": "application/json", "accept-encoding": "gzip, deflate, br", "x-request-id": "front-test-1" };

describe("front-server.mjs", () => {
  it("routes only POSTs of hot procedures past Next", () => {
    expect(isHot("POST", "/api/trpc/orders.save")).toBe(true);
    expect(isHot("POST", "/api/trpc/orders.save,orders.lock,battle.decide?batch=1")).toBe(true);
    expect(isHot("GET", "/api/trpc/orders.save")).toBe(false);
    expect(isHot("POST", "/api/trpc/orders.save,game.get?batch=1")).toBe(false);
    expect(isHot("POST", "/api/trpc/game.create")).toBe(false);
    expect(isHot("POST", "/api/trpcx/orders.save")).toBe(false);
    expect(HOT.has("play.save")).toBe(true);
  });

  it("answers a save as Next does: status, body and headers (security headers, no-transform, request id)", async () => {
    const { cookie } = game.players.Germany;
    const { front, next } = await bothWays("orders.save", "", { ...json, cookie }, JSON.stringify({ gameId: game.gameId, nation: "Germany", orders: lists.Germany }));
    expect(front.status).toBe(200);
    expect(front.headers["x-frame-options"]).toBe("DENY");
    expect(front.headers["strict-transport-security"]).toMatch(/max-age=/);
    expect(front.headers["cache-control"]).toBe("no-store, no-transform");
    expect(front.headers["x-request-id"]).toBe("front-test-1");
    expect(front.headers["content-encoding"]).toBeUndefined();
    expect(front).toEqual(next);
  });

  it("answers a batch as Next does", async () => {
    const { cookie } = game.players.Japan;
    const input = { 0: { gameId: game.gameId, nation: "Japan", orders: lists.Japan }, 1: { gameId: game.gameId, nation: "Japan" } };
    const { front, next } = await bothWays("orders.save,orders.unlock", "?batch=1", { ...json, cookie }, JSON.stringify(input));
    expect(front.status).toBe(200);
    expect(JSON.parse(front.body)).toHaveLength(2);
    expect(front).toEqual(next);
  });

  it("answers bad input, another player's nation and a missing session as Next does (400, 403, 401)", async () => {
    const { cookie } = game.players.Germany;
    const bad = await bothWays("orders.save", "", { ...json, cookie }, JSON.stringify({ gameId: game.gameId, nation: "Atlantis", orders: [] }));
    expect(bad.front.status).toBe(400);
    expect(bad.front).toEqual(bad.next);
    const other = await bothWays("orders.save", "", { ...json, cookie }, JSON.stringify({ gameId: game.gameId, nation: "Japan", orders: lists.Japan }));
    expect(other.front.status).toBe(403);
    expect(other.front).toEqual(other.next);
    const anonymous = await bothWays("orders.lock", "", json, JSON.stringify({ gameId: game.gameId, nation: "Germany" }));
    expect(anonymous.front.status).toBe(401);
    expect(anonymous.front).toEqual(anonymous.next);
  });

  it("refuses a body over the limit as Next does (413)", async () => {
    const { cookie } = game.players.Germany;
    const { front, next } = await bothWays("orders.save", "", { ...json, cookie }, `{"gameId":1,"pad":"${"x".repeat(1024 * 1024)}"}`);
    expect(front.status).toBe(413);
    expect(front).toEqual(next);
  });

  it("answers malformed JSON as Next does, without internals", async () => {
    const { cookie } = game.players.Germany;
    const { front, next } = await bothWays("orders.save", "", { ...json, cookie }, "{not json");
    expect(front.status).toBe(400);
    expect(front.body).not.toMatch(/at .*\.js|node_modules/);
    expect(front).toEqual(next);
  });

  it("leaves pages to Next: security headers and a fresh CSP nonce on the page's scripts", async () => {
    const page = await send(`${base}/signin`, "GET", {});
    expect(page.status).toBe(200);
    expect(page.headers["x-content-type-options"]).toBe("nosniff");
    const nonce = /'nonce-([^']+)'/.exec(String(page.headers["content-security-policy"]))?.[1];
    expect(nonce).toBeTruthy();
    expect(page.body).toContain(`nonce="${nonce}"`);
    const again = await send(`${base}/signin`, "GET", {});
    expect(again.headers["content-security-policy"]).not.toBe(page.headers["content-security-policy"]);
  });

  it("ends a session signed out through Next for the hot path at once", async () => {
    const { cookie } = game.players.Russia;
    const save = () => send(`${base}/api/trpc/orders.save`, "POST", { ...json, cookie }, JSON.stringify({ gameId: game.gameId, nation: "Russia", orders: lists.Russia }));
    expect((await save()).status).toBe(200); // the session is now trusted by the process for a few seconds
    const csrf = await send(`${base}/api/auth/csrf`, "GET", { cookie });
    const csrfCookie = [csrf.headers["set-cookie"] ?? []].flat().map((c) => c.split(";")[0]).join("; ");
    const { csrfToken } = JSON.parse(csrf.body) as { csrfToken: string };
    const out = await send(`${base}/api/auth/signout`, "POST", { "content-type": "application/x-www-form-urlencoded", cookie: `${cookie}; ${csrfCookie}` }, new URLSearchParams({ csrfToken }).toString());
    expect(out.status).toBeLessThan(400);
    expect((await save()).status).toBe(401);
  });
});
