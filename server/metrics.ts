// Metrics in the Prometheus text format (prom-client), served at /api/metrics. One registry per process,
// kept on globalThis so Next's dev reloads do not register the same metric twice.
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";

function create() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: "lockstep_" });
  return {
    registry,
    adjudicationSeconds: new Histogram({
      name: "lockstep_adjudication_seconds",
      help: "Time to run one adjudication job, by outcome",
      labelNames: ["outcome"] as const,
      buckets: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    deliveryFailures: new Counter({
      name: "lockstep_delivery_failures_total",
      help: "Notification deliveries (email, push) that failed for good",
      registers: [registry],
    }),
    liveStreams: new Gauge({ name: "lockstep_live_streams", help: "Open live event streams in this process", registers: [registry] }),
    queueDepth: new Gauge({
      name: "lockstep_queue_depth",
      help: "Jobs by status, and deliveries pending, as read at scrape time",
      labelNames: ["queue", "status"] as const,
      registers: [registry],
    }),
  };
}

const KEY = Symbol.for("lockstep.metrics");
const holder = globalThis as { [KEY]?: ReturnType<typeof create> };
export const metrics = (holder[KEY] ??= create());
