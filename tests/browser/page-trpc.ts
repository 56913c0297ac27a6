// tRPC calls made from a signed-in page, as the app's own client makes them (no transformer): what a
// browser test sets up or reads through the API while a player uses the screen — for the 1942 game
// played a phase at a time, its creation and the battles its phases' reports hold.
import type { Page } from "playwright-core";

/** The call's result data; a refusal throws with the procedure's name, status and error. */
export async function pageTrpc<T = unknown>(page: Page, proc: string, input: unknown, method: "GET" | "POST" = "POST"): Promise<T> {
  const r = await page.evaluate(
    async ({ proc, input, method }) => {
      const res = method === "GET" ? await fetch(`/api/trpc/${proc}?input=${encodeURIComponent(JSON.stringify(input))}`) : await fetch(`/api/trpc/${proc}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(input) });
      return { status: res.status, body: (await res.json()) as { result?: { data: unknown }; error?: unknown } };
    },
    { proc, input, method },
  );
  if (r.status !== 200 || !r.body.result) throw new Error(`${proc}: ${r.status} ${JSON.stringify(r.body.error)}`);
  return r.body.result.data as T;
}

/**
 * A 1942 game played a phase at a time (play.create, as a bot or the public API makes one): the page's
 * player holds `mine`, robots the other nations; low luck (R6.8) unless told otherwise.
 */
export async function createPhased1942(page: Page, name: string, mine: string[] = ["Germany"], lowLuck = true): Promise<number> {
  const robots = ["Russia", "Germany", "United Kingdom", "Japan", "United States"].filter((n) => !mine.includes(n));
  const { gameId } = await pageTrpc<{ gameId: number }>(page, "play.create", { name, ruleset: "1942", scenario: "standard", seats: 5, mine, robots, ordersHours: 24, decisionHours: 24, rules: { lowLuck } });
  return gameId;
}

/** A casualty or retreat choice as a battle report records it (R6.6, R6.7). */
export interface ReportedChoice {
  step: string;
  team: string;
  chooser: string;
  by: string;
  picked?: { type: string }[];
}
export interface ReportedBattle {
  territory: string;
  rounds: { round: number; choices: ReportedChoice[] }[];
}

/** Every battle report a 1942 phase's report holds (a stage's public part, or the turn's report). */
export function battlesIn(report: unknown): ReportedBattle[] {
  const r = report as { battles?: ReportedBattle[]; outcome?: { battles?: ReportedBattle[] } } | null;
  return [...(r?.battles ?? []), ...(r?.outcome?.battles ?? [])];
}

/** game.create's input: a classic 1942 game's nations and options (server/api/schemas.ts `challenge`). */
export interface ClassicChallenge {
  name: string;
  nations: string[];
  robots?: string[];
  lowLuck?: boolean;
  ordersHours?: number;
  decisionHours?: number;
  robotsHold?: boolean;
  [option: string]: unknown;
}

/**
 * A classic 1942 game (game.create, as the public API still makes one; the lobby's form makes games
 * played a phase at a time): for the tests of the classic page. The form's defaults unless told
 * otherwise (orders 24 h, decisions 12 h, normal dice); the page then opens the game.
 */
export async function createClassic1942(page: Page, base: string, challenge: ClassicChallenge): Promise<number> {
  // The call goes from the app's own origin, as the page's client makes it.
  if (!page.url().startsWith(base)) await page.goto(`${base}/lobby`);
  const { gameId } = await pageTrpc<{ gameId: number }>(page, "game.create", { robots: [], lowLuck: false, ordersHours: 24, decisionHours: 12, ...challenge });
  await page.goto(`${base}/game/${gameId}`);
  return gameId;
}
