// `npm run adjudicate -- FILE.json` with a file naming the Interplanetary ruleset: every turn's
// report, the result and the final state on stdout; a file error is one line naming the field.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const fixture = join(root, "tests/cli/fixtures/interplanetary-race.json");

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
describe("npm run adjudicate with an Interplanetary file", { timeout: 120_000 }, () => {
  it("plays the listed turns and prints each report, the result and the state", () => {
    const { code, stdout, stderr } = adjudicate(fixture);
    expect(stderr).toBe("");
    expect(code).toBe(0);
    const out = JSON.parse(stdout);
    expect(out).toMatchObject({ ruleset: "interplanetary", scenario: "planet-race", result: { over: false } });
    expect(out.reports.map((r: { turn: number }) => r.turn)).toEqual([1, 2, 3]);
    expect(out.reports[0].lines).toContainEqual(expect.objectContaining({ rule: "IP5.2", kind: "takeoff", ship: "Ares-1", base: "earth-e" }));
    // Burning E against the W arrow of the hex above the base holds the ship there (IP4.1, IP3.2).
    expect(out.reports[1].lines).toContainEqual(expect.objectContaining({ rule: "IP3.2", kind: "move", ship: "Ares-1", burn: "E", to: "3,7" }));
    const ares = out.state.ships.find((s: { id: string }) => s.id === "Ares-1");
    expect(ares).toMatchObject({ fuel: 19, status: "flying" });
    expect(out.state.turn).toBe(4);
  });

  it("reports orders that break a rule in the turn's report, not as a file error", () => {
    const file = JSON.parse(readFileSync(fixture, "utf8"));
    file.turns = [{ Ares: { ships: { "Ares-1": { burn: "E" } } } }];
    const { code, stdout } = adjudicate(scratch(file));
    expect(code).toBe(0);
    expect(JSON.parse(stdout).reports[0].lines).toContainEqual(expect.objectContaining({ rule: "IP2.2", kind: "invalid-orders", side: "Ares", broken: "IP5.2" }));
  });

  it("names the field of a file error and exits 2", () => {
    const file = JSON.parse(readFileSync(fixture, "utf8"));
    expect(adjudicate(scratch({ ...file, scenario: "tourism" }))).toMatchObject({ code: 2, stdout: "" });
    expect(adjudicate(scratch({ ...file, scenario: "tourism" })).stderr).toMatch(/^scenario: /);
    expect(adjudicate(scratch({ ...file, turns: [{ Zeus: {} }] })).stderr).toBe("turns[0].Zeus: not a side of this game");
    expect(adjudicate(scratch({ ...file, extra: 1 })).stderr).toBe('extra: unknown field "extra"');
    expect(adjudicate(scratch({ ...file, ruleset: "chess" }))).toMatchObject({ code: 2, stderr: expect.stringMatching(/^ruleset: unknown ruleset "chess"/) });
  });

  it("still reads a 1942 file that names its ruleset", () => {
    const appendix = JSON.parse(readFileSync(join(root, "tests/cli/fixtures/appendix-a.json"), "utf8"));
    const plain = adjudicate(join(root, "tests/cli/fixtures/appendix-a.json"));
    const named = adjudicate(scratch({ ...appendix, ruleset: "1942" }));
    expect(named.code).toBe(0);
    expect(JSON.parse(named.stdout)).toEqual(JSON.parse(plain.stdout));
  });
});
