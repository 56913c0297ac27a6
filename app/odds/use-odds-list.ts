"use client";
// useOddsList(battles): the exact odds of several battles (the map's attacks), priced one after
// another in one Web Worker as the list changes, never blocking the page. A battle priced before
// keeps its answer (the cache is keyed by its input), so a change to one attack reprices only that
// one; a new list stops the pricing of the old one.
import { useEffect, useRef, useState } from "react";
import type { OddsInput, OddsResult } from "@/server/rulesets/1942/engine/odds";
import { OddsClient } from "./odds-client";

export type OddsList = Record<string, { result?: OddsResult; error?: string; pending: boolean }>;

export function useOddsList(battles: readonly { key: string; input: OddsInput }[], delayMs = 80): OddsList {
  const client = useRef<OddsClient | undefined>(undefined);
  const cache = useRef(new Map<string, { result?: OddsResult; error?: string }>());
  const [, setVersion] = useState(0);
  const signature = JSON.stringify(battles.map((b) => [b.key, b.input]));

  useEffect(() => {
    client.current = new OddsClient();
    return () => client.current?.close();
  }, []);

  useEffect(() => {
    const list = JSON.parse(signature) as [string, OddsInput][];
    let live = true;
    const timer = setTimeout(async () => {
      for (const [, input] of list) {
        const id = JSON.stringify(input);
        if (cache.current.has(id)) continue;
        const answer = await client.current?.price(input);
        if (!live || !answer) return;
        cache.current.set(id, "error" in answer ? { error: answer.error } : { result: answer.result });
        setVersion((v) => v + 1);
      }
    }, delayMs);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [signature, delayMs]);

  const out: OddsList = {};
  for (const b of battles) {
    const known = cache.current.get(JSON.stringify(b.input));
    out[b.key] = known ? { ...known, pending: false } : { pending: true };
  }
  return out;
}
