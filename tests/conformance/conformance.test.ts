// The conformance corpus: every tests/conformance/cases/*.json is one scenario of RULES.md
// Appendix A with the partial report it must produce; every file-errors/*.json is a scenario
// that must be refused as a file error. Each case is its own vitest test.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { matchReport } from "./match";

type RunResult = { ok: true; report: unknown } | { ok: false; error: string };
type RunScenario = (input: unknown) => RunResult | Promise<RunResult>;

interface CaseFile {
  file: string;
  name: string;
  rule: string;
  why: string;
  scenario: Record<string, unknown>;
  expect: unknown;
}

interface FileErrorCase {
  file: string;
  name: string;
  why: string;
  scenario: unknown;
  error: string;
}

const here = dirname(fileURLToPath(import.meta.url));

function readJsonDir<T>(dir: string): T[] {
  return readdirSync(join(here, dir))
    .filter((f) => f.endsWith(".json"))
    .sort()
    .map((file) => ({ file, ...(JSON.parse(readFileSync(join(here, dir, file), "utf8")) as object) }) as T);
}

const cases = readJsonDir<CaseFile>("cases");
const fileErrors = readJsonDir<FileErrorCase>("file-errors");

/** Every rule id the corpus must cover. */
const REQUIRED_RULES = [
  ...Array.from({ length: 11 }, (_, i) => `R4.${i + 1}`),
  "R5.1", "R5.2", "R5.2a", "R5.2b", "R5.2c", "R5.2d", "R5.3", "R5.4", "R5.5",
  ...Array.from({ length: 11 }, (_, i) => `R6.${i + 1}`),
  // R7.3 (locking post-combat moves) belongs to the web game, not to a scenario.
  "R7.1", "R7.2", "R7.4",
  "R8.2", "R8.3", "R8.4", "R8.5", "R8.6",
  // R9: the optional house rules of seed 004.
  "R9.1", "R9.2", "R9.3",
];

// Loaded lazily so the corpus checks below run even before the engine exists.
let engine: Promise<RunScenario> | undefined;
function loadEngine(): Promise<RunScenario> {
  engine ??= import("../../server/scenario/run").then((m) => m.runScenario as RunScenario);
  return engine;
}

describe("conformance corpus", () => {
  it("has at least 100 cases", () => {
    expect(cases.length).toBeGreaterThanOrEqual(100);
  });

  it("covers every required rule id", () => {
    const covered = new Set(cases.map((c) => c.rule));
    expect(REQUIRED_RULES.filter((r) => !covered.has(r))).toEqual([]);
  });

  it.each(cases.map((c) => [c.file, c] as const))("%s is well formed", (file, c) => {
    expect(c.name).toBe(file.replace(/\.json$/, ""));
    expect(c.rule).toMatch(/^R\d+\.\d+[a-d]?$/);
    expect(c.name.startsWith(`${c.rule}-`)).toBe(true);
    expect(typeof c.why).toBe("string");
    expect(c.why.length).toBeGreaterThan(0);
    expect(c.scenario).toBeTypeOf("object");
    expect(c.expect).toBeTypeOf("object");
    expect(["movement", "battles", "turn"]).toContain(c.scenario.until);
    const orders = Object.values((c.scenario.orders ?? {}) as Record<string, { id: string }[]>).flat();
    const ids = orders.map((o) => o.id);
    expect(ids.every((id) => typeof id === "string" && id.length > 0)).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it.each(fileErrors.map((c) => [c.file, c] as const))("%s is well formed", (file, c) => {
    expect(c.name).toBe(file.replace(/\.json$/, ""));
    expect(c.error.startsWith("~")).toBe(true);
  });
});

describe("conformance cases", () => {
  for (const c of cases) {
    it(c.name, async () => {
      const runScenario = await loadEngine();
      const result = await runScenario(c.scenario);
      if (!result.ok) throw new Error(`file error: ${result.error}\nwhy: ${c.why}`);
      const mismatches = matchReport(c.expect, result.report);
      expect(mismatches, `${c.rule}: ${c.why}`).toEqual([]);
    });
  }
});

describe("file errors", () => {
  for (const c of fileErrors) {
    it(c.name, async () => {
      const runScenario = await loadEngine();
      const result = await runScenario(c.scenario);
      expect(result.ok, c.why).toBe(false);
      if (!result.ok) expect(result.error).toContain(c.error.replace(/^~/, ""));
    });
  }
});
