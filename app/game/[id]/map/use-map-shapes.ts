"use client";
// The map's shapes, fetched once from their immutable URL (app/map-shapes/[version]) and kept for the
// whole visit: every map on every page shares the one download, and the browser's cache keeps it.
import { useQuery } from "@tanstack/react-query";
import { SHAPES_URL } from "../../../map/map-index";
import type { MapShapes } from "../../../map-shapes/[version]/route";

export type { MapShapes };

async function fetchShapes(): Promise<MapShapes> {
  const res = await fetch(SHAPES_URL, { signal: AbortSignal.timeout(30_000) });
  if (!res.ok) throw new Error(`The map's shapes did not load (${res.status}).`);
  return (await res.json()) as MapShapes;
}

/** The shapes, or undefined while they load (the map then shows its names and units on the sea). */
export function useMapShapes(): MapShapes | undefined {
  return useQuery({ queryKey: ["map-shapes", SHAPES_URL], queryFn: fetchShapes, staleTime: Infinity, gcTime: Infinity, retry: 3 }).data;
}
