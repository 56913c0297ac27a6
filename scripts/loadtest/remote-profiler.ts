// The V8 profiler of another process (an app started with --inspect on loopback), driven through the
// inspector protocol: started and stopped around the measured requests only, so a profile holds
// neither the start-up nor the games' set-up (a --cpu-prof profile holds the whole process).
import { createRequire } from "node:module";
import { assertLoopback } from "./cluster";

// Node 20 has no WebSocket client of its own; Next carries the `ws` package, untyped.
interface Socket {
  once(event: "open" | "error", fn: (e?: Error) => void): void;
  on(event: "message", fn: (data: Buffer) => void): void;
  send(text: string): void;
  close(): void;
}
const { WebSocket } = createRequire(import.meta.url)("next/dist/compiled/ws") as { WebSocket: new (url: string) => Socket };

export interface RemoteProfiler {
  start(): Promise<void>;
  /** The profile since start (V8's .cpuprofile JSON). */
  stop(): Promise<unknown>;
  close(): void;
}

export async function remoteProfiler(inspectUrl: string, samplingIntervalUs = 200): Promise<RemoteProfiler> {
  assertLoopback(inspectUrl, "the inspector");
  const [target] = (await (await fetch(`${inspectUrl}/json/list`)).json()) as { webSocketDebuggerUrl: string }[];
  const ws = new WebSocket(target!.webSocketDebuggerUrl);
  await new Promise<void>((resolve, reject) => {
    ws.once("open", () => resolve());
    ws.once("error", reject);
  });
  let nextId = 1;
  const waiting = new Map<number, { resolve: (r: unknown) => void; reject: (e: Error) => void }>();
  ws.on("message", (data: Buffer) => {
    const msg = JSON.parse(data.toString()) as { id?: number; result?: unknown; error?: { message: string } };
    const w = msg.id === undefined ? undefined : waiting.get(msg.id);
    if (!w) return;
    waiting.delete(msg.id!);
    if (msg.error) w.reject(new Error(msg.error.message));
    else w.resolve(msg.result);
  });
  const post = (method: string, params: object = {}) =>
    new Promise<unknown>((resolve, reject) => {
      const id = nextId++;
      waiting.set(id, { resolve, reject });
      ws.send(JSON.stringify({ id, method, params }));
    });
  await post("Profiler.enable");
  await post("Profiler.setSamplingInterval", { interval: samplingIntervalUs });
  return {
    start: async () => void (await post("Profiler.start")),
    stop: async () => ((await post("Profiler.stop")) as { profile: unknown }).profile,
    close: () => ws.close(),
  };
}
