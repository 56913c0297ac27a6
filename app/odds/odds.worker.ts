// The exact odds off the main thread: one request at a time, answered with its id. A request is one
// battle (`input`) or the whole turn of a draft (`turn`, issue 24).
import { DEFAULT_BOARD } from "@/server/rulesets/1942/engine/board/default-board";
import { exactOdds, type OddsInput } from "@/server/rulesets/1942/engine/odds";
import { priceTurn, type TurnRequest } from "./turn-price";

export type OddsRequest = { id: number; input: OddsInput } | { id: number; turn: TurnRequest };

self.onmessage = (event: MessageEvent<OddsRequest>) => {
  const request = event.data;
  const t0 = performance.now();
  try {
    const result = "turn" in request ? priceTurn(DEFAULT_BOARD, request.turn) : exactOdds(request.input);
    self.postMessage({ id: request.id, result, ms: performance.now() - t0 });
  } catch (e) {
    self.postMessage({ id: request.id, error: (e as Error).message });
  }
};
