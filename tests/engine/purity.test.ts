// The engine is pure (STYLE.md): it imports nothing outside server/rulesets/1942/engine and uses no clock,
// randomness, environment or I/O. This test is the lint rule that enforces it.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const engine = resolve(dirname(fileURLToPath(import.meta.url)), "../../server/rulesets/1942/engine");

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith(".ts") ? [join(dir, e.name)] : [],
  );
}

const FORBIDDEN: [RegExp, string][] = [
  [/\bMath\.random\b/, "Math.random"],
  [/\bDate\.now\b|\bnew Date\b/, "the clock"],
  [/\bperformance\.now\b/, "the clock"],
  [/\bprocess\./, "process (env, argv, I/O)"],
  [/\bfetch\(/, "the network"],
  [/\brequire\(/, "require"],
];

describe("engine purity", () => {
  const files = sources(engine);

  it("finds the engine sources", () => {
    expect(files.length).toBeGreaterThan(15);
  });

  for (const file of files) {
    const name = relative(engine, file);
    it(`${name} imports only engine modules and uses no clock, randomness, env or I/O`, () => {
      const text = readFileSync(file, "utf8");
      const imports = [...text.matchAll(/^\s*(?:import|export)[^"']*from\s+["']([^"']+)["']/gm)].map((m) => m[1]!);
      for (const spec of imports) {
        expect(spec.startsWith("."), `${name} imports "${spec}"`).toBe(true);
        const target = resolve(dirname(file), spec);
        expect(target.startsWith(engine), `${name} imports "${spec}" from outside server/rulesets/1942/engine`).toBe(true);
      }
      for (const [pattern, what] of FORBIDDEN) expect(pattern.test(text), `${name} uses ${what}`).toBe(false);
    });
  }
});
