// `npm run adjudicate -- FILE.json` (RULES.md Appendix A): the report on stdout and exit 0, or one
// line naming the field and exit 2.
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { NATIONS } from "../../server/rulesets/1942/engine/types";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
const fixtures = join(root, "tests/cli/fixtures");

function adjudicate(file: string) {
  const run = spawnSync(process.execPath, ["--import", "tsx", join(root, "server/cli/adjudicate.ts"), file], { cwd: root, encoding: "utf8" });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr.trim() };
}

function scratch(text: string): string {
  const file = join(mkdtempSync(join(tmpdir(), "lockstep-")), "scenario.json");
  writeFileSync(file, text);
  return file;
}

// Each test starts a child process that compiles the CLI with tsx: a second or two on a quiet machine,
// far more on a loaded two-core one, hence more than the default timeout.
describe("npm run adjudicate", { timeout: 120_000 }, () => {
  it("runs the Appendix A example and prints every documented report field", () => {
    const { code, stdout } = adjudicate(join(fixtures, "appendix-a.json"));
    expect(code).toBe(0);
    const report = JSON.parse(stdout);
    expect(report.orders.map((o: { id: string }) => o.id)).toEqual(["g1", "g2", "g3", "g4", "g5"]);
    for (const o of report.orders) {
      expect(o).toHaveProperty("nation", "Germany");
      expect(["completed", "stopped", "bounced", "destroyed", "invalid"]).toContain(o.status);
      expect(typeof o.endedAt).toBe("string");
    }
    expect(report.orders.find((o: { id: string }) => o.id === "g3")).toMatchObject({ unloaded: true });
    expect(Object.keys(report.owners).sort()).toEqual(["A", "B", "C", "L", "M"]);
    expect(Object.keys(report.treasury)).toEqual([...NATIONS]);
    for (const key of ["aa", "battles", "raids", "units"]) expect(Array.isArray(report[key])).toBe(true);
  });

  it("reports AA fire, battles with rounds, raids and units with the Appendix A fields", () => {
    const { code, stdout } = adjudicate(join(fixtures, "all-fields.json"));
    expect(code).toBe(0);
    const report = JSON.parse(stdout);
    expect(report.aa[0]).toMatchObject({ territory: "B", order: "g2", shots: 2 });
    expect(typeof report.aa[0].hits).toBe("number");
    const sea = report.battles.find((b: { pass: string }) => b.pass === "sea");
    expect(sea).toMatchObject({ territory: "S2", bombardment: { hits: 0, lost: {} }, destroyedAtOnce: {} });
    expect(["Axis", "Allies", "none"]).toContain(sea.winner);
    expect(sea.rounds.length).toBeGreaterThan(0);
    for (const round of sea.rounds) {
      expect(Object.keys(round.hits).sort()).toEqual(["Allies", "Axis"]);
      expect(Object.keys(round.lost).sort()).toEqual(["Allies", "Axis"]);
    }
    expect(report.orders.find((o: { id: string }) => o.id === "g4")).toMatchObject({ status: "invalid", endedAt: "A" });
    expect(report.orders.find((o: { id: string }) => o.id === "g4").reason).toContain("(R4.3)");
    for (const u of report.units) expect(Object.keys(u).sort()).toEqual(expect.arrayContaining(["at", "count", "nation", "type"]));
    if (report.raids.length > 0) expect(report.raids[0]).toMatchObject({ territory: "C" });
  });

  it("exits 2 with one line naming the field for a file error", () => {
    const cases: [string, string][] = [
      ["{ not json", "(file)"],
      [JSON.stringify({ units: [{ nation: "Germany", type: "tank", at: "Germany", count: 1 }] }), "units[0].type"],
      [JSON.stringify({ units: [{ nation: "Germany", type: "infantry", at: "Atlantis", count: 1 }] }), "units[0].at"],
      [JSON.stringify({ options: { lowLuck: "yes" } }), "options.lowLuck"],
      [JSON.stringify({ orders: { Germany: [{ id: "g1", units: { infantry: 1 }, from: "Germany", path: ["Narnia"] }] } }), "orders.Germany[0].path[0]"],
    ];
    for (const [text, field] of cases) {
      const { code, stdout, stderr } = adjudicate(scratch(text));
      expect(code, text).toBe(2);
      expect(stdout).toBe("");
      expect(stderr.split("\n")).toHaveLength(1);
      expect(stderr.startsWith(field), `${stderr} should name ${field}`).toBe(true);
    }
  });

  it("exits 2 when the file cannot be read", () => {
    expect(adjudicate(join(fixtures, "missing.json")).code).toBe(2);
  });
});
