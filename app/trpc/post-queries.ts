// Queries the browser sends as POST: their input may be longer than a URL holds (Node and most proxies
// refuse more than 16 KB of request line and headers, 431). play.ask's question is a draft's earlier
// orders, up to 64 KB of JSON. The client's link sends these by POST (tRPC's methodOverride) and the
// route accepts a POSTed query only for these, so every other query stays a GET.
export const POST_QUERIES: ReadonlySet<string> = new Set(["play.ask"]);

/** A request path under the tRPC endpoint ("play.ask" or a batch "play.ask,play.ask") holds only POST queries. */
export function onlyPostQueries(pathname: string, endpoint: string): boolean {
  const paths = pathname.slice(endpoint.length).replace(/^\/+/, "").split(",");
  return paths.length > 0 && paths.every((p) => POST_QUERIES.has(p));
}
