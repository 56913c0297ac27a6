// A Web Worker that prices battles for any screen (calculator, map, battle choices) and the whole
// turn of a draft (issue 24). Only the latest request of a client matters: a new request stops the
// worker if an older one is still running (its caller gets `undefined`), so a screen that asks on
// every change shows the odds of what it shows now and never waits for a battle it no longer shows.
import type { OddsInput, OddsResult } from "@/server/rulesets/1942/engine/odds";
import type { TurnAnswer, TurnRequest } from "./turn-price";

export type Answer<R> = { result: R; ms: number } | { error: string };
export type OddsAnswer = Answer<OddsResult>;

type Pending = { resolve: (answer: Answer<never> | undefined) => void };

export class OddsClient {
  private worker: Worker | undefined;
  private next = 1;
  private latest = 0;
  private readonly pending = new Map<number, Pending>();

  private start(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(new URL("./odds.worker.ts", import.meta.url), { type: "module" });
    worker.onmessage = (event: MessageEvent<{ id: number; result?: never; ms?: number; error?: string }>) => {
      const { id, result, ms, error } = event.data;
      const p = this.pending.get(id);
      this.pending.delete(id);
      if (!p) return;
      // A newer request supersedes this one: its caller gets `undefined`.
      if (id !== this.latest) p.resolve(undefined);
      else p.resolve(error !== undefined ? { error } : { result: result!, ms: ms! });
    };
    worker.onerror = (event) => {
      for (const p of this.pending.values()) p.resolve({ error: event.message || "the odds worker failed" });
      this.pending.clear();
      this.worker?.terminate();
      this.worker = undefined;
    };
    this.worker = worker;
    return worker;
  }

  /** The odds of `input`; `undefined` when a later request came first. */
  price(input: OddsInput): Promise<OddsAnswer | undefined> {
    return this.ask({ input });
  }

  /** The whole-turn odds of a draft (issue 24); `undefined` when a later request came first. */
  priceTurn(turn: TurnRequest): Promise<Answer<TurnAnswer> | undefined> {
    return this.ask({ turn });
  }

  private ask<R>(body: { input: OddsInput } | { turn: TurnRequest }): Promise<Answer<R> | undefined> {
    // A big battle or turn still being priced is no longer wanted: stop it rather than wait for it.
    if (this.pending.size > 0) this.close();
    const id = this.next++;
    this.latest = id;
    return new Promise((resolve) => {
      this.pending.set(id, { resolve: resolve as Pending["resolve"] });
      this.start().postMessage({ id, ...body });
    });
  }

  close(): void {
    this.worker?.terminate();
    this.worker = undefined;
    for (const p of this.pending.values()) p.resolve(undefined);
    this.pending.clear();
  }
}
