// `npm run odds -- FILE.json` (and `-` for standard input): the odds as JSON and exit 0, or one line
// naming the field and exit 2.
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { exactOdds } from "../../server/rulesets/1942/engine/odds";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../..");

function odds(file: string, stdin?: string) {
  const run = spawnSync(process.execPath, ["--import", "tsx", join(root, "server/cli/odds.ts"), file], { cwd: root, encoding: "utf8", input: stdin });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr.trim() };
}

function scratch(text: string): string {
  const file = join(mkdtempSync(join(tmpdir(), "lockstep-")), "battle.json");
  writeFileSync(file, text);
  return file;
}

const BATTLE = { attacker: { Germany: { infantry: 3, armour: 1 } }, defender: { Russia: { infantry: 3 } }, lowLuck: false, sea: false };

// Each test starts a child process that compiles the CLI with tsx: a second or two on a quiet machine,
// far more on a loaded two-core one, hence more than the default timeout.
describe("npm run odds", { timeout: 120_000 }, () => {
  it("prints the documented fields for a file, and the same for standard input", () => {
    const fromFile = odds(scratch(JSON.stringify(BATTLE)));
    expect(fromFile.code).toBe(0);
    const out = JSON.parse(fromFile.stdout);
    const exact = exactOdds(BATTLE);
    for (const k of ["attackerWins", "defenderWins", "bothDestroyed", "taken", "expectedRounds"] as const) expect(out[k]).toBeCloseTo(exact[k], 12);
    expect(out.expectedLeft).toEqual({ attacker: exact.attacker.expectedLeft, defender: exact.defender.expectedLeft });
    expect(typeof out.ms).toBe("number");
    const fromStdin = JSON.parse(odds("-", JSON.stringify(BATTLE)).stdout);
    expect(fromStdin.attackerWins).toBe(out.attackerWins);
  });

  it.each([
    ["{", "(file): not JSON"],
    [JSON.stringify({ ...BATTLE, defender: { Russia: { infantry: -1 } } }), "defender.Russia.infantry:"],
    [JSON.stringify({ ...BATTLE, attacker: { Germany: { tank: 1 } } }), "attacker.Germany.tank:"],
    [JSON.stringify({ ...BATTLE, attacker: { Germany: { infantry: 1 }, Russia: { infantry: 1 } } }), "attacker: nations of both teams on one side (R1.1)"],
    [JSON.stringify({ ...BATTLE, attacker: { Germany: { destroyer: 1 } } }), "attacker.Germany.destroyer: ships do not fight on land"],
    [JSON.stringify({ ...BATTLE, attackerChoices: { withdrawAirBelow: 2 } }), "attackerChoices.withdrawAirBelow:"],
    [JSON.stringify({ ...BATTLE, odds: 1 }), 'odds: unknown field "odds"'],
    [JSON.stringify({ ...BATTLE, flights: [{ nation: "Germany", aircraft: { fighter: 1 }, aaFire: 1 }] }), "flights[0].aircraft.fighter: more than the attacker's Germany fighter"],
    [JSON.stringify({ ...BATTLE, damaged: { defender: { Russia: 1 } } }), "damaged.defender.Russia: more than its battleships (R6.4)"],
  ])("a file error exits 2 with one line naming the field: %s", (text, start) => {
    const { code, stdout, stderr } = odds(scratch(text));
    expect(code).toBe(2);
    expect(stdout).toBe("");
    expect(stderr.split("\n")).toHaveLength(1);
    expect(stderr.startsWith(start)).toBe(true);
  });
});
