"use client";
// useOdds(input): the exact odds of a battle, computed in a Web Worker as the input changes
// (debounced), never blocking the page. `undefined` input: nothing to price.
import { useEffect, useRef, useState } from "react";
import type { OddsInput, OddsResult } from "@/server/engine/odds";
import { OddsClient } from "./odds-client";

export interface OddsState {
  result?: OddsResult;
  /** Time the worker took, in ms. */
  ms?: number;
  error?: string;
  pending: boolean;
}

export function useOdds(input: OddsInput | undefined, delayMs = 80): OddsState {
  const client = useRef<OddsClient | undefined>(undefined);
  const [state, setState] = useState<OddsState>({ pending: false });
  const key = input ? JSON.stringify(input) : "";

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
      client.current
        ?.price(JSON.parse(key) as OddsInput)
        .then((answer) => {
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
