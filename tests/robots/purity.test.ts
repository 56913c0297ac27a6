// Robots decide like a player's browser (R3.2) and deterministically for a state, nation and seed:
// they import only the engine's public API (server/rulesets/1942/engine/index.ts) and their own files, and use no
// clock, randomness, environment or I/O. This test is the lint rule that enforces it.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const robots = resolve(dirname(fileURLToPath(import.meta.url)), "../../server/rulesets/1942/robots");
const engineApi = resolve(robots, "../engine");

const FORBIDDEN: [RegExp, string][] = [
  [/\bMath\.random\b/, "Math.random"],
  [/\bDate\.now\b|\bnew Date\b/, "the clock"],
  [/\bperformance\.now\b/, "the clock"],
  [/\bprocess\./, "process (env, argv, I/O)"],
  [/\bfetch\(/, "the network"],
  [/\brequire\(/, "require"],
];

describe("robot purity", () => {
  const files = readdirSync(robots)
    .filter((f) => f.endsWith(".ts"))
    .map((f) => join(robots, f));

  it("finds the robot sources, robot.ts the entry among them", () => {
    expect(files.map((f) => relative(robots, f))).toContain("robot.ts");
    expect(files.length).toBeGreaterThan(5);
  });

  for (const file of files) {
    const name = relative(robots, file);
    it(`${name} imports only the engine's API and robot files, and uses no clock, randomness, env or I/O`, () => {
      const text = readFileSync(file, "utf8");
      const imports = [...text.matchAll(/^\s*(?:import|export)[^"']*from\s+["']([^"']+)["']/gm)].map((m) => m[1]!);
      for (const spec of imports) {
        const target = resolve(dirname(file), spec);
        expect(target === engineApi || dirname(target) === robots, `${name} imports "${spec}"`).toBe(true);
      }
      for (const [pattern, what] of FORBIDDEN) expect(pattern.test(text), `${name} uses ${what}`).toBe(false);
    });
  }
});
