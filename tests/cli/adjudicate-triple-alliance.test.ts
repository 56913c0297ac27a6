// `npm run adjudicate -- FILE.json` with a file naming the Triple Alliance ruleset: every turn's
// report, the result and the final state on stdout; a file error is one line naming the field.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const fixture = join(root, "tests/cli/fixtures/triple-alliance-encuentro.json");

function adjudicate(file: string) {
  const run = spawnSync(process.execPath, ["--import", "tsx", join(root, "server/cli/adjudicate.ts"), file], { cwd: root, encoding: "utf8" });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr.trim() };
}

function scratch(value: unknown): string {
  const file = join(mkdtempSync(join(tmpdir(), "lockstep-")), "scenario.json");
  writeFileSync(file, typeof value === "string" ? value : JSON.stringify(value));
  return file;
}

// Each test starts a child process that compiles the CLI with tsx: a second or two on a quiet machine,
// far more on a loaded two-core one, hence more than the default timeout.
describe("npm run adjudicate with a Triple Alliance file", { timeout: 120_000 }, () => {
  it("plays the listed turns and prints each report, the result and the state", () => {
    const { code, stdout, stderr } = adjudicate(fixture);
    expect(stderr).toBe("");
    expect(code).toBe(0);
    const out = JSON.parse(stdout);
    expect(out).toMatchObject({ ruleset: "triple-alliance", scenario: "encuentro", result: { over: false } });
    expect(out.reports.map((r: { turn: number }) => r.turn)).toEqual([1, 2, 3]);
    expect(out.reports[0].lines).toContainEqual(expect.objectContaining({ rule: "TA4.7", kind: "move", unit: "PY-B1", from: { x: 420, y: 120 }, to: { x: 420, y: 220 }, covered: 100 }));
    expect(out.reports[0].lines).toContainEqual(expect.objectContaining({ rule: "TA6.3", kind: "shot", unit: "PY-A1", target: "BR-A1", band: "long", range: 460 }));
    // An empty orders object holds without being reported missing (TA2.2).
    expect(out.reports[1].lines).not.toContainEqual(expect.objectContaining({ kind: "no-orders" }));
    expect(out.state.turn).toBe(4);
    expect(out.state.turnLimit).toBe(6);
  });

  it("reports orders that break a rule in the turn's report, not as a file error", () => {
    const file = JSON.parse(readFileSync(fixture, "utf8"));
    file.turns = [{ paraguay: { units: { "PY-B1": { move: { distance: 400 } } } } }];
    const { code, stdout } = adjudicate(scratch(file));
    expect(code).toBe(0);
    expect(JSON.parse(stdout).reports[0].lines).toContainEqual(expect.objectContaining({ rule: "TA2.2", kind: "invalid-orders", side: "paraguay", broke: "TA4.1" }));
  });

  it("names the field of a file error", () => {
    const file = JSON.parse(readFileSync(fixture, "utf8"));
    expect(adjudicate(scratch({ ...file, scenario: "humaita" }))).toMatchObject({ code: 2, stderr: expect.stringMatching(/^scenario: one of encuentro, tuyuti, curupayty/) });
    expect(adjudicate(scratch({ ...file, seed: 3 }))).toMatchObject({ code: 2, stderr: "seed: a string" });
    expect(adjudicate(scratch({ ...file, turns: [{ uruguay: "robot" }] }))).toMatchObject({ code: 2, stderr: "turns[0].uruguay: not a side of this game" });
    expect(adjudicate(scratch({ ...file, colour: "red" }))).toMatchObject({ code: 2, stderr: 'colour: unknown field "colour"' });
  });
});
