"use client";
// usePriced(input, ask): a request priced in its own Web Worker as the input changes (debounced; a
// newer input makes the answer to an older one ignored), never blocking the page. Shared by the
// battle odds (use-odds.ts) and the whole turn's (use-turn-odds.ts).
import { useEffect, useRef, useState } from "react";
import { OddsClient, type Answer } from "./odds-client";

export interface PricedState<Result> {
  result?: Result;
  /** Time the worker took, in ms. */
  ms?: number;
  error?: string;
  pending: boolean;
}

export function usePriced<Input, Result>(
  input: Input | undefined,
  ask: (client: OddsClient, input: Input) => Promise<Answer<Result> | undefined>,
  delayMs: number,
): PricedState<Result> {
  const client = useRef<OddsClient | undefined>(undefined);
  const [state, setState] = useState<PricedState<Result>>({ pending: false });
  const key = input ? JSON.stringify(input) : "";
  const askRef = useRef(ask);
  askRef.current = ask;

  useEffect(() => {
    client.current = new OddsClient();
    return () => client.current?.close();
  }, []);

  useEffect(() => {
    if (!key) {
      setState({ pending: false });
      return;
    }
    let live = true;
    setState((s) => ({ ...s, pending: true }));
    const timer = setTimeout(() => {
      if (!client.current) return;
      void askRef.current(client.current, JSON.parse(key) as Input).then((answer) => {
        if (!live || !answer) return;
        setState("error" in answer ? { error: answer.error, pending: false } : { result: answer.result, ms: answer.ms, pending: false });
      });
    }, delayMs);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [key, delayMs]);

  return state;
}
