// The conformance corpus: every JSON case under cases/ is its own test. A case gives a state (in
// the compact fixture form), every side's orders and a dice seed, and the state paths and report
// lines it expects — or a validation, setup or view to check. Expectations must hold for every
// roll: each case also runs under other seeds. Every rule id of the rulebook must have a case.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { interplanetary as ip } from "../../../server/rulesets/interplanetary";
import type { Viewer } from "../../../server/rulesets/ruleset";
import type { Report } from "../../../server/rulesets/interplanetary/types";
import { buildState, type StateFixture } from "./fixture";

const here = dirname(fileURLToPath(import.meta.url));
const rulebook = readFileSync(resolve(here, "../../../docs/rules/interplanetary.md"), "utf8");
const RULE_IDS = [...rulebook.matchAll(/\*\*(IP\d+\.\d+)\b/g)].map((m) => m[1]!);

interface Case {
  name: string;
  rules: string[];
  state?: StateFixture;
  orders?: Record<string, unknown>;
  seed?: string;
  expect?: Record<string, unknown>;
  report?: Record<string, unknown>[];
  absent?: Record<string, unknown>[];
  validate?: { side: string; orders: unknown; ok?: boolean; rule?: string };
  setup?: { scenario: string; options: unknown; ok?: boolean; rule?: string; expect?: Record<string, unknown> };
  view?: { viewer: Viewer; expect: Record<string, unknown> };
  /** A resolved turn's report as a viewer may read it (reportView, IP10.3). */
  reportView?: { viewer: Viewer; report: Report; expect: Record<string, unknown> };
  /** The state a sandbox starts from for a side under fog of war (knownState, IP10.4). */
  knownState?: { side: string; expect: Record<string, unknown> };
}

const files = readdirSync(join(here, "cases")).filter((f) => f.endsWith(".json")).sort();
const cases: (Case & { file: string })[] = files.flatMap((file) => (JSON.parse(readFileSync(join(here, "cases", file), "utf8")) as Case[]).map((c) => ({ ...c, file })));

/** Resolves "ships.A-1.pos" (arrays of pieces are looked up by id; `.length` counts). */
function at(root: unknown, path: string): unknown {
  let cur: unknown = root;
  for (const part of path.split(".")) {
    if (cur === undefined || cur === null) return undefined;
    if (Array.isArray(cur) && part !== "length" && !/^\d+$/.test(part)) cur = cur.find((x: { id?: string }) => x.id === part);
    else cur = (cur as Record<string, unknown>)[part];
  }
  return cur;
}

/** Expected [q, r] pairs stand for hexes. */
function normal(expected: unknown, actual: unknown): unknown {
  if (Array.isArray(expected) && expected.length === 2 && typeof expected[0] === "number" && actual && typeof actual === "object" && "q" in actual) return { q: expected[0], r: expected[1] };
  return expected;
}

function checkPaths(root: unknown, expected: Record<string, unknown> | undefined, label: string) {
  for (const [path, want] of Object.entries(expected ?? {})) {
    const got = at(root, path);
    // null stands for "absent or null" (JSON has no undefined).
    if (want === null) expect(got ?? null, `${label}: ${path}`).toBeNull();
    else expect(got, `${label}: ${path}`).toEqual(normal(want, got));
  }
}

const SEEDS = ["", "-b", "-c", "-d", "-e"];

describe("Interplanetary conformance corpus", () => {
  it("has 60 or more cases, and every rule id of the rulebook has at least one", () => {
    expect(cases.length).toBeGreaterThanOrEqual(60);
    const covered = new Set(cases.flatMap((c) => c.rules));
    expect(RULE_IDS.length).toBeGreaterThan(40);
    expect(RULE_IDS.filter((r) => !covered.has(r)), "rule ids without a case").toEqual([]);
    expect([...covered].filter((r) => !RULE_IDS.includes(r)), "cases citing rule ids the rulebook lacks").toEqual([]);
  });

  for (const c of cases) {
    it(`${c.file}: ${c.name} [${c.rules.join(", ")}]`, () => {
      if (c.setup) {
        const r = ip.setup(c.setup.scenario as never, c.setup.options as never, "setup");
        expect(r.ok, JSON.stringify(r)).toBe(c.setup.ok ?? true);
        if (!r.ok) {
          expect(r.rule).toBe(c.setup.rule);
          expect(r.message).toContain(`(${c.setup.rule})`);
        } else checkPaths(r.state, c.setup.expect, "setup");
        return;
      }
      const state = buildState(c.state ?? {});
      if (c.validate) {
        const v = ip.validate(state, c.validate.side, c.validate.orders as never);
        expect(v.ok, JSON.stringify(v)).toBe(c.validate.ok ?? false);
        if (!v.ok) {
          expect(v.rule).toBe(c.validate.rule);
          expect(v.message).toContain(`(${c.validate.rule})`);
        }
        return;
      }
      if (c.reportView) {
        checkPaths(ip.reportView(c.reportView.report, c.reportView.viewer, state), c.reportView.expect, "reportView");
        return;
      }
      if (c.view) {
        checkPaths(ip.view(state, c.view.viewer), c.view.expect, "view");
        return;
      }
      if (c.knownState) {
        checkPaths(ip.knownState!(state, c.knownState.side), c.knownState.expect, "knownState");
        return;
      }
      for (const suffix of SEEDS) {
        const seed = `${c.seed ?? "seed"}${suffix}`;
        const { state: next, report } = ip.resolve(state, (c.orders ?? {}) as never, null, seed);
        checkPaths(next, c.expect, `seed ${seed}`);
        for (const line of c.report ?? []) expect(report.lines, `seed ${seed}: report line ${JSON.stringify(line)}`).toContainEqual(expect.objectContaining(line));
        for (const line of c.absent ?? []) expect(report.lines, `seed ${seed}: no line ${JSON.stringify(line)}`).not.toContainEqual(expect.objectContaining(line));
      }
    });
  }
});
