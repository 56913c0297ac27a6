// Generates app/rules/rules-text.ts from the rulebook (../shared/RULES.md), so the app quotes the
// rules without reading a file at runtime. Run after the rulebook changes:
//   npx tsx scripts/rules-text.ts [path/to/RULES.md]
// tests/app/rules-text.test.ts fails when the module is out of date or misses an id the engine cites.
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { parseRules } from "./rules-parse";
import { renderRulesModule } from "./rules-render";

const root = fileURLToPath(new URL("..", import.meta.url));
const source = process.argv[2] ?? `${root}../shared/RULES.md`;
const target = `${root}app/rules/rules-text.ts`;

writeFileSync(target, renderRulesModule(parseRules(readFileSync(source, "utf8"))));
console.log(`wrote ${target}`);
