// An example bot (issue 23; docs/api.md "An example bot"): it plays its nations of one 1942 game
// through the public HTTP API alone — plain fetch with a token, nothing of the server imported — until
// the game ends. Each round it reads the game as its player sees it and does what the phase asks:
//   orders open     → buy infantry, attack a neighbour only with good odds, hold the rest; save, lock
//   battles         → answer its casualty requests (its standing preference, else the default), no retreat
//   post-combat     → land its planes where the default puts them; lock
// then waits for the game's next event with the events long-poll. Small on purpose: a starting point.

/** What the bot reads of GET /games/{gameId} (the rest of the answer is ignored). */
interface GameView {
  game: { status: "open" | "active" | "finished" };
  seats: { nation: string; team: string }[];
  phase: null | {
    turn: number;
    status: "open" | "resolving" | "battles" | "post-combat" | "resolved";
    locked: string[];
    pending: null | {
      requests: Request[];
      decided: { battle: string; round: number; step: string; chooser: string; mine: boolean }[];
    };
  };
  postCombat: null | {
    mine: Record<string, { locked: boolean; choices: { air: { type: string; from: string; defaults: { to: string | null; count: number }[] }[] } }>;
  };
  board: null | { units: { nation: string; type: string; at: string; count: number; aboard?: true }[]; owners: Record<string, string> };
  result: null | { winner: string; turn: number; reason: string };
  myNations: string[];
}

type Request =
  | { kind: "casualties"; battle: string; round: number; step: string; chooser: string; mine: boolean; forced: boolean; default: number[]; preferred?: { units: number[] } }
  | { kind: "retreat"; battle: string; round: number; chooser: string; mine: boolean };

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

/** Plays until the game is finished; returns its result. */
export async function playGame(options: BotOptions) {
  const doFetch = options.fetch ?? fetch;
  const log = options.log ?? ((line: string) => console.log(line));
  const wait = Math.min(options.waitSeconds ?? 25, 25);
  const game = `/games/${options.gameId}`;

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
  const nationPath = (nation: string) => `${game}/nations/${encodeURIComponent(nation)}`;

  /** Orders for one nation: attacks with good odds, then infantry bought with all the money. */
  async function ordersFor(view: GameView, nation: string): Promise<Order[]> {
    const board = view.board!;
    const teamOf = new Map(view.seats.map((s) => [s.nation, s.team]));
    const enemy = (territory: string) => {
      const owner = board.owners[territory];
      return owner !== undefined && teamOf.get(owner) !== teamOf.get(nation);
    };
    const defenceAt = (territory: string) =>
      board.units.filter((u) => u.at === territory && teamOf.get(u.nation) !== teamOf.get(nation)).reduce((sum, u) => sum + (DEFENCE[u.type] ?? 0) * u.count, 0);

    const orders: Order[] = [];
    const stacks = new Map<string, Record<string, number>>();
    for (const u of board.units)
      if (u.nation === nation && !u.aboard && LAND[u.type] && board.owners[u.at] !== undefined) {
        const stack = (stacks.set(u.at, stacks.get(u.at) ?? {}), stacks.get(u.at)!);
        stack[u.type] = (stack[u.type] ?? 0) + u.count;
      }
    const targeted = new Set<string>();
    for (const [from, units] of [...stacks].sort(([a], [b]) => a.localeCompare(b))) {
      // The API answers where this group may legally go, given the orders drafted so far.
      const where = await api<{ destinations: { territory: string; path: string[] }[] }>(
        "GET",
        `${nationPath(nation)}/destinations?group=${q({ from, units })}&earlier=${q(orders)}`,
      );
      const strength = Object.entries(units).reduce((sum, [type, n]) => sum + LAND[type]!.attack * n, 0);
      const target = where.destinations.find((d) => d.path.length === 1 && enemy(d.territory) && !targeted.has(d.territory) && strength >= ODDS * defenceAt(d.territory) + 1);
      if (!target) continue; // hold
      targeted.add(target.territory);
      // An empty territory needs one infantry (or the weakest unit) to take it; a defended one gets the whole stack.
      const empty = defenceAt(target.territory) === 0;
      const sent = empty ? { [Object.keys(units).sort((a, b) => LAND[a]!.attack - LAND[b]!.attack)[0]!]: 1 } : units;
      orders.push({ id: `m${orders.length + 1}`, units: sent, from, path: target.path });
    }

    const money = await api<{ left: number; placements: Record<string, { destination: string; cost: number }[]> }>("GET", `${nationPath(nation)}/placements?earlier=${q(orders)}`);
    const place = money.placements.infantry?.[0];
    if (place && place.cost > 0) {
      const count = Math.min(Math.floor(money.left / place.cost), 99);
      if (count > 0) orders.push({ id: "buy", type: "infantry", count, destination: place.destination });
    }
    return orders;
  }

  /** Does one thing the phase asks of `nation`; true when it did something. */
  async function act(view: GameView, nation: string): Promise<boolean> {
    const phase = view.phase!;
    if (phase.status === "open" && !phase.locked.includes(nation)) {
      const orders = await ordersFor(view, nation);
      const saved = await api<{ ok: boolean; errors?: unknown }>("PUT", `${nationPath(nation)}/orders`, { orders });
      if (!saved.ok) {
        // The server refused a draft order: hold instead, rather than miss the turn.
        log(`${nation}: orders refused (${JSON.stringify(saved)}); holding`);
        await api("PUT", `${nationPath(nation)}/orders`, { orders: [] });
      }
      await api("POST", `${nationPath(nation)}/lock`);
      log(`turn ${phase.turn} ${nation}: locked ${orders.length} orders`);
      return true;
    }
    if (phase.status === "battles" && phase.pending) {
      let did = false;
      for (const r of phase.pending.requests) {
        if (r.chooser !== nation || !r.mine || (r.kind === "casualties" && r.forced)) continue;
        const step = r.kind === "casualties" ? r.step : "retreat";
        if (phase.pending.decided.some((d) => d.mine && d.battle === r.battle && d.round === r.round && d.step === step)) continue;
        const decision = r.kind === "casualties" ? { kind: "casualties", units: r.preferred?.units ?? r.default } : { kind: "retreat", submerge: [], withdraw: [] };
        await api("POST", `${nationPath(nation)}/battles/decide`, { battle: r.battle, round: r.round, step, decision });
        log(`turn ${phase.turn} ${nation}: ${r.kind} in ${r.battle}, round ${r.round}`);
        did = true;
      }
      return did;
    }
    const mine = view.postCombat?.mine[nation];
    if (phase.status === "post-combat" && mine && !mine.locked) {
      const landings = mine.choices.air.flatMap((a) => a.defaults.filter((d) => d.to !== null).map((d) => ({ type: a.type, count: d.count, from: a.from, to: d.to })));
      await api("PUT", `${nationPath(nation)}/landings`, { landings, aaMoves: [] });
      await api("POST", `${nationPath(nation)}/landings/lock`);
      log(`turn ${phase.turn} ${nation}: landed ${landings.length} air groups`);
      return true;
    }
    return false;
  }

  // The last event seen: the long-poll answers only what comes after it.
  let after: number | undefined = (await api<{ events: { id: number }[] }>("GET", `${game}/events`)).events.at(-1)?.id;
  for (let round = 0; round < (options.maxRounds ?? 10_000); round++) {
    const view = await api<GameView>("GET", game);
    if (view.game.status === "finished") {
      log(`game over: ${view.result?.winner} won in turn ${view.result?.turn} (${view.result?.reason})`);
      return view.result;
    }
    let acted = false;
    if (view.phase) for (const nation of view.myNations) acted = (await act(view, nation)) || acted;
    if (acted) continue; // read again: acting may have moved the game on
    const polled = await api<{ events: { id: number; kind: string }[] }>("GET", `${game}/events?${after === undefined ? "" : `after=${after}&`}wait=${wait}`);
    after = polled.events.at(-1)?.id ?? after;
  }
  throw new Error(`Gave up after ${options.maxRounds} rounds; the game is not finished`);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
