// GET /api/metrics: Prometheus text format (prom-client) for this process, with the queue read at
// scrape time. Readable with METRICS_TOKEN only (server/metrics-access.ts).
import { metricsAccess } from "../../../server/metrics-access";
import { metrics } from "../../../server/metrics";
import { getRuntime } from "../../../server/runtime";
import { queueDepth } from "../../../server/services/queue-depth";

export const dynamic = "force-dynamic";

export async function GET(request: Request): Promise<Response> {
  const access = metricsAccess(request.headers);
  if (access === "off") return new Response("Metrics are off: set METRICS_TOKEN to read them.\n", { status: 404 });
  if (access === "denied") return new Response("A bearer token is required.\n", { status: 401, headers: { "www-authenticate": "Bearer" } });
  try {
    const { db } = (await getRuntime()).handle;
    await queueDepth(db, metrics.queueDepth);
  } catch {
    // the process's own figures are still worth reading while the database is away
  }
  return new Response(await metrics.registry.metrics(), { headers: { "content-type": metrics.registry.contentType, "cache-control": "no-store" } });
}
