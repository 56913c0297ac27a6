// The default board and setup (RULES.md R1.2–R1.4, R2, R8.1) as data: structure and the facts it follows.
import { readFileSync } from "node:fs";
import { describe, it, expect } from "vitest";
import { DEFAULT_BOARD, DEFAULT_SETUP } from "../../server/rulesets/1942/engine/board/default-board";
import { NATIONS, UNIT_TYPES, type Nation, type TerritoryData, type UnitType } from "../../server/rulesets/1942/engine/types";

const board = DEFAULT_BOARD;
const setup = DEFAULT_SETUP;
const byId = new Map<string, TerritoryData>(board.territories.map((t) => [t.id, t]));
const land = board.territories.filter((t) => t.kind === "land");
const sea = board.territories.filter((t) => t.kind === "sea");

const LAND_UNITS: UnitType[] = ["infantry", "artillery", "armour", "aaGun", "factory"];
const AIR_UNITS: UnitType[] = ["fighter", "bomber"];
const SEA_UNITS: UnitType[] = ["transport", "submarine", "destroyer", "cruiser", "carrier", "battleship"];

/** The 14 territories that are neutral in classic.xml (R1.4 gives each to a nation, at value 0). */
const FORMER_NEUTRALS = [
  "Afghanistan", "Angola", "Argentina-Chile", "Columbia", "Eire", "Mongolia", "Mozambique",
  "Peru", "Rio del Oro", "Saudi Arabia", "Spain", "Sweden", "Switzerland", "Turkey",
];

const edgeKey = (a: string, b: string) => (a < b ? `${a}|${b}` : `${b}|${a}`);

/** Undirected adjacency built from the edge list. */
function adjacency(): Map<string, Set<string>> {
  const adj = new Map<string, Set<string>>();
  for (const t of board.territories) adj.set(t.id, new Set());
  for (const [a, b] of board.edges) {
    adj.get(a)?.add(b);
    adj.get(b)?.add(a);
  }
  return adj;
}

function neighbours(id: string): string[] {
  return [...(adjacency().get(id) ?? [])].sort();
}

describe("default board: territories (R1.2)", () => {
  it("has unique ids", () => {
    expect(byId.size).toBe(board.territories.length);
  });

  it("has exactly 70 land territories and 58 sea zones", () => {
    expect(land).toHaveLength(70);
    expect(sea).toHaveLength(58);
  });

  it("gives every land territory an owner among the five nations and an integer value >= 0", () => {
    for (const t of land) {
      expect(NATIONS, t.id).toContain(t.owner);
      expect(Number.isInteger(t.value), t.id).toBe(true);
      expect(t.value!, t.id).toBeGreaterThanOrEqual(0);
      if (t.originalOwner !== undefined) expect(NATIONS, t.id).toContain(t.originalOwner);
    }
  });

  it("gives sea zones no owner, no original owner, no capital and no value", () => {
    for (const t of sea) {
      expect(t.owner, t.id).toBeUndefined();
      expect(t.originalOwner, t.id).toBeUndefined();
      expect(t.capitalOf, t.id).toBeUndefined();
      expect(t.value ?? 0, t.id).toBe(0);
    }
  });

  it("has exactly one capital per nation, on land owned by that nation", () => {
    const expected: Record<Nation, string> = {
      Russia: "Russia",
      Germany: "Germany",
      "United Kingdom": "United Kingdom",
      Japan: "Japan",
      "United States": "East US",
    };
    for (const nation of NATIONS) {
      const capitals = board.territories.filter((t) => t.capitalOf === nation);
      expect(capitals.map((t) => t.id), nation).toEqual([expected[nation]]);
      expect(capitals[0]!.kind).toBe("land");
      expect(capitals[0]!.owner).toBe(nation);
    }
    expect(board.territories.filter((t) => t.capitalOf !== undefined)).toHaveLength(5);
  });

  it("assigns every former neutral to a nation at value 0 (R1.4)", () => {
    for (const id of FORMER_NEUTRALS) {
      const t = byId.get(id);
      expect(t?.kind, id).toBe("land");
      expect(NATIONS, id).toContain(t!.owner);
      expect(t!.value, id).toBe(0);
    }
  });

  it("keeps the xml's production values and owners for sample territories", () => {
    const sample: [string, number, Nation][] = [
      ["Germany", 10, "Germany"],
      ["East US", 12, "United States"],
      ["West US", 10, "United States"],
      ["Russia", 8, "Russia"],
      ["Japan", 8, "Japan"],
      ["United Kingdom", 8, "United Kingdom"],
      ["South Europe", 6, "Germany"],
      ["West Europe", 6, "Germany"],
      ["Ukraine S.S.R.", 3, "Germany"],
      ["Sinkiang", 2, "United States"],
      ["Anglo Sudan Egypt", 2, "United Kingdom"],
      ["Philippines", 3, "Japan"],
      ["Gibraltar", 0, "United Kingdom"],
    ];
    for (const [id, value, owner] of sample) {
      expect(byId.get(id)?.value, id).toBe(value);
      expect(byId.get(id)?.owner, id).toBe(owner);
    }
  });

  it("matches the starting income of each nation (R8.4): the xml's figures, neutrals adding 0", () => {
    const income = Object.fromEntries(NATIONS.map((n) => [n, 0])) as Record<Nation, number>;
    for (const t of land) income[t.owner!] += t.value ?? 0;
    expect(income).toEqual({
      Russia: 24,
      Germany: 32,
      "United Kingdom": 30,
      Japan: 25,
      "United States": 36,
    });
  });

  it("sets the economic-victory figure to 84 (R8.6)", () => {
    expect(board.economicVictory).toBe(84);
  });
});

describe("default board: edges (R1.2)", () => {
  it("references only known territories, with no self-loops", () => {
    for (const [a, b] of board.edges) {
      expect(byId.has(a), a).toBe(true);
      expect(byId.has(b), b).toBe(true);
      expect(a, `${a}-${b}`).not.toBe(b);
    }
  });

  it("lists each undirected edge once (309 edges)", () => {
    const keys = board.edges.map(([a, b]) => edgeKey(a, b));
    const dups = keys.filter((k, i) => keys.indexOf(k) !== i);
    expect(dups).toEqual([]);
    expect(board.edges).toHaveLength(309);
  });

  it("gives a symmetric adjacency in which every territory has a neighbour", () => {
    const adj = adjacency();
    let degreeSum = 0;
    for (const [id, ns] of adj) {
      expect(ns.size, id).toBeGreaterThan(0);
      degreeSum += ns.size;
      for (const n of ns) expect(adj.get(n)?.has(id), `${id}-${n}`).toBe(true);
    }
    expect(degreeSum).toBe(2 * board.edges.length);
  });

  it("matches known adjacencies of the classic map in both directions", () => {
    expect(neighbours("Eire")).toEqual(["North Sea Zone"]);
    expect(neighbours("Caspian Sea Zone")).toEqual(["Caucasus", "Kazakh S.S.R.", "Persia", "Russia"]);
    expect(neighbours("Switzerland")).toEqual(["Germany", "South Europe", "West Europe"]);
    expect(neighbours("Persia")).toHaveLength(9);
    expect(neighbours("Red Sea Zone")).toHaveLength(9);
    expect(neighbours("Ukraine S.S.R.")).toContain("Caucasus");
    expect(neighbours("Caucasus")).toContain("Ukraine S.S.R.");
    expect(neighbours("Congo Sea Zone")).toContain("South Brazil Sea Zone");
    expect(neighbours("South Brazil Sea Zone")).toContain("Congo Sea Zone");
    expect(neighbours("Japan")).toEqual(["Japan Sea Zone"]);
  });

  it("connects every territory to every other", () => {
    const adj = adjacency();
    const start = board.territories[0]!.id;
    const seen = new Set([start]);
    const queue = [start];
    while (queue.length > 0) {
      for (const n of adj.get(queue.shift()!) ?? []) {
        if (!seen.has(n)) {
          seen.add(n);
          queue.push(n);
        }
      }
    }
    const unreached = board.territories.map((t) => t.id).filter((id) => !seen.has(id));
    expect(unreached).toEqual([]);
  });
});

describe("default board: canals (R1.3)", () => {
  const canals = board.canals ?? [];
  const edgeKeys = new Set(board.edges.map(([a, b]) => edgeKey(a, b)));

  it("has Suez and Panama", () => {
    expect(canals).toEqual([
      {
        between: ["East Mediteranean Sea Zone", "Red Sea Zone"],
        controlledBy: ["Anglo Sudan Egypt", "Syria Jordan"],
      },
      { between: ["Carribean Sea Zone", "West Panama Sea Zone"], controlledBy: ["Panama"] },
    ]);
  });

  it("puts every canal between two sea zones, on a listed edge, controlled by land", () => {
    for (const c of canals) {
      const [a, b] = c.between;
      expect(byId.get(a)?.kind, a).toBe("sea");
      expect(byId.get(b)?.kind, b).toBe("sea");
      expect(edgeKeys.has(edgeKey(a, b)), `${a}-${b}`).toBe(true);
      expect(c.controlledBy.length).toBeGreaterThan(0);
      for (const id of c.controlledBy) {
        expect(byId.get(id)?.kind, id).toBe("land");
        // a controller sits on the canal: adjacent to at least one of its zones
        expect(neighbours(id).some((n) => n === a || n === b), id).toBe(true);
      }
    }
  });
});

describe("default setup (R2, R8.1)", () => {
  const units = setup.units;

  it("uses known nations and unit types, positive integer counts, one stack per nation/type/place", () => {
    const keys = new Set<string>();
    for (const u of units) {
      expect(NATIONS).toContain(u.nation);
      expect(UNIT_TYPES).toContain(u.type);
      expect(byId.has(u.at), u.at).toBe(true);
      expect(Number.isInteger(u.count) && u.count > 0, `${u.nation} ${u.type} ${u.at}`).toBe(true);
      expect(u.cargo, `${u.nation} ${u.type} ${u.at}`).toBeUndefined();
      const key = `${u.nation}|${u.type}|${u.at}`;
      expect(keys.has(key), key).toBe(false);
      keys.add(key);
    }
  });

  it("lists stacks in a stable order: by territory, then R2 unit type, then nation", () => {
    const rank = (u: (typeof units)[number]) =>
      [u.at, UNIT_TYPES.indexOf(u.type), NATIONS.indexOf(u.nation)] as const;
    for (let i = 1; i < units.length; i++) {
      const [pa, pt, pn] = rank(units[i - 1]!);
      const [ca, ct, cn] = rank(units[i]!);
      const ordered = pa < ca || (pa === ca && (pt < ct || (pt === ct && pn < cn)));
      expect(ordered, `${units[i - 1]!.at} ${units[i - 1]!.type} / ${units[i]!.at} ${units[i]!.type}`).toBe(true);
    }
  });

  it("puts land units, AA guns and factories on land, ships at sea", () => {
    for (const u of units) {
      const kind = byId.get(u.at)?.kind;
      if (LAND_UNITS.includes(u.type)) expect(kind, `${u.type} at ${u.at}`).toBe("land");
      else if (SEA_UNITS.includes(u.type)) expect(kind, `${u.type} at ${u.at}`).toBe("sea");
      else expect(AIR_UNITS).toContain(u.type);
    }
  });

  it("puts units on land only where their own nation owns the territory", () => {
    for (const u of units) {
      const t = byId.get(u.at)!;
      if (t.kind === "land") expect(t.owner, `${u.nation} ${u.type} at ${u.at}`).toBe(u.nation);
    }
  });

  it("has fighters at sea only on carriers of their nation, at most 2 per carrier (R7.1)", () => {
    const at = (nation: Nation, type: UnitType, id: string) =>
      units.filter((u) => u.nation === nation && u.type === type && u.at === id).reduce((s, u) => s + u.count, 0);
    for (const u of units) {
      if (byId.get(u.at)?.kind !== "sea") continue;
      expect(u.type, `${u.type} at ${u.at}`).not.toBe("bomber");
      if (u.type === "fighter") {
        expect(at(u.nation, "fighter", u.at), u.at).toBeLessThanOrEqual(2 * at(u.nation, "carrier", u.at));
      }
    }
  });

  it("has no units on the former neutrals (R1.4)", () => {
    expect(units.filter((u) => FORMER_NEUTRALS.includes(u.at))).toEqual([]);
  });

  it("has the xml's 161 units, 8 factories where the classic game puts them, and 9 AA guns", () => {
    expect(units.reduce((s, u) => s + u.count, 0)).toBe(161);
    const factories = units.filter((u) => u.type === "factory");
    expect(factories.map((u) => `${u.at}:${u.nation}:${u.count}`).sort()).toEqual([
      "East US:United States:1",
      "Germany:Germany:1",
      "Japan:Japan:1",
      "Karelia S.S.R.:Russia:1",
      "Russia:Russia:1",
      "South Europe:Germany:1",
      "United Kingdom:United Kingdom:1",
      "West US:United States:1",
    ]);
    expect(units.filter((u) => u.type === "aaGun").reduce((s, u) => s + u.count, 0)).toBe(9);
    // The classic map has no artillery, destroyers or cruisers at the start.
    expect(units.filter((u) => ["artillery", "destroyer", "cruiser"].includes(u.type))).toEqual([]);
  });

  it("has sample stacks of the xml", () => {
    expect(units).toContainEqual({ nation: "Russia", type: "infantry", at: "Caucasus", count: 5 });
    expect(units).toContainEqual({ nation: "Germany", type: "battleship", at: "Central Mediteranean Sea Zone", count: 1 });
    expect(units).toContainEqual({ nation: "Japan", type: "fighter", at: "Caroline Islands Sea Zone", count: 1 });
    expect(units).toContainEqual({ nation: "United Kingdom", type: "fighter", at: "United Kingdom", count: 2 });
    expect(units).toContainEqual({ nation: "United States", type: "carrier", at: "Hawaii Sea Zone", count: 1 });
  });

  it("gives all five nations their starting treasury", () => {
    expect(setup.treasury).toEqual({
      Russia: 24,
      Germany: 32,
      "United Kingdom": 30,
      Japan: 25,
      "United States": 36,
    });
  });
});

describe("default board module", () => {
  it("is plain data: imports types only, no I/O", () => {
    const src = readFileSync(new URL("../../server/rulesets/1942/engine/board/default-board.ts", import.meta.url), "utf8");
    const imports = src.split("\n").filter((l) => /^\s*import\b/.test(l));
    expect(imports).toEqual([`import type { BoardData, SetupData } from "../types";`]);
    expect(src).not.toMatch(/\brequire\(|\bprocess\.|\bfetch\(/);
  });
});
