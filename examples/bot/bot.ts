// An example bot (issue 23; docs/api.md "An example bot"): it plays its nations of one 1942 game
// through the public HTTP API alone — plain fetch with a token, nothing of the server imported — until
// the game ends. A 1942 game is played a phase at a time (POST /challenges makes one), each phase
// through the play routes (/play/{gameId}/sides/{side}/...). Each round it reads the game as each of
// its nations sees it and does what the open phase asks of that nation:
//   orders       → buy infantry, attack a neighbour only with good odds, hold the rest; save, lock
//   battles      → answer its casualty requests with the default, retreat nothing; save, lock
//   post-combat  → land its planes where the default puts them; save, lock
// then waits for the game's next event with the events long-poll. Small on purpose: a starting point.

/** A unit of the board, as GET /play/{gameId} shows the orders phase's state. */
interface Unit {
  id: number;
  nation: string;
  type: string;
  at: string;
  aboard?: number;
}

type Request =
  | { kind: "casualties"; battle: string; round: number; step: string; chooser: string; forced: boolean; default: number[] }
  | { kind: "retreat"; battle: string; round: number; chooser: string };

/** What the bot reads of GET /play/{gameId}?side=… (the rest of the answer is ignored). */
interface PlayView {
  game: { status: "open" | "active" | "finished" };
  seats: { side: string; team?: string }[];
  mySides: string[];
  turn: number;
  phase: null | { status: "open" | "resolving" | "finished"; sides: string[]; locked: string[]; step: { id: string } | null };
  /** The phase's board as this side sees it: the turn's state while orders are open, else the stage of the turn. */
  view:
    | { stage?: undefined; units: Unit[]; owners: Record<string, string> }
    | { stage: "battles"; requests: Request[] }
    | { stage: "post-combat"; choices?: { air: { type: string; from: string; defaults: { to: string | null; count: number }[] }[] } };
  result: null | { over: boolean; winners?: string[]; draw?: boolean; reason?: string };
}

type Order = { id: string; units: Record<string, number>; from: string; path: string[] } | { id: string; type: string; count: number; destination: string; from?: string };

export interface BotOptions {
  /** The API's base, e.g. https://lockstep.example.org/api/v1 */
  base: string;
  token: string;
  gameId: number;
  /** How long one events long-poll waits, in seconds (at most 25). */
  waitSeconds?: number;
  /** Stop after this many rounds of reading and acting (a guard; a game normally ends first). */
  maxRounds?: number;
  fetch?: typeof fetch;
  log?: (line: string) => void;
}

/** Attack and defence of the land units the bot moves (1942's unit table); others it leaves where they are. */
const LAND: Record<string, { attack: number; defence: number }> = { infantry: { attack: 1, defence: 2 }, artillery: { attack: 2, defence: 2 }, armour: { attack: 3, defence: 3 } };
const DEFENCE: Record<string, number> = { infantry: 2, artillery: 2, armour: 3, fighter: 4, bomber: 1, submarine: 1, destroyer: 2, cruiser: 3, carrier: 2, battleship: 4 };
/** Attack only when our strength is at least this many times theirs (a rough "good odds"). */
const ODDS = 2;

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
    message: string,
  ) {
    super(message);
  }
}

/** Plays until the game is finished; returns its result and the turn it ended in. */
export async function playGame(options: BotOptions) {
  const doFetch = options.fetch ?? fetch;
  const log = options.log ?? ((line: string) => console.log(line));
  const wait = Math.min(options.waitSeconds ?? 25, 25);
  const game = `/play/${options.gameId}`;

  async function api<T>(method: "GET" | "POST" | "PUT", path: string, body?: unknown): Promise<T> {
    for (;;) {
      const res = await doFetch(`${options.base}${path}`, {
        method,
        headers: { authorization: `Bearer ${options.token}`, "content-type": "application/json" },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      const text = await res.text();
      const parsed: unknown = text ? JSON.parse(text) : null;
      // Over the rate limit, or the database is away a moment: wait as asked, then try again.
      if (res.status === 429 || res.status === 503) {
        await sleep(Number(res.headers.get("retry-after") ?? "1") * 1000);
        continue;
      }
      if (!res.ok) throw new ApiError(res.status, parsed, `${method} ${path}: ${res.status} ${(parsed as { error?: { message?: string } })?.error?.message ?? text}`);
      return parsed as T;
    }
  }

  const q = (value: unknown) => encodeURIComponent(JSON.stringify(value));
  const sidePath = (side: string) => `${game}/sides/${encodeURIComponent(side)}`;
  const ask = <T>(side: string, name: string, question: unknown) => api<T>("GET", `${sidePath(side)}/questions/${name}?question=${q(question)}`);

  /** Orders for one nation: attacks with good odds, then infantry bought with all the money. */
  async function ordersFor(read: PlayView, board: { units: Unit[]; owners: Record<string, string> }, nation: string): Promise<Order[]> {
    const teamOf = new Map(read.seats.map((s) => [s.side, s.team ?? s.side]));
    const enemy = (territory: string) => {
      const owner = board.owners[territory];
      return owner !== undefined && teamOf.get(owner) !== teamOf.get(nation);
    };
    const defenceAt = (territory: string) => board.units.filter((u) => u.at === territory && teamOf.get(u.nation) !== teamOf.get(nation)).reduce((sum, u) => sum + (DEFENCE[u.type] ?? 0), 0);

    const orders: Order[] = [];
    const stacks = new Map<string, Record<string, number>>();
    for (const u of board.units)
      if (u.nation === nation && u.aboard === undefined && LAND[u.type] && board.owners[u.at] !== undefined) {
        const stack = (stacks.set(u.at, stacks.get(u.at) ?? {}), stacks.get(u.at)!);
        stack[u.type] = (stack[u.type] ?? 0) + 1;
      }
    const targeted = new Set<string>();
    for (const [from, units] of [...stacks].sort(([a], [b]) => a.localeCompare(b))) {
      // The rules answer where this group may legally go, given the orders drafted so far.
      const where = await ask<{ destinations: { territory: string; path: string[] }[] }>(nation, "destinations", { from, units, earlier: orders });
      const strength = Object.entries(units).reduce((sum, [type, n]) => sum + LAND[type]!.attack * n, 0);
      const target = where.destinations.find((d) => d.path.length === 1 && enemy(d.territory) && !targeted.has(d.territory) && strength >= ODDS * defenceAt(d.territory) + 1);
      if (!target) continue; // hold
      targeted.add(target.territory);
      // An empty territory needs one infantry (or the weakest unit) to take it; a defended one gets the whole stack.
      const empty = defenceAt(target.territory) === 0;
      const sent = empty ? { [Object.keys(units).sort((a, b) => LAND[a]!.attack - LAND[b]!.attack)[0]!]: 1 } : units;
      orders.push({ id: `m${orders.length + 1}`, units: sent, from, path: target.path });
    }

    const money = await ask<{ left: number; placements: Record<string, { destination: string; cost: number }[]> }>(nation, "placements", { earlier: orders });
    const place = money.placements.infantry?.[0];
    if (place && place.cost > 0) {
      const count = Math.min(Math.floor(money.left / place.cost), 99);
      if (count > 0) orders.push({ id: "buy", type: "infantry", count, destination: place.destination });
    }
    return orders;
  }

  /** The batch `nation` gives in the open phase, the empty one it holds with instead, and what to log. */
  async function batchFor(read: PlayView, nation: string): Promise<{ orders: unknown; hold: unknown; told: string }> {
    const view = read.view;
    if (view.stage === "battles") {
      // R6.6, R6.7: each casualty request the nation must answer, with its default; no retreat.
      const choices = view.requests
        .filter((r) => r.chooser === nation && !(r.kind === "casualties" && r.forced))
        .map((r) =>
          r.kind === "casualties"
            ? { battle: r.battle, round: r.round, step: r.step, decision: { kind: "casualties", units: r.default } }
            : { battle: r.battle, round: r.round, step: "retreat", decision: { kind: "retreat", submerge: [], withdraw: [] } },
        );
      return { orders: { choices }, hold: { choices: [] }, told: `decided ${choices.length} battle requests` };
    }
    if (view.stage === "post-combat") {
      // R7.1: planes land where the default (R7.4) puts them.
      const air = view.choices?.air ?? [];
      const landings = air.flatMap((a) => a.defaults.filter((d) => d.to !== null).map((d) => ({ type: a.type, count: d.count, from: a.from, to: d.to })));
      return { orders: { landings, aaMoves: [] }, hold: { landings: [], aaMoves: [] }, told: `landed ${landings.length} air groups` };
    }
    const orders = await ordersFor(read, view, nation);
    return { orders, hold: [], told: `locked ${orders.length} orders` };
  }

  /** Does what the open phase asks of `nation`; true when it did something. */
  async function act(nation: string): Promise<boolean> {
    const read = await api<PlayView>("GET", `${game}?side=${encodeURIComponent(nation)}`);
    const phase = read.phase;
    if (!phase || phase.status !== "open" || !phase.sides.includes(nation) || phase.locked.includes(nation)) return false;
    const step = phase.step?.id;
    const { orders, hold, told } = await batchFor(read, nation);
    try {
      // `phase` names the phase these orders are for: a phase that moved on meanwhile refuses them (409).
      const saved = await api<{ ok: boolean }>("PUT", `${sidePath(nation)}/orders`, { orders, ...(step ? { phase: step } : {}) });
      if (!saved.ok) {
        // The rules refused the batch: hold instead (the defaults decide), rather than miss the phase.
        log(`${nation}: orders refused (${JSON.stringify(saved)}); holding`);
        await api("PUT", `${sidePath(nation)}/orders`, { orders: hold, ...(step ? { phase: step } : {}) });
      }
      await api("POST", `${sidePath(nation)}/lock`);
    } catch (error) {
      // The phase closed between the read and the save (its deadline, a robot): read again.
      if (error instanceof ApiError && error.status === 409) return true;
      throw error;
    }
    log(`turn ${read.turn} ${step ?? "orders"} ${nation}: ${told}`);
    return true;
  }

  // The last event seen: the long-poll answers only what comes after it.
  let after: number | undefined = (await api<{ events: { id: number }[] }>("GET", `/games/${options.gameId}/events`)).events.at(-1)?.id;
  for (let round = 0; round < (options.maxRounds ?? 10_000); round++) {
    const read = await api<PlayView>("GET", game);
    if (read.game.status === "finished") {
      const result = { winners: read.result?.winners ?? [], draw: read.result?.draw ?? false, reason: read.result?.reason ?? "", turn: read.turn };
      log(`game over: ${result.winners.join(", ") || "nobody"} won in turn ${result.turn} (${result.reason})`);
      return result;
    }
    let acted = false;
    for (const nation of read.mySides) acted = (await act(nation)) || acted;
    if (acted) continue; // read again: acting may have moved the game on
    const polled = await api<{ events: { id: number; kind: string }[] }>("GET", `/games/${options.gameId}/events?${after === undefined ? "" : `after=${after}&`}wait=${wait}`);
    after = polled.events.at(-1)?.id ?? after;
  }
  throw new Error(`Gave up after ${options.maxRounds} rounds; the game is not finished`);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
