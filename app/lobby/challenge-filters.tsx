"use client";
// Filter and sort the open challenges (issue 22): by name, orders deadline, rated or not, the
// reliability they ask for (or only those the viewer qualifies for), and the players' ratings.
import { useState, type ReactNode } from "react";
import type { MyFigures } from "./my-figures";

export interface FilterableGame {
  id: number;
  name: string;
  options: { ordersHours: number; ordersAt?: unknown; rated?: boolean; requirements?: { minReliability?: number; minFinishedGames?: number } };
  seats: { rating?: number | null }[];
}

export interface Filters {
  text: string;
  maxOrdersHours: number | null;
  rated: "any" | "rated" | "unrated";
  qualifyOnly: boolean;
  sort: "newest" | "deadline" | "reliability" | "rating";
}

const initial: Filters = { text: "", maxOrdersHours: null, rated: "any", qualifyOnly: false, sort: "newest" };

const ordersHours = (g: FilterableGame) => (g.options.ordersAt ? 24 : g.options.ordersHours);
const required = (g: FilterableGame) => g.options.requirements?.minReliability ?? 0;
const averageRating = (g: FilterableGame) => {
  const r = g.seats.map((s) => s.rating).filter((x): x is number => typeof x === "number");
  return r.length ? r.reduce((a, b) => a + b, 0) / r.length : -Infinity;
};

/** Whether the viewer meets the challenge's requirements (the server checks again when joining). */
export function qualifies(g: FilterableGame, me: MyFigures | undefined): boolean {
  const want = g.options.requirements;
  if (!want || !me) return true;
  if ((want.minReliability ?? 0) > 0 && (me.reliability === null || me.reliability < want.minReliability!)) return false;
  return me.finishedGames >= (want.minFinishedGames ?? 0);
}

export function applyFilters<G extends FilterableGame>(games: G[], f: Filters, me: MyFigures | undefined): G[] {
  const text = f.text.trim().toLowerCase();
  const kept = games.filter(
    (g) =>
      (!text || g.name.toLowerCase().includes(text)) &&
      (f.maxOrdersHours === null || ordersHours(g) <= f.maxOrdersHours) &&
      (f.rated === "any" || (f.rated === "rated") === Boolean(g.options.rated)) &&
      (!f.qualifyOnly || qualifies(g, me)),
  );
  const by: Record<Filters["sort"], (a: G, b: G) => number> = {
    newest: (a, b) => b.id - a.id,
    deadline: (a, b) => ordersHours(a) - ordersHours(b) || b.id - a.id,
    reliability: (a, b) => required(b) - required(a) || b.id - a.id,
    rating: (a, b) => averageRating(b) - averageRating(a) || b.id - a.id,
  };
  return [...kept].sort(by[f.sort]);
}

export function ChallengeFilters<G extends FilterableGame>({ games, me, children }: { games: G[]; me: MyFigures | undefined; children: (shown: G[]) => ReactNode }) {
  const [f, setF] = useState<Filters>(initial);
  const set = (patch: Partial<Filters>) => setF((old) => ({ ...old, ...patch }));
  const shown = applyFilters(games, f, me);
  return (
    <>
      <div className="form form-row" data-testid="challenge-filters">
        <div>
          <label htmlFor="filter-text">Game</label>
          <input id="filter-text" type="text" value={f.text} onChange={(e) => set({ text: e.target.value })} placeholder="name" />
        </div>
        <div>
          <label htmlFor="filter-deadline">Orders deadline</label>
          <select id="filter-deadline" value={f.maxOrdersHours ?? ""} onChange={(e) => set({ maxOrdersHours: e.target.value === "" ? null : Number(e.target.value) })}>
            <option value="">any</option>
            <option value="1">up to 1 hour</option>
            <option value="24">up to a day</option>
            <option value="72">up to 3 days</option>
          </select>
        </div>
        <div>
          <label htmlFor="filter-rated">Rated</label>
          <select id="filter-rated" value={f.rated} onChange={(e) => set({ rated: e.target.value as Filters["rated"] })} data-testid="filter-rated">
            <option value="any">any</option>
            <option value="rated">rated</option>
            <option value="unrated">unrated</option>
          </select>
        </div>
        <div>
          <label htmlFor="filter-sort">Sort by</label>
          <select id="filter-sort" value={f.sort} onChange={(e) => set({ sort: e.target.value as Filters["sort"] })}>
            <option value="newest">newest</option>
            <option value="deadline">shortest deadline</option>
            <option value="reliability">reliability asked</option>
            <option value="rating">players' rating</option>
          </select>
        </div>
        <label className="checkbox">
          <input type="checkbox" checked={f.qualifyOnly} onChange={(e) => set({ qualifyOnly: e.target.checked })} data-testid="filter-qualify" /> Only those I may join
        </label>
      </div>
      {children(shown)}
      {games.length > 0 && shown.length === 0 ? <p className="muted">No open challenge matches these filters.</p> : null}
    </>
  );
}
