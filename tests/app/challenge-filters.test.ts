// The lobby's challenge filters (issue 22): by name, deadline, rated or not, and what the viewer may
// join; sorted by deadline, reliability asked or players' rating.
import { describe, expect, it } from "vitest";
import { applyFilters, qualifies, type Filters, type FilterableGame } from "../../app/lobby/challenge-filters";

const game = (id: number, name: string, options: Partial<FilterableGame["options"]>, ratings: (number | null)[] = []): FilterableGame => ({
  id,
  name,
  options: { ordersHours: 24, ...options },
  seats: ratings.map((rating) => ({ rating })),
});

const games = [
  game(1, "Blitz", { ordersHours: 1 }, [10]),
  game(2, "Rated slow", { ordersHours: 72, rated: true, requirements: { minReliability: 90 } }, [20, 30]),
  game(3, "Daily", { ordersHours: 5, ordersAt: { time: "18:00", zone: "UTC" }, requirements: { minFinishedGames: 3 } }),
];
const all: Filters = { text: "", maxOrdersHours: null, rated: "any", qualifyOnly: false, sort: "newest" };
const ids = (f: Partial<Filters>, me = { reliability: 80, finishedGames: 5, rating: null }) => applyFilters(games, { ...all, ...f }, me).map((g) => g.id);

describe("challenge filters", () => {
  it("filter by name, deadline (a daily deadline counts as a day) and rated", () => {
    expect(ids({})).toEqual([3, 2, 1]);
    expect(ids({ text: "slow" })).toEqual([2]);
    expect(ids({ maxOrdersHours: 24 })).toEqual([3, 1]);
    expect(ids({ maxOrdersHours: 1 })).toEqual([1]);
    expect(ids({ rated: "rated" })).toEqual([2]);
    expect(ids({ rated: "unrated" })).toEqual([3, 1]);
  });

  it("keep only what the viewer may join", () => {
    expect(ids({ qualifyOnly: true })).toEqual([3, 1]);
    expect(ids({ qualifyOnly: true }, { reliability: 95, finishedGames: 0, rating: null })).toEqual([2, 1]);
    expect(qualifies(games[1]!, { reliability: null, finishedGames: 9, rating: null })).toBe(false);
  });

  it("sort by deadline, reliability asked and players' rating", () => {
    expect(ids({ sort: "deadline" })).toEqual([1, 3, 2]);
    expect(ids({ sort: "reliability" })).toEqual([2, 3, 1]);
    expect(ids({ sort: "rating" })).toEqual([2, 1, 3]);
  });
});
