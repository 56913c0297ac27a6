// npm run adjudicate -- FILE.json — one scenario's combat phase, report as JSON on stdout.
// Exit 0 with a report; exit 2 with one line naming the field for a file error.
import { readFileSync } from "node:fs";
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
const result = runScenarioText(text);
if (!result.ok) {
  console.error(result.error);
  process.exit(2);
}
process.stdout.write(`${JSON.stringify(result.report, null, 2)}\n`);
