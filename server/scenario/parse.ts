// Appendix A — read a scenario: a file error names one field and changes nothing; everything
// well-formed that breaks R1–R4 goes on to the engine, which reports it as an invalid order.
import type { z } from "zod";
import { DEFAULT_BOARD, DEFAULT_SETUP } from "../rulesets/1942/engine/board/default-board";
import { distributeCargo } from "../rulesets/1942/engine/state";
import { NATIONS, UNIT_TYPES, type BoardData, type HouseRules, type Nation, type UnitStackData } from "../rulesets/1942/engine/types";
import type { Order } from "../rulesets/1942/engine/orders/types";
import type { AaMove } from "../rulesets/1942/engine/postcombat/aa-moves";
import type { LandingOrder } from "../rulesets/1942/engine/postcombat/landing";
import { mediumOf, isLandUnit } from "../rulesets/1942/engine/units";
import { moveOrderSchema, purchaseOrderSchema, scenarioSchema } from "./schema";

export interface Scenario {
  board: BoardData;
  units: UnitStackData[];
  treasury: Record<Nation, number>;
  orders: Partial<Record<Nation, Order[]>>;
  lowLuck: boolean;
  seed: string;
  until: "movement" | "battles" | "turn";
  /** R9 — absent when the file gives none. */
  houseRules?: HouseRules;
  /** The number of the turn played (R9.1); absent means 1. */
  turn?: number;
  landings: Partial<Record<Nation, LandingOrder[]>>;
  aaMoves: Partial<Record<Nation, AaMove[]>>;
}

export type Parsed = { ok: true; scenario: Scenario } | { ok: false; error: string };

class FileError extends Error {}

function fieldPath(path: readonly PropertyKey[]): string {
  return path.reduce<string>((out, key) => (typeof key === "number" ? `${out}[${key}]` : out ? `${out}.${String(key)}` : String(key)), "");
}

function fail(field: string, message: string): never {
  throw new FileError(`${field}: ${message}`);
}

/** The issue to report: inside a union (a victory city or a list of them), the branch that got furthest. */
function deepest(issue: z.core.$ZodIssue): { path: PropertyKey[]; message: string } {
  if (issue.code === "unrecognized_keys") return { path: [...issue.path, issue.keys[0]!], message: `unknown field "${issue.keys[0]}"` };
  if (issue.code !== "invalid_union" || issue.errors.length === 0) return { path: [...issue.path], message: issue.message };
  const inner = issue.errors
    .map((branch) => branch[0])
    .filter((i): i is z.core.$ZodIssue => i !== undefined)
    .map(deepest)
    .sort((a, b) => b.path.length - a.path.length)[0];
  return inner ? { path: [...issue.path, ...inner.path], message: inner.message } : { path: [...issue.path], message: issue.message };
}

function zodError(prefix: string, error: z.ZodError): never {
  const issue = deepest(error.issues[0]!);
  const path = fieldPath(issue.path);
  const field = prefix && path ? `${prefix}.${path}` : prefix || path || "(file)";
  fail(field.replace(/\.\[/g, "["), issue.message);
}

function checkBoard(board: BoardData): Set<string> {
  const ids = new Set<string>();
  const capitals = new Set<Nation>();
  board.territories.forEach((t, i) => {
    const f = `board.territories[${i}]`;
    if (ids.has(t.id)) fail(`${f}.id`, `territory "${t.id}" is listed twice`);
    ids.add(t.id);
    if (t.kind === "land" && !t.owner) fail(`${f}.owner`, `land territory "${t.id}" needs an owner (R1.2: no neutrals)`);
    if (t.kind === "sea" && (t.owner || t.originalOwner || t.capitalOf)) fail(`${f}.owner`, `sea zone "${t.id}" has no owner or capital`);
    if (t.kind === "sea" && t.victoryCity !== undefined) fail(`${f}.victoryCity`, `sea zone "${t.id}" cannot hold a victory city (R9.1)`);
    if (t.capitalOf) {
      if (capitals.has(t.capitalOf)) fail(`${f}.capitalOf`, `${t.capitalOf} has two capitals`);
      capitals.add(t.capitalOf);
    }
  });
  const known = (field: string, tid: string) => {
    if (!ids.has(tid)) fail(field, `unknown territory "${tid}"`);
  };
  const edges = new Set<string>();
  board.edges.forEach(([a, b], i) => {
    known(`board.edges[${i}][0]`, a);
    known(`board.edges[${i}][1]`, b);
    edges.add(`${a}\u0000${b}`).add(`${b}\u0000${a}`);
  });
  (board.canals ?? []).forEach((c, i) => {
    const [a, b] = c.between;
    known(`board.canals[${i}].between[0]`, a);
    known(`board.canals[${i}].between[1]`, b);
    if (!edges.has(`${a}\u0000${b}`)) fail(`board.canals[${i}].between`, `"${a}" and "${b}" are not joined in edges`);
    c.controlledBy.forEach((t, j) => known(`board.canals[${i}].controlledBy[${j}]`, t));
  });
  return ids;
}

function checkUnits(units: UnitStackData[], board: BoardData): void {
  const kind = new Map(board.territories.map((t) => [t.id, t.kind]));
  units.forEach((u, i) => {
    const f = `units[${i}]`;
    if (!kind.has(u.at)) fail(`${f}.at`, `unknown territory "${u.at}"`);
    const medium = mediumOf(u.type);
    if (medium !== "air" && medium !== kind.get(u.at)) fail(`${f}.at`, `a ${u.type} cannot stand in ${kind.get(u.at)} territory "${u.at}"`);
    if (u.cargo && u.cargo.length > 0) {
      if (u.type !== "transport") fail(`${f}.cargo`, `only transports carry cargo`);
      u.cargo.forEach((c, j) => {
        if (!isLandUnit(c.type)) fail(`${f}.cargo[${j}].type`, `a transport cannot carry ${c.type}`);
      });
      const loads = distributeCargo(u);
      if (typeof loads === "string") fail(`${f}.cargo`, loads);
    }
  });
}

function parseOrder(raw: Record<string, unknown>, field: string, ids: Set<string>, index: number): Order {
  const isBuy = "type" in raw;
  const result = (isBuy ? purchaseOrderSchema : moveOrderSchema).safeParse(raw);
  if (!result.success) zodError(field, result.error);
  const order = { ...result.data, id: result.data.id ?? `#${index + 1}` } as Order;
  const known = (f: string, t: string | undefined) => {
    if (t !== undefined && !ids.has(t)) fail(`${field}.${f}`, `unknown territory "${t}"`);
  };
  const unitKeys = (f: string, counts: Record<string, number>) => {
    for (const key of Object.keys(counts))
      if (!(UNIT_TYPES as readonly string[]).includes(key)) fail(`${field}.${f}.${key}`, `unknown unit type "${key}"`);
  };
  if ("destination" in order) {
    known("destination", order.destination);
    known("from", order.from);
  } else {
    known("from", order.from);
    order.path.forEach((t, i) => known(`path[${i}]`, t));
    unitKeys("units", order.units as Record<string, number>);
    if (order.load) {
      known("load.from", order.load.from);
      unitKeys("load.units", order.load.units as Record<string, number>);
    }
    known("unload", order.unload);
    known("bombard", order.bombard);
  }
  return order;
}

/** Parse and check a scenario object. */
export function parseScenario(input: unknown): Parsed {
  try {
    const parsed = scenarioSchema.safeParse(input);
    if (!parsed.success) zodError("", parsed.error);
    const data = parsed.data;
    const board = (data.board as BoardData | undefined) ?? DEFAULT_BOARD;
    const ids = checkBoard(board);
    const units = (data.units as UnitStackData[] | undefined) ?? (data.board ? [] : DEFAULT_SETUP.units);
    checkUnits(units, board);
    const base = data.board ? {} : DEFAULT_SETUP.treasury;
    const treasury = Object.fromEntries(NATIONS.map((n) => [n, data.treasury?.[n] ?? base[n] ?? 0])) as Record<Nation, number>;
    const orders: Partial<Record<Nation, Order[]>> = {};
    for (const nation of NATIONS) {
      const list = data.orders?.[nation];
      if (!list) continue;
      const seen = new Set<string>();
      orders[nation] = list.map((raw, i) => {
        const order = parseOrder(raw, `orders.${nation}[${i}]`, ids, i);
        if (seen.has(order.id)) fail(`orders.${nation}[${i}].id`, `order id "${order.id}" is used twice`);
        seen.add(order.id);
        return order;
      });
    }
    const landings = (data.landings ?? {}) as Partial<Record<Nation, LandingOrder[]>>;
    for (const nation of NATIONS)
      (landings[nation] ?? []).forEach((l, i) => {
        for (const key of ["from", "to"] as const) if (!ids.has(l[key])) fail(`landings.${nation}[${i}].${key}`, `unknown territory "${l[key]}"`);
      });
    const aaMoves = (data.aaMoves ?? {}) as Partial<Record<Nation, AaMove[]>>;
    for (const nation of NATIONS)
      (aaMoves[nation] ?? []).forEach((m, i) => {
        for (const key of ["from", "to"] as const) if (!ids.has(m[key])) fail(`aaMoves.${nation}[${i}].${key}`, `unknown territory "${m[key]}"`);
      });
    const scenario: Scenario = {
      landings,
      aaMoves,
      board,
      units,
      treasury,
      orders,
      lowLuck: data.options?.lowLuck ?? false,
      seed: data.options?.seed ?? "",
      until: data.until ?? "battles",
      ...(data.options?.houseRules !== undefined ? { houseRules: data.options.houseRules } : {}),
      ...(data.options?.turn !== undefined ? { turn: data.options.turn } : {}),
    };
    return { ok: true, scenario };
  } catch (e) {
    if (e instanceof FileError) return { ok: false, error: e.message };
    throw e;
  }
}

/** Parse scenario text (JSON). */
export function parseScenarioText(text: string): Parsed {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    return { ok: false, error: `(file): not valid JSON: ${(e as Error).message}` };
  }
  return parseScenario(json);
}
