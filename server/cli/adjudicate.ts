// npm run adjudicate -- FILE.json — a scenario of any ruleset, report as JSON on stdout.
// A file whose "ruleset" names another game goes to that game's runner; without the field, the
// 1942 format (RULES.md Appendix A): one scenario's combat phase.
// Exit 0 with a report; exit 2 with one line naming the field for a file error.
import { readFileSync } from "node:fs";
import { runScenarioFile } from "../rulesets/interplanetary/scenario-file";
import { runScenarioFile as runTripleAllianceFile } from "../rulesets/triple-alliance/scenario-file";
import { runScenarioText } from "../scenario/run";

const file = process.argv[2];
if (!file) {
  console.error("usage: npm run adjudicate -- FILE.json");
  process.exit(2);
}
let text: string;
try {
  text = readFileSync(file, "utf8");
} catch (e) {
  console.error(`(file): cannot read ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  process.exit(2);
}

/** The ruleset a file names, or null for the 1942 format (no field, or not JSON: its parser reports). */
function rulesetOf(source: string): unknown {
  try {
    const parsed: unknown = JSON.parse(source);
    return typeof parsed === "object" && parsed !== null && !Array.isArray(parsed) && "ruleset" in parsed ? (parsed as { ruleset: unknown }).ruleset : null;
  } catch {
    return null;
  }
}

const ruleset = rulesetOf(text);
if (ruleset === null || ruleset === "1942") {
  // The 1942 format has no ruleset field of its own: drop the name before its parser reads the file.
  const result = runScenarioText(ruleset === "1942" ? JSON.stringify({ ...JSON.parse(text), ruleset: undefined }) : text);
  if (!result.ok) {
    console.error(result.error);
    process.exit(2);
  }
  process.stdout.write(`${JSON.stringify(result.report, null, 2)}\n`);
} else if (ruleset === "interplanetary") {
  const result = runScenarioFile(JSON.parse(text));
  if (!result.ok) {
    console.error(result.error);
    process.exit(2);
  }
  process.stdout.write(`${JSON.stringify(result.output, null, 2)}\n`);
} else if (ruleset === "triple-alliance") {
  const result = runTripleAllianceFile(JSON.parse(text));
  if (!result.ok) {
    console.error(result.error);
    process.exit(2);
  }
  process.stdout.write(`${JSON.stringify(result.output, null, 2)}\n`);
} else {
  console.error(`ruleset: unknown ruleset ${JSON.stringify(ruleset)}: "1942" (or no field), "interplanetary" or "triple-alliance"`);
  process.exit(2);
}
