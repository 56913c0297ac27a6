import type { Metadata } from "next";
import { Calculator } from "./calculator";

export const metadata: Metadata = { title: "Battle calculator" };

type Search = Record<string, string | string[] | undefined>;

/** The battle calculator: exact odds of any battle, prefilled from the query string (app/odds/query.ts). */
export default async function CalculatorPage({ searchParams }: { searchParams: Promise<Search> }) {
  const search = await searchParams;
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(search)) for (const x of Array.isArray(v) ? v : v === undefined ? [] : [v]) params.append(k, x);
  return <Calculator query={params.toString()} />;
}
