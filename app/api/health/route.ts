// GET /api/health: 200 when the database answers, a worker beats, the queue moves and no phase is stuck;
// 503 otherwise, with what is wrong. For load balancers and uptime checks; it names no game's content.
import { getRuntime } from "../../../server/runtime";
import { health } from "../../../server/services/health";

export const dynamic = "force-dynamic";

export async function GET(): Promise<Response> {
  const report = await getRuntime()
    .then((runtime) => health(runtime.handle.db))
    .catch(() => ({ ok: false, database: { ok: false } }));
  return Response.json(report, { status: report.ok ? 200 : 503, headers: { "cache-control": "no-store" } });
}
