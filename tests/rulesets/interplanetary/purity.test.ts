// Rulesets are pure (STYLE.md): a ruleset imports only its own folder, the shared helpers, the
// interface and the packages named pure below; shared helpers may use the 1942 engine's pure rng
// read-only. No clock, randomness, environment or I/O anywhere.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "../../../server/rulesets");
/** The one file of a ruleset's folder that shared helpers may use: the 1942 engine's seeded dice. */
const ALLOWED_OUTSIDE = [resolve(root, "1942/engine/rng")];
/**
 * Packages a ruleset may use: zod, to check the shape of what arrives from the network as unknown JSON
 * (a question to the rules, Ruleset.queries) with the same schemas the platform's inputs use. It
 * reads its input and nothing else: no clock, randomness or I/O.
 */
const PURE_PACKAGES = ["zod"];

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
  [/from\s+["']node:/, "node modules"],
];

describe("ruleset purity", () => {
  const files = sources(root);
  it("finds the ruleset sources", () => expect(files.length).toBeGreaterThan(15));
  for (const file of files) {
    const name = relative(root, file);
    it(`${name} imports only its folder, shared helpers or the interface, and is pure`, () => {
      const text = readFileSync(file, "utf8");
      const folder = name.includes("/") ? resolve(root, name.split("/")[0]!) : root;
      const imports = [...text.matchAll(/^\s*(?:import|export)[^"']*from\s+["']([^"']+)["']/gm)].map((m) => m[1]!);
      for (const spec of imports) {
        if (PURE_PACKAGES.includes(spec)) continue;
        expect(spec.startsWith("."), `${name} imports "${spec}"`).toBe(true);
        const target = resolve(dirname(file), spec);
        const ok = target.startsWith(folder + "/") || target.startsWith(join(root, "shared") + "/") || target === join(root, "ruleset") || ALLOWED_OUTSIDE.includes(target);
        expect(ok, `${name} imports "${spec}" from outside its folder`).toBe(true);
        if (ALLOWED_OUTSIDE.includes(target) && !target.startsWith(folder + "/")) expect(name.startsWith("shared/"), `${name}: only shared helpers use the engine's rng`).toBe(true);
      }
      for (const [pattern, what] of FORBIDDEN) expect(pattern.test(text), `${name} uses ${what}`).toBe(false);
    });
  }
});
