// npm run odds -- FILE.json (or - for standard input) — the exact odds of one battle, as JSON.
// Exit 0 with the odds; exit 2 with one line naming the field for a file error.
import { readFileSync } from "node:fs";
import { exactOdds } from "../rulesets/1942/engine/odds";
import { parseOddsText } from "../scenario/odds-input";

const file = process.argv[2];
if (!file) {
  console.error("usage: npm run odds -- FILE.json   (or - to read standard input)");
  process.exit(2);
}
let text: string;
try {
  text = readFileSync(file === "-" ? 0 : file, "utf8");
} catch (e) {
  console.error(`(file): cannot read ${file}: ${(e as NodeJS.ErrnoException).code ?? (e as Error).message}`);
  process.exit(2);
}
const parsed = parseOddsText(text);
if (!parsed.ok) {
  console.error(parsed.error);
  process.exit(2);
}
const t0 = performance.now();
const odds = exactOdds(parsed.input);
const ms = performance.now() - t0;
const { attacker, defender, ...rest } = odds;
const out = {
  ...rest,
  expectedLeft: { attacker: attacker.expectedLeft, defender: defender.expectedLeft },
  expectedLoss: { attacker: attacker.expectedLoss, defender: defender.expectedLoss },
  survivors: { attacker: attacker.survivors, defender: defender.survivors },
  ms: Math.round(ms * 1000) / 1000,
};
process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
