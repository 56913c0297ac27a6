// The public API's 1942 challenge (POST /challenges, play.create1942): the body programs have always
// sent makes a 1942 game played a phase at a time, the same game POST /play/challenges makes of the
// same choices (every field carried); other users join it through the API and play its first turn on
// the play routes — orders, a battle decision (low luck: Germany's attack on Karelia is hit at least
// twice on every roll, so it chooses casualties), post-combat — with every batch secret from the other
// players, a spectator and an outsider until the turn is over. A bad body is a 400 naming the field
// and makes nothing; the classic 1942 routes answer such a game with a 400 naming the play route.
import { describe, expect, it } from "vitest";
import { count, eq } from "drizzle-orm";
import { games, seats } from "../../db/schema";
import type { TokenScope } from "../../db/schema";
import { drain } from "../../server/jobs/worker";
import type { DecisionRequest } from "../../server/rulesets/1942/engine";
import { createToken } from "../../server/services/api-tokens";
import { handle, route } from "./api-world";
import { otherChoice } from "../support/casualty-choice";
import { callerFor, makeUser, QUICK } from "../support/world";

const { API_ROUTES, matchRoute } = await import("../../server/api/public/routes");

type Method = "GET" | "POST" | "PUT";
async function api(method: Method, path: string, token: string | null, body?: unknown) {
  const headers: Record<string, string> = { ...(token ? { authorization: `Bearer ${token}` } : {}), "content-type": "application/json" };
  const res = await route[method](new Request(`http://localhost/api/v1${path}`, { method, headers, ...(body === undefined ? {} : { body: JSON.stringify(body) }) }));
  const text = await res.text();
  return { status: res.status, text, body: text ? JSON.parse(text) : null };
}

let users = 0;
async function player(scopes: TokenScope[] = ["read", "play"]) {
  const user = await makeUser(handle, `challenge-1942-${++users}@example.com`);
  return { user, token: (await createToken(handle.db, user.id, { name: "t", scopes, days: 1 })).token };
}

const gameCount = async () => (await handle.db.select({ n: count() }).from(games))[0]!.n;
const storedGame = async (gameId: number) => (await handle.db.select().from(games).where(eq(games.id, gameId)))[0]!;
/** A game's seats as stored, the challenger's user shown as "me". */
async function seatsOf(gameId: number, me: string) {
  const rows = await handle.db.select().from(seats).where(eq(seats.gameId, gameId));
  return rows.map((s) => ({ nation: s.nation, robot: s.robot, user: s.userId === me ? "me" : s.userId, reservedFor: s.reservedFor })).sort((a, b) => a.nation.localeCompare(b.nation));
}

/** Every object inside a value (a report), depth first. */
function* objectsIn(value: unknown): Generator<Record<string, unknown>> {
  if (Array.isArray(value)) for (const v of value) yield* objectsIn(v);
  else if (value && typeof value === "object") {
    yield value as Record<string, unknown>;
    for (const v of Object.values(value)) yield* objectsIn(v);
  }
}

const KARELIA = { name: "Karelia by API", nations: ["Germany"], robots: ["Japan", "United States"], lowLuck: true, ordersHours: 24, decisionHours: 2, robotsHold: true };

describe("POST /challenges", () => {
  it("makes the game POST /play/challenges makes of the same choices: every field of the classic body carried", async () => {
    const bot = await player();
    expect(await callerFor(handle, bot.user).settings.setBot({ bot: true })).toEqual({ bot: true });
    const houseRules = { victoryCities: true, minorVictoryTurn: 6, vcInfantry: true, commerceRaiding: true };
    const daily = { ordersAt: { time: "18:00", zone: "Europe/Berlin" }, decisionsAt: { time: "07:30", zone: "America/Chicago" } };
    const platform = { robotTakeover: 2, press: "public", anonymous: true, excusedMisses: 2, honourVacations: true, minReliability: 40, minFinishedGames: 1 };
    const cases = [
      {
        classic: { name: "Carried", nations: ["Germany"], robots: ["United States"], bots: [{ nation: "Japan", player: bot.user.id }], lowLuck: true, houseRules, ordersHours: 30, decisionHours: 3, robotsHold: false, ...daily, ...platform },
        phased: { name: "Carried", ruleset: "1942", scenario: "standard", seats: 5, mine: ["Germany"], robots: ["United States"], bots: [{ side: "Japan", player: bot.user.id }], rules: { lowLuck: true, houseRules }, ordersHours: 30, decisionHours: 3, robotsHold: false, ...daily, ...platform },
      },
      {
        // Rated (no robots, no practice); house rules all off are none, as the lobby's form stores them.
        classic: { name: "Rated", nations: ["Germany", "Japan"], robots: [], lowLuck: false, houseRules: { victoryCities: false }, ordersHours: 12, decisionHours: 1, rated: true, scenario: "standard" },
        phased: { name: "Rated", ruleset: "1942", scenario: "standard", seats: 5, mine: ["Germany", "Japan"], robots: [], rules: { lowLuck: false }, ordersHours: 12, decisionHours: 1, rated: true },
      },
    ];
    for (const { classic, phased } of cases) {
      const [a, b] = [await player(), await player()];
      const made = await api("POST", "/challenges", a.token, classic);
      expect(made.status, made.text).toBe(200);
      expect(made.body).toEqual({ gameId: expect.any(Number), started: false });
      const twin = await api("POST", "/play/challenges", b.token, phased);
      expect(twin.status, twin.text).toBe(200);
      const [mine, theirs] = [await storedGame(made.body.gameId), await storedGame(twin.body.gameId)];
      expect(mine).toMatchObject({ ruleset: "1942", scenario: "standard", status: "open" });
      expect(mine.options).toEqual(theirs.options);
      expect(await seatsOf(mine.id, a.user.id)).toEqual(await seatsOf(theirs.id, b.user.id));
      // Played a phase at a time: the play routes read it, as the lobby's own games.
      const read = await api("GET", `/play/${mine.id}`, a.token);
      expect(read.status).toBe(200);
      expect(read.body.game).toMatchObject({ ruleset: "1942", scenario: "standard", status: "open" });
    }
  });

  it("refuses a bad body with a 400 naming the field, and makes no game", async () => {
    const { token } = await player();
    const before = await gameCount();
    const refusals: [unknown, RegExp][] = [
      [{ ...KARELIA, seats: 5 }, /seats/],
      [{ ...KARELIA, ruleset: "interplanetary" }, /ruleset/],
      [{ ...KARELIA, rules: { lowLuck: true } }, /rules/],
      [{ ...KARELIA, scenario: "europe" }, /scenario "europe"/],
      [{ ...KARELIA, lowLuck: undefined }, /^Bad input: lowLuck: /],
      [{ ...KARELIA, nations: ["Atlantis"] }, /^Bad input: nations\.0: /],
      [{ ...KARELIA, houseRules: { victoryCitys: true } }, /victoryCitys/],
      [{ ...KARELIA, ordersHours: 0 }, /^Bad input: ordersHours: /],
      [{ ...KARELIA, bots: [{ nation: "Russia", player: "Nobody at all" }] }, /No account is called "Nobody at all"/],
      [{ ...KARELIA, robotsHold: false, rated: true }, /no robots/],
      [{ ...KARELIA, nations: ["Germany"], robots: ["Germany"] }, /Germany/],
    ];
    for (const [body, field] of refusals) {
      const refused = await api("POST", "/challenges", token, body);
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.body.error.code).toBe("BAD_REQUEST");
      expect(refused.body.error.message, JSON.stringify(body)).toMatch(field);
    }
    // A read-only token may not make challenges.
    expect((await api("POST", "/challenges", (await player(["read"])).token, KARELIA)).status).toBe(403);
    expect(await gameCount()).toBe(before);
  });
});

describe("a 1942 challenge made through POST /challenges", () => {
  it("is joined through the API by two users and its first turn played on the play routes, each batch secret until the turn is over", async () => {
    const [alice, bob, carol, dave] = [await player(), await player(), await player(), await player(["read"])];
    const made = await api("POST", "/challenges", alice.token, KARELIA);
    expect(made.body).toEqual({ gameId: expect.any(Number), started: false });
    const gameId = made.body.gameId as number;
    // One joins by the classic join route (a program written against it), the other by the play route.
    expect((await api("POST", `/games/${gameId}/join`, bob.token, { nation: "Russia" })).body).toEqual({ started: false });
    expect((await api("POST", `/play/${gameId}/sides/United%20Kingdom/join`, carol.token)).body).toEqual({ started: true });
    const players = [
      { ...alice, side: "Germany" },
      { ...bob, side: "Russia" },
      { ...carol, side: "United Kingdom" },
    ];

    const SECRET = "karelia-secret-2231";
    const first = await api("GET", `/play/${gameId}`, alice.token);
    expect(first.body.phase).toMatchObject({ status: "open", decision: false, step: { id: "orders", index: 0 } });
    const question = encodeURIComponent(JSON.stringify({ from: "East Europe", units: { infantry: 3, armour: 1 }, earlier: [] }));
    const where = await api("GET", `/play/${gameId}/sides/Germany/questions/destinations?question=${question}`, alice.token);
    expect(where.body.destinations).toContainEqual(expect.objectContaining({ territory: "Karelia S.S.R.", path: ["Karelia S.S.R."] }));
    const attack = [{ id: SECRET, units: { infantry: 3, armour: 1 }, from: "East Europe", path: ["Karelia S.S.R."] }];
    expect((await api("PUT", `/play/${gameId}/sides/Germany/orders`, alice.token, { phase: "orders", orders: attack })).body).toEqual({ ok: true });

    /** Everything the read routes give a token of this game: none may carry another side's batch. */
    const reads = async (token: string) => {
      const texts: string[] = [];
      for (const path of [`/play/${gameId}`, `/play/${gameId}?side=Germany`, `/play/${gameId}/history`, `/play/${gameId}/turns/1`, `/play/${gameId}/turns/1/report`, `/play/${gameId}/download`, "/games", `/games/${gameId}/history`, `/games/${gameId}/events`]) {
        const res = await api("GET", path, token);
        expect(res.status, path).toBe(200);
        texts.push(res.text);
      }
      return texts.join("\n");
    };
    const othersRead = async () => [await reads(bob.token), await reads(carol.token), await reads(dave.token)];
    expect(await reads(alice.token)).toContain(SECRET);
    for (const text of await othersRead()) expect(text).not.toContain(SECRET);
    expect((await api("GET", `/play/${gameId}`, null)).status).toBe(401);
    // Another player acts for Germany: refused, nothing changed.
    expect((await api("PUT", `/play/${gameId}/sides/Germany/orders`, bob.token, { orders: [] })).status).toBe(403);
    expect((await api("POST", `/play/${gameId}/sides/Germany/lock`, carol.token)).status).toBe(403);
    expect((await api("GET", `/play/${gameId}`, alice.token)).body.saved).toEqual(attack);

    for (const p of players) {
      if (p.side !== "Germany") expect((await api("PUT", `/play/${gameId}/sides/${encodeURIComponent(p.side)}/orders`, p.token, { orders: [] })).body).toEqual({ ok: true });
      expect((await api("POST", `/play/${gameId}/sides/${encodeURIComponent(p.side)}/lock`, p.token)).status).toBe(200);
    }
    await drain(handle, "test");

    // The rest of turn 1, phase by phase: each player answers what the open phase asks of its side.
    const chosen: number[][] = [];
    for (let guard = 0; ; guard++) {
      expect(guard).toBeLessThan(20);
      const now = (await api("GET", `/play/${gameId}`, alice.token)).body;
      if (now.turn > 1 || now.phase.status !== "open") break;
      expect(now.phase.decision).toBe(true);
      for (const p of players.filter((q) => now.phase.sides.includes(q.side) && !now.phase.locked.includes(q.side))) {
        const sidePath = `/play/${gameId}/sides/${encodeURIComponent(p.side)}`;
        const view = (await api("GET", `/play/${gameId}?side=${encodeURIComponent(p.side)}`, p.token)).body.view;
        if (view.stage === "battles") {
          const requests = (view.requests as DecisionRequest[]).filter((r) => r.chooser === p.side && !(r.kind === "casualties" && r.forced));
          // Germany chooses casualties other than the default where it can: the report must show its choice.
          const choices = requests.map((r) => ({ battle: r.battle, round: r.round, step: r.kind === "casualties" ? r.step : "retreat", decision: p.side === "Germany" ? otherChoice(r) : { kind: "retreat", submerge: [], withdraw: [] } }));
          const batch = { choices: choices.filter((c, i) => p.side === "Germany" || requests[i]!.kind === "retreat") };
          expect((await api("PUT", `${sidePath}/orders`, p.token, { phase: now.phase.step.id, orders: batch })).body).toEqual({ ok: true });
          if (p.side === "Germany" && batch.choices.length > 0) {
            for (const c of batch.choices) if (c.decision.kind === "casualties") chosen.push([...(c.decision as { units: number[] }).units].sort());
            // A unit named twice is refused by the rules and leaves the saved batch as it was.
            const first = batch.choices[0]!;
            if (first.decision.kind === "casualties") {
              const unit = (first.decision as { units: number[] }).units[0]!;
              const twice = await api("PUT", `${sidePath}/orders`, p.token, { orders: { choices: [{ ...first, decision: { kind: "casualties", units: [unit, unit] } }] } });
              expect(twice.body).toMatchObject({ ok: false, rule: "R6.6" });
            }
            const saved = JSON.stringify((await api("GET", `/play/${gameId}?side=Germany`, p.token)).body.saved);
            expect(saved).toContain('"choices"');
            for (const text of await othersRead()) expect(text).not.toContain(saved);
          }
        } else {
          expect(view.stage).toBe("post-combat");
          const air = (view.choices?.air ?? []) as { type: string; from: string; defaults: { to: string | null; count: number }[] }[];
          const landings = air.flatMap((a) => a.defaults.filter((d) => d.to !== null).map((d) => ({ type: a.type, count: d.count, from: a.from, to: d.to })));
          expect((await api("PUT", `${sidePath}/orders`, p.token, { phase: "post-combat", orders: { landings, aaMoves: [] } })).body).toEqual({ ok: true });
        }
        expect((await api("POST", `${sidePath}/lock`, p.token)).status).toBe(200);
      }
      await drain(handle, "test");
    }
    // Low luck: 13 points of defence in Karelia hit Germany at least twice in round 1, and it has two kinds to lose.
    expect(chosen.length).toBeGreaterThan(0);
    const after = (await api("GET", `/play/${gameId}`, alice.token)).body;
    expect(after).toMatchObject({ turn: 2, phase: { status: "open", step: { id: "orders" } } });

    // The turn is over: its orders are everyone's, and its report tells Germany's choices as the player's.
    for (const text of await othersRead()) expect(text).toContain(SECRET);
    const report = (await api("GET", `/play/${gameId}/turns/1/report`, dave.token)).body;
    expect(report.resolved).toBe(true);
    const told = [...objectsIn(report.report)].filter((o) => o.chooser === "Germany" && o.by === "player" && Array.isArray(o.units));
    expect(told.map((o) => [...(o.units as number[])].sort())).toEqual(expect.arrayContaining(chosen));
  }, 180_000);
});

describe("the classic 1942 routes", () => {
  /** A legal input for each classic route, so the refusal is about the game, never the input. */
  const BODIES: Record<string, unknown> = {
    "orders.save": { orders: [] },
    "battle.decide": { battle: "Karelia S.S.R.", round: 1, step: "general", decision: { kind: "casualties", units: [] } },
    "postCombat.save": { landings: [], aaMoves: [] },
  };
  const QUERIES: Record<string, string> = {
    "orders.destinations": `?group=${encodeURIComponent(JSON.stringify({ from: "Germany", units: { infantry: 1 } }))}&earlier=[]`,
    "orders.placements": "?earlier=[]",
  };
  const classicRoutes = API_ROUTES.filter((r) => r.playInstead);
  const pathOf = (path: string, gameId: number) => path.replace("{gameId}", String(gameId)).replace("{nation}", "Germany").replace("{turn}", "1");

  it("answer a game played a phase at a time with a 400 naming the play route to use, to a player and a stranger alike", async () => {
    const [alice, stranger] = [await player(), await player()];
    const { gameId } = (await api("POST", "/challenges", alice.token, { ...KARELIA, robots: ["Japan", "Russia", "United Kingdom", "United States"] })).body;
    const interplanetary = (await callerFor(handle, alice.user).play.create({ name: "Race", ruleset: "interplanetary", scenario: "training", seats: 2, mine: ["red"], ordersHours: 24 })).gameId;
    expect(classicRoutes.length).toBe(10);
    for (const [id, lead] of [
      [gameId, "This 1942 game is played a phase at a time"],
      [interplanetary, "This game is Interplanetary, not 1942"],
    ] as const) {
      for (const r of classicRoutes) {
        for (const token of [alice.token, stranger.token]) {
          const path = pathOf(r.path, id);
          const refused = await api(r.method as Method, path + (QUERIES[r.procedure] ?? ""), token, r.method === "GET" ? undefined : BODIES[r.procedure]);
          const use = `${r.playInstead!.split(" ")[0]} /api/v1${pathOf(r.playInstead!.split(" ")[1]!, id).replace("{side}", "Germany")}`;
          expect(refused.status, `${r.method} ${path}`).toBe(400);
          expect(refused.body.error).toEqual({ code: "BAD_REQUEST", message: `${lead}: use ${use}`, details: { use } });
          // The route it names is a play route of the table.
          const [method, where] = use.split(" ") as [string, string];
          const found = matchRoute(method, where.replace("/api/v1", ""));
          expect("route" in found && found.route.procedure.startsWith("play.")).toBe(true);
        }
      }
    }
    // Nothing was saved or locked for Germany by any of those calls.
    expect((await api("GET", `/play/${gameId}`, alice.token)).body).toMatchObject({ saved: null, phase: { status: "open", locked: ["Japan", "Russia", "United Kingdom", "United States"] } });
  });

  it("still play a classic 1942 game, made through the site's game.create", async () => {
    const { user, token } = await player();
    const { gameId } = await callerFor(handle, user).game.create({ name: "Classic", nations: ["Germany"], robots: ["Japan", "Russia", "United Kingdom", "United States"], ...QUICK });
    for (const r of classicRoutes.filter((c) => ["game.get", "orders.save", "orders.destinations", "orders.placements", "orders.lock"].includes(c.procedure))) {
      const res = await api(r.method as Method, pathOf(r.path, gameId) + (QUERIES[r.procedure] ?? ""), token, r.method === "GET" ? undefined : BODIES[r.procedure]);
      expect(res.status, `${r.method} ${r.path}: ${res.text}`).toBe(200);
    }
    // And the play routes refuse it, by name.
    expect((await api("GET", `/play/${gameId}`, token)).body.error.message).toMatch(/1942 game/);
  });
});
