// The public HTTP API's routes (issue 23): each REST route names the tRPC procedure it calls, the
// token scope it needs and where its input comes from. The handler (./handler.ts) and the OpenAPI
// document (./openapi.ts) are both read from this one table and from the procedures' own zod input
// schemas, so the API, its documentation and the site cannot disagree.
import type { TokenScope } from "../../../db/schema";

export type ApiMethod = "GET" | "POST" | "PUT" | "DELETE";

export interface ApiRoute {
  method: ApiMethod;
  /** Under /api/v1; `{name}` is a path parameter, which becomes the input field of that name. */
  path: string;
  /** The tRPC procedure called, "noun.verb". */
  procedure: string;
  /** The OpenAPI operationId when a second route calls the same procedure (ids are unique); else the procedure. */
  operationId?: string;
  scope: TokenScope;
  summary: string;
  /** The procedure takes no input at all (e.g. game.lobby). */
  noInput?: boolean;
  /** A subscription answered as server-sent events (./stream.ts), not JSON. */
  stream?: boolean;
  /**
   * A classic 1942 route: the play route a game played a phase at a time is played through instead
   * ("METHOD /path"; its `{gameId}` and `{turn}` filled in from the call, `{side}` from its `{nation}`), named in the 400.
   */
  playInstead?: string;
}

/** Path parameters that are whole numbers (ids, turns); the others are strings (nations). */
export const INTEGER_PARAMS = new Set(["gameId", "turn", "channelId", "webhookId"]);

export const API_ROUTES: readonly ApiRoute[] = [
  { method: "GET", path: "/games", procedure: "game.lobby", scope: "read", summary: "Your games and the open challenges", noInput: true },
  { method: "POST", path: "/challenges", procedure: "play.create1942", scope: "play", summary: "Create a 1942 challenge, played a phase at a time through /play (nations, robots, bots, lowLuck, houseRules, decisionHours, and every platform option)" },
  { method: "GET", path: "/games/{gameId}", procedure: "game.get", scope: "read", summary: "A classic 1942 game as you see it on the game page", playInstead: "GET /play/{gameId}" },
  { method: "POST", path: "/games/{gameId}/join", procedure: "game.join", scope: "play", summary: "Join an open challenge as a nation" },
  { method: "GET", path: "/games/{gameId}/history", procedure: "game.history", scope: "read", summary: "The game's resolved phases" },
  { method: "GET", path: "/games/{gameId}/turns/{turn}", procedure: "game.review", scope: "read", summary: "One turn of a classic 1942 game: its orders and report once resolved", playInstead: "GET /play/{gameId}/turns/{turn}" },
  { method: "GET", path: "/games/{gameId}/events", procedure: "game.eventsAfter", scope: "read", summary: "The game's events after a seen id (query: after, wait up to 25 s for one)" },
  { method: "GET", path: "/games/{gameId}/stream", procedure: "game.events", scope: "read", summary: "The game's events as server-sent events (text/event-stream); resume with Last-Event-ID", stream: true },
  { method: "GET", path: "/games/{gameId}/nations/{nation}/destinations", procedure: "orders.destinations", scope: "read", summary: "Legal destinations of one group of your nation (query: group, earlier as JSON)", playInstead: "GET /play/{gameId}/sides/{side}/questions/destinations" },
  { method: "GET", path: "/games/{gameId}/nations/{nation}/placements", procedure: "orders.placements", scope: "read", summary: "Where new units may be placed and what they cost (query: earlier as JSON)", playInstead: "GET /play/{gameId}/sides/{side}/questions/placements" },
  { method: "PUT", path: "/games/{gameId}/nations/{nation}/orders", procedure: "orders.save", scope: "play", summary: "Save your nation's orders (replaces the saved set)", playInstead: "PUT /play/{gameId}/sides/{side}/orders" },
  { method: "POST", path: "/games/{gameId}/nations/{nation}/lock", procedure: "orders.lock", scope: "play", summary: "Lock your nation's orders", playInstead: "POST /play/{gameId}/sides/{side}/lock" },
  { method: "POST", path: "/games/{gameId}/nations/{nation}/unlock", procedure: "orders.unlock", scope: "play", summary: "Unlock your nation's orders", playInstead: "POST /play/{gameId}/sides/{side}/unlock" },
  { method: "POST", path: "/games/{gameId}/nations/{nation}/battles/decide", procedure: "battle.decide", scope: "play", summary: "Decide casualties or a retreat in a battle your nation leads", playInstead: "PUT /play/{gameId}/sides/{side}/orders" },
  { method: "PUT", path: "/games/{gameId}/nations/{nation}/landings", procedure: "postCombat.save", scope: "play", summary: "Save your nation's post-combat landings and AA moves", playInstead: "PUT /play/{gameId}/sides/{side}/orders" },
  { method: "POST", path: "/games/{gameId}/nations/{nation}/landings/lock", procedure: "postCombat.lock", scope: "play", summary: "Lock your nation's post-combat choices", playInstead: "POST /play/{gameId}/sides/{side}/lock" },
  { method: "GET", path: "/games/{gameId}/press", procedure: "press.channels", scope: "read", summary: "The press channels you may read, with unread counts" },
  { method: "GET", path: "/games/{gameId}/press/{channelId}", procedure: "press.messages", scope: "read", summary: "A page of one channel's messages (query: before)" },
  { method: "POST", path: "/games/{gameId}/nations/{nation}/press", procedure: "press.open", scope: "press", summary: "Open a private channel of your nation and the given members" },
  { method: "POST", path: "/games/{gameId}/nations/{nation}/press/{channelId}", procedure: "press.send", scope: "press", summary: "Send a message to a channel as your nation" },
  // Games played a phase at a time, of every ruleset (Interplanetary, War of the Triple Alliance, and
  // 1942 games, which POST /challenges and POST /play/challenges both make): play.* (docs/platform.md).
  { method: "GET", path: "/play", procedure: "play.games", scope: "read", summary: "The games offered, with their scenarios, sides and options", noInput: true },
  { method: "POST", path: "/play/challenges", procedure: "play.create", scope: "play", summary: "Create a challenge played a phase at a time, of any ruleset, 1942 too (ruleset, scenario, seats, your sides, robots, bots, rules, and every option of POST /challenges)" },
  { method: "GET", path: "/play/{gameId}", procedure: "play.get", scope: "read", summary: "A game played a phase at a time as you see it: the ruleset's view, the phase, your saved orders (query: side)" },
  { method: "POST", path: "/play/{gameId}/sides/{side}/join", procedure: "play.join", scope: "play", summary: "Join an open challenge as a side" },
  { method: "PUT", path: "/play/{gameId}/sides/{side}/orders", procedure: "play.save", scope: "play", summary: "Save your side's orders (the ruleset's batch; replaces the saved one)" },
  { method: "POST", path: "/play/{gameId}/sides/{side}/lock", procedure: "play.lock", scope: "play", summary: "Lock your side's orders" },
  { method: "POST", path: "/play/{gameId}/sides/{side}/unlock", procedure: "play.unlock", scope: "play", summary: "Unlock your side's orders" },
  { method: "GET", path: "/play/{gameId}/sides/{side}/questions/{name}", procedure: "play.ask", scope: "read", summary: "Ask your side's rules a question (query: question as JSON; 1942: destinations, placements)" },
  // The same question in a JSON body: a long one (a draft of many orders) outgrows a URL (16 KB of headers).
  { method: "POST", path: "/play/{gameId}/sides/{side}/questions/{name}", procedure: "play.ask", operationId: "play.askInBody", scope: "read", summary: "Ask your side's rules a question too long for a URL (body: {\"question\": …}; the same checks and answer as the GET)" },
  { method: "GET", path: "/play/{gameId}/sides/{side}/standing", procedure: "play.standing", scope: "read", summary: "Your side's standing settings, kept from turn to turn (1942: {\"casualties\": …}); yours alone" },
  { method: "PUT", path: "/play/{gameId}/sides/{side}/standing", procedure: "play.setStanding", scope: "play", summary: "Set your side's standing settings (body: {\"value\": …}; the ruleset checks them)" },
  { method: "POST", path: "/play/{gameId}/sides/{side}/leave", procedure: "play.leave", scope: "play", summary: "Leave the game: a robot plays your side from now on" },
  { method: "POST", path: "/play/{gameId}/sides/{side}/reclaim", procedure: "play.reclaim", scope: "play", summary: "Take your side back from the robot that took it over after missed deadlines" },
  { method: "GET", path: "/play/{gameId}/history", procedure: "play.history", scope: "read", summary: "Every turn; seeds, orders and reports of the resolved ones" },
  { method: "GET", path: "/play/{gameId}/turns/{turn}", procedure: "play.review", scope: "read", summary: "One turn's review once resolved: start and end as you may see them, orders, report" },
  { method: "GET", path: "/play/{gameId}/turns/{turn}/report", procedure: "play.turnReport", scope: "read", summary: "One turn's whole report as you may see it, once its every phase resolved (resolved: false and no report before)" },
  { method: "GET", path: "/play/{gameId}/download", procedure: "play.download", scope: "read", summary: "The game as a replayable JSON file" },
  { method: "GET", path: "/play/{gameId}/verify", procedure: "play.verify", scope: "read", summary: "Replay every resolved turn and check its dice (players only)" },
  { method: "GET", path: "/webhooks", procedure: "webhook.list", scope: "webhooks", summary: "Your webhooks, each with its last delivery and its dead letters", noInput: true },
  { method: "POST", path: "/webhooks", procedure: "webhook.create", scope: "webhooks", summary: "Register a webhook (the answer holds its signing secret, shown once)" },
  { method: "POST", path: "/webhooks/{webhookId}/test", procedure: "webhook.test", scope: "webhooks", summary: "Send a signed test delivery to a webhook" },
  { method: "DELETE", path: "/webhooks/{webhookId}", procedure: "webhook.delete", scope: "webhooks", summary: "Delete a webhook and its deliveries" },
];

/** A classic route's play route for this call, its path's parameters filled in (a nation is the side). */
export function playRouteFor(route: ApiRoute, params: Record<string, string>): string | undefined {
  const values: Record<string, string | undefined> = { ...params, side: params.nation };
  return route.playInstead?.replace(/\{(\w+)\}/g, (whole, name: string) => (values[name] === undefined ? whole : encodeURIComponent(values[name]!)));
}

/** The route matching `method` and `path` (under /api/v1) and its path parameters, or why none does. */
export function matchRoute(method: string, path: string): { route: ApiRoute; params: Record<string, string> } | { problem: "not-found" | "method"; allowed?: string[] } {
  const parts = path.split("/").filter(Boolean);
  const allowed: string[] = [];
  for (const route of API_ROUTES) {
    const pattern = route.path.split("/").filter(Boolean);
    if (pattern.length !== parts.length) continue;
    const params: Record<string, string> = {};
    const fits = pattern.every((p, i) => {
      if (p.startsWith("{")) {
        params[p.slice(1, -1)] = decodeURIComponent(parts[i]!);
        return true;
      }
      return p === parts[i];
    });
    if (!fits) continue;
    if (route.method === method) return { route, params };
    allowed.push(route.method);
  }
  return allowed.length ? { problem: "method", allowed } : { problem: "not-found" };
}
