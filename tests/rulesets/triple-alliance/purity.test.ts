// The Triple Alliance ruleset is pure (STYLE.md, TA2.4): it imports only its own folder, the shared
// helpers and the interface, and uses no clock, randomness, environment or I/O.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const rulesets = resolve(dirname(fileURLToPath(import.meta.url)), "../../../server/rulesets");
const root = join(rulesets, "triple-alliance");

const FORBIDDEN: [RegExp, string][] = [
  [/\bMath\.random\b/, "Math.random"],
  [/\bDate\.now\b|\bnew Date\b/, "the clock"],
  [/\bperformance\.now\b/, "the clock"],
  [/\bprocess\./, "process (env, argv, I/O)"],
  [/\bfetch\(/, "the network"],
  [/\brequire\(/, "require"],
  [/from\s+["']node:/, "node modules"],
];

describe("Triple Alliance purity", () => {
  const files = readdirSync(root).filter((f) => f.endsWith(".ts")).map((f) => join(root, f));
  it("finds the ruleset's sources", () => expect(files.length).toBeGreaterThanOrEqual(15));
  for (const file of files) {
    it(`${relative(rulesets, file)} imports only its folder, shared helpers or the interface, and is pure`, () => {
      const text = readFileSync(file, "utf8");
      for (const m of text.matchAll(/^\s*(?:import|export)[^"']*from\s+["']([^"']+)["']/gm)) {
        const target = resolve(dirname(file), m[1]!);
        const ok = target.startsWith(root + "/") || target.startsWith(join(rulesets, "shared") + "/") || target === join(rulesets, "ruleset");
        expect(ok, `imports "${m[1]}"`).toBe(true);
      }
      for (const [pattern, what] of FORBIDDEN) expect(pattern.test(text), `uses ${what}`).toBe(false);
    });
  }
});
