// What the architecture tests read: the project's TypeScript files and where their imports point.
import { existsSync, readdirSync, statSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const EXTENSIONS = [".ts", ".tsx", "/index.ts", "/index.tsx"];

/** Every .ts and .tsx file under `dir` (none when it does not exist), declarations left out. */
export function sources(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) out.push(...sources(p));
    else if (/\.tsx?$/.test(name) && !name.endsWith(".d.ts")) out.push(p);
  }
  return out;
}

/**
 * The file a relative or "@/" import of `from` names; undefined for a package. A path that names no
 * file gives `unresolved` (the cycle test drops it; the ruleset test keeps where it points, so a typo
 * cannot hide an import).
 */
export function resolveImport(from: string, spec: string, unresolved: "drop" | "keep" = "drop"): string | undefined {
  const base = spec.startsWith("@/") ? join(ROOT, spec.slice(2)) : spec.startsWith(".") ? resolve(dirname(from), spec) : undefined;
  if (!base) return undefined;
  if (/\.tsx?$/.test(base) && existsSync(base)) return base;
  for (const ext of EXTENSIONS) if (existsSync(base + ext)) return base + ext;
  return unresolved === "keep" ? base : undefined;
}
