// No import cycles in app/, pages/ and server/ (STYLE.md): a cycle makes module order matter and hides which
// module owns what. Relative imports and "@/" paths are followed; type-only imports count too,
// because they tie the files' meanings together just the same.
import { readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { resolveImport, ROOT, sources } from "./source-files";

/** Cycles still to break, each named by its files in order from the first. */
const KNOWN: string[] = [];

function graph(): Map<string, string[]> {
  const edges = new Map<string, string[]>();
  const files = [...sources(join(ROOT, "app")), ...sources(join(ROOT, "pages")), ...sources(join(ROOT, "server"))];
  const pattern = /(?:^|\n)\s*(?:import|export)\s[^'"]*?from\s*["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;
  for (const file of files) {
    const text = readFileSync(file, "utf8");
    const targets = new Set<string>();
    for (const m of text.matchAll(pattern)) {
      const target = resolveImport(file, (m[1] ?? m[2])!);
      if (target) targets.add(target);
    }
    edges.set(file, [...targets]);
  }
  return edges;
}

/** Strongly connected components with more than one file (Tarjan), each as a canonical cycle path. */
function cycles(edges: Map<string, string[]>): string[] {
  let index = 0;
  const stack: string[] = [];
  const on = new Set<string>();
  const idx = new Map<string, number>();
  const low = new Map<string, number>();
  const found: string[][] = [];
  const visit = (v: string) => {
    idx.set(v, index);
    low.set(v, index++);
    stack.push(v);
    on.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!idx.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (on.has(w)) low.set(v, Math.min(low.get(v)!, idx.get(w)!));
    }
    if (low.get(v) === idx.get(v)) {
      const component: string[] = [];
      let w: string;
      do {
        w = stack.pop()!;
        on.delete(w);
        component.push(w);
      } while (w !== v);
      if (component.length > 1) found.push(component);
    }
  };
  for (const v of edges.keys()) if (!idx.has(v)) visit(v);
  return found.map((c) => c.map((f) => relative(ROOT, f)).sort().join(" → "));
}

describe("import graph", () => {
  it("has no cycle beyond the known ones", () => {
    const found = cycles(graph()).sort();
    expect(found).toEqual([...KNOWN].sort());
  });
});
