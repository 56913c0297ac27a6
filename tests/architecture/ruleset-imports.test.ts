// The platform knows no rule of any game (BRIEF, docs/platform.md "What the platform may import from a
// ruleset"): a platform file reaches a game's rules only through the registry (server/rulesets/index.ts)
// and the interface (server/rulesets/ruleset.ts), never a file under server/rulesets/<game>/. The files
// that still do are listed below, each with why; the test fails on a new one, and on a listed file
// that no longer does, so the list only shrinks.
//
// Platform: server/services, server/api, server/jobs, server/http, server/auth, the files at
// server/*.ts, and db/ — what serves every game. Not platform: server/rulesets (the games),
// server/scenario (1942's scenario-file format, part of that ruleset in all but its folder) and
// server/cli (command-line tools that run one named game's engine: odds, simulate, adjudicate).
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { resolveImport, ROOT, sources } from "./source-files";

const PLATFORM_DIRS = ["server/services", "server/api", "server/jobs", "server/http", "server/auth", "db"];
/** The registry and the interface: the platform's one road to any game's rules. */
const RULESET_ROAD = new Set(["server/rulesets/index.ts", "server/rulesets/ruleset.ts"]);

/** Platform files that still import a ruleset's internals, and why. Remove a line when its file stops. */
const ALLOWED: Record<string, string> = {
  "db/schema.ts": "types the 1942 game's columns (state, orders, battles, landings, side ids as Nation) with the engine's types",
  "server/api/order-list.ts": "zod schema of a 1942 order list (unit types, order kinds)",
  "server/api/outputs.ts": "zod output schemas of a 1942 view (its nations)",
  "server/api/schemas.ts": "zod input schemas of 1942 nations, unit types and casualty preferences",
  "server/services/adjudicate.ts": "resolves a 1942 turn with the engine (battles wait for players): 1942's own service until 1942 runs on the generic phases",
  "server/services/battle-preferences.ts": "1942 casualty preferences (R6.6)",
  "server/services/preference-decider.ts": "the classic adjudication's decider of the battles left to a 1942 casualty preference (R6.9)",
  "server/services/battles.ts": "checks a 1942 casualty choice (R6.6)",
  "server/services/orders.ts": "validates 1942 orders with the engine",
  "server/services/post-combat.ts": "1942 post-combat: landings and AA moves (R7)",
  "server/services/view.ts": "builds a 1942 board view with the engine",
};

function platformFiles(): string[] {
  const top = readdirSync(join(ROOT, "server"))
    .filter((name) => /\.tsx?$/.test(name) && !name.endsWith(".d.ts"))
    .map((name) => join(ROOT, "server", name));
  return [...top, ...PLATFORM_DIRS.flatMap((d) => sources(join(ROOT, d)))];
}

/** A file of a game's own folder (server/rulesets/<game>/...), not the registry or the interface. */
function isRulesetInternal(target: string): boolean {
  const rel = relative(ROOT, target).split("\\").join("/");
  if (!rel.startsWith("server/rulesets/") || RULESET_ROAD.has(rel)) return false;
  return rel.split("/").length > 3;
}

/** Every import and re-export, type-only ones too (a type ties the file to the game's rules just the same). */
const IMPORT = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s*["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)|(?:^|\n)\s*import\s*["']([^"']+)["']/g;

function importersOfRulesetInternals(): string[] {
  return platformFiles()
    .filter((file) => [...readFileSync(file, "utf8").matchAll(IMPORT)].some((m) => {
      const target = resolveImport(file, (m[1] ?? m[2] ?? m[3])!, "keep");
      return target !== undefined && isRulesetInternal(target);
    }))
    .map((file) => relative(ROOT, file).split("\\").join("/"))
    .sort();
}

describe("the platform reaches a game's rules only through the ruleset registry", () => {
  const found = importersOfRulesetInternals();

  it("has no platform file importing a ruleset's internals beyond the allowlist", () => {
    expect(found.filter((f) => !(f in ALLOWED))).toEqual([]);
  });

  it("lists only files that still import them (the allowlist only shrinks)", () => {
    expect(Object.keys(ALLOWED).filter((f) => !found.includes(f)).sort()).toEqual([]);
  });

  it("sees an import of a ruleset's internals, and not one of the registry", () => {
    // The test's own detector, on known files: a check that finds nothing proves nothing.
    expect(isRulesetInternal(join(ROOT, "server/rulesets/1942/engine/index.ts"))).toBe(true);
    expect(isRulesetInternal(join(ROOT, "server/rulesets/interplanetary/types.ts"))).toBe(true);
    expect(isRulesetInternal(join(ROOT, "server/rulesets/index.ts"))).toBe(false);
    expect(isRulesetInternal(join(ROOT, "server/rulesets/ruleset.ts"))).toBe(false);
    expect(found).toContain("server/services/view.ts");
  });
});
