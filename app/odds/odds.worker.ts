// The exact odds off the main thread: one request at a time, answered with its id.
import { exactOdds, type OddsInput } from "@/server/engine/odds";

export interface OddsRequest {
  id: number;
  input: OddsInput;
}

self.onmessage = (event: MessageEvent<OddsRequest>) => {
  const { id, input } = event.data;
  const t0 = performance.now();
  try {
    const result = exactOdds(input);
    self.postMessage({ id, result, ms: performance.now() - t0 });
  } catch (e) {
    self.postMessage({ id, error: (e as Error).message });
  }
};
