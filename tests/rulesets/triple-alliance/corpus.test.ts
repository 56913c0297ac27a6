// The conformance corpus: every JSON case under cases/ is its own test. A case gives a state (in
// the compact fixture form), every side's orders and a dice seed, and the state paths and report
// lines it expects — or a validation, setup, view or robot to check. Expectations hold for every
// roll: each case also runs under other seeds, and dice-dependent values are given as ranges or
// as `when` clauses keyed on the roll the report shows. Every rule id of the rulebook has a case.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { Viewer } from "../../../server/rulesets/ruleset";
import { tripleAlliance as ta } from "../../../server/rulesets/triple-alliance";
import type { ReportLine } from "../../../server/rulesets/triple-alliance/types";
import { buildState, type StateFixture } from "./fixture";

const here = dirname(fileURLToPath(import.meta.url));
const rulebook = readFileSync(resolve(here, "../../../docs/rules/triple-alliance.md"), "utf8");
const RULE_IDS = [...rulebook.matchAll(/\*\*(TA\d+\.\d+)\b/g)].map((m) => m[1]!);

type Paths = Record<string, unknown>;
interface Case {
  name: string;
  rules: string[];
  state?: StateFixture;
  orders?: Record<string, unknown>;
  seed?: string;
  expect?: Paths;
  report?: Record<string, unknown>[];
  absent?: Record<string, unknown>[];
  /** When the report has a line matching `line`, `expect` holds; otherwise `else`. */
  when?: { line: Record<string, unknown>; expect: Paths; else?: Paths }[];
  /** Resolving with sides and units listed in reverse gives the same state. */
  reorder?: boolean;
  validate?: { side: string; orders: unknown; ok?: boolean; rule?: string };
  setup?: { scenario: string; options?: unknown; ok?: boolean; rule?: string; expect?: Paths };
  view?: { viewer: Viewer; expect: Paths };
  /** After resolving, the report as each of these viewers gets it (reportView) is the whole report. */
  reportViews?: Viewer[];
  robot?: { side: string; expect: Paths };
}

const files = readdirSync(join(here, "cases")).filter((f) => f.endsWith(".json")).sort();
const cases: (Case & { file: string })[] = files.flatMap((file) => (JSON.parse(readFileSync(join(here, "cases", file), "utf8")) as Case[]).map((c) => ({ ...c, file })));

/** Resolves "units.P1.pos" (arrays of pieces are looked up by id; `.length` counts). */
function at(root: unknown, path: string): unknown {
  let cur: unknown = root;
  for (const part of path.split(".")) {
    if (cur === undefined || cur === null) return undefined;
    if (Array.isArray(cur) && part !== "length" && !/^\d+$/.test(part)) cur = cur.find((x: { id?: string }) => x.id === part);
    else cur = (cur as Record<string, unknown>)[part];
  }
  return cur;
}

/** A value matches: {"$range": [lo, hi]}, {"$approx": n or [x, y], "tol"?}, null (absent), or equal. */
function matches(got: unknown, want: unknown): boolean {
  if (want === null) return got === undefined || got === null;
  if (want && typeof want === "object" && !Array.isArray(want)) {
    const w = want as Record<string, unknown>;
    if ("$range" in w) {
      const [lo, hi] = w.$range as [number, number];
      return typeof got === "number" && got >= lo && got <= hi;
    }
    if ("$approx" in w) {
      const tol = (w.tol as number | undefined) ?? 0.6;
      if (Array.isArray(w.$approx)) {
        const p = got as { x: number; y: number } | undefined;
        return !!p && Math.abs(p.x - (w.$approx[0] as number)) <= tol && Math.abs(p.y - (w.$approx[1] as number)) <= tol;
      }
      return typeof got === "number" && Math.abs(got - (w.$approx as number)) <= tol;
    }
  }
  return JSON.stringify(got) === JSON.stringify(want);
}

function checkPaths(root: unknown, expected: Paths | undefined, label: string) {
  for (const [path, want] of Object.entries(expected ?? {})) {
    const got = at(root, path);
    expect(matches(got, want), `${label}: ${path} is ${JSON.stringify(got)}, expected ${JSON.stringify(want)}`).toBe(true);
  }
}

const lineMatches = (line: ReportLine, want: Record<string, unknown>) => Object.entries(want).every(([k, v]) => matches(line[k], v));

const SEEDS = ["", "-b", "-c", "-d", "-e", "-f"];

function reversed(orders: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(orders).reverse().map(([side, o]) => {
    const x = o as { units?: Record<string, unknown>; generals?: Record<string, unknown> };
    return [side, { ...(x.generals ? { generals: Object.fromEntries(Object.entries(x.generals).reverse()) } : {}), ...(x.units ? { units: Object.fromEntries(Object.entries(x.units).reverse()) } : {}) }];
  }));
}

describe("Triple Alliance conformance corpus", () => {
  it("has 60 or more cases, and every rule id of the rulebook has at least one", () => {
    expect(cases.length).toBeGreaterThanOrEqual(60);
    const covered = new Set(cases.flatMap((c) => c.rules));
    expect(RULE_IDS.length).toBeGreaterThan(50);
    expect(RULE_IDS.filter((r) => !covered.has(r)), "rule ids without a case").toEqual([]);
    expect([...covered].filter((r) => !RULE_IDS.includes(r)), "cases citing rule ids the rulebook lacks").toEqual([]);
  });

  for (const c of cases) {
    it(`${c.file}: ${c.name} [${c.rules.join(", ")}]`, () => {
      if (c.setup) {
        const r = ta.setup(c.setup.scenario, c.setup.options as never, "setup");
        expect(r.ok, JSON.stringify(r).slice(0, 300)).toBe(c.setup.ok ?? true);
        if (!r.ok) {
          expect(r.rule).toBe(c.setup.rule);
          expect(r.message).toContain(`(${c.setup.rule})`);
        } else checkPaths(r.state, c.setup.expect, "setup");
        return;
      }
      const state = buildState(c.state ?? {});
      if (c.validate) {
        const v = ta.validate(state, c.validate.side, c.validate.orders as never);
        expect(v.ok, JSON.stringify(v)).toBe(c.validate.ok ?? false);
        if (!v.ok) {
          expect(v.rule).toBe(c.validate.rule);
          expect(v.message).toContain(`(${c.validate.rule})`);
        }
        return;
      }
      if (c.view) {
        checkPaths(ta.view(state, c.view.viewer), c.view.expect, "view");
        return;
      }
      if (c.robot) {
        const orders = ta.robot(state, c.robot.side, "robot");
        expect(ta.validate(state, c.robot.side, orders)).toEqual({ ok: true });
        checkPaths(orders, c.robot.expect, "robot");
        return;
      }
      for (const suffix of SEEDS) {
        const seed = `${c.seed ?? "seed"}${suffix}`;
        const { state: next, report } = ta.resolve(state, (c.orders ?? {}) as never, null, seed);
        checkPaths(next, c.expect, `seed ${seed}`);
        for (const viewer of c.reportViews ?? []) expect(ta.reportView(report, viewer, state), `seed ${seed}: the report as ${JSON.stringify(viewer)} sees it`).toEqual(report);
        for (const want of c.report ?? []) expect(report.lines.some((l) => lineMatches(l, want)), `seed ${seed}: report line ${JSON.stringify(want)} in ${JSON.stringify(report.lines)}`).toBe(true);
        for (const want of c.absent ?? []) expect(report.lines.some((l) => lineMatches(l, want)), `seed ${seed}: no line ${JSON.stringify(want)}`).toBe(false);
        for (const w of c.when ?? []) {
          const hit = report.lines.some((l) => lineMatches(l, w.line));
          checkPaths(next, hit ? w.expect : w.else, `seed ${seed} (${hit ? "when" : "else"} ${JSON.stringify(w.line)})`);
        }
        if (c.reorder) expect(ta.resolve(state, reversed(c.orders ?? {}) as never, null, seed).state).toEqual(next);
      }
    });
  }
});
