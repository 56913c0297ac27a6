// npx tsx --import ./scripts/map/css-modules.mjs scripts/map/board-shot.ts [--save] — the whole board as the game screen's map box shows it
// (1440×900: 1024×844 beside the panel; 390×844: 390 wide above the sheet), in the opening position
// and after ten robot turns, to /tmp/board-*.png; --save copies the two final ones to docs/.
import { copyFileSync } from "node:fs";
import { chromium } from "playwright-core";
import { DEFAULT_BOARD, DEFAULT_SETUP, createState } from "../../server/rulesets/1942/engine";
import { boardPage } from "./board-render";
import { afterRobotTurns, stacksOf } from "./positions";
import { DESKTOP, PHONE } from "./screens";

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", args: ["--no-sandbox"] });
const positions = { opening: createState(DEFAULT_BOARD, DEFAULT_SETUP), turn11: afterRobotTurns(10) };
for (const [screen, box] of Object.entries({ desktop: DESKTOP, phone: PHONE })) {
  for (const [name, state] of Object.entries(positions)) {
    const page = await browser.newPage({ viewport: { width: box.w, height: box.h }, deviceScaleFactor: screen === "phone" ? 2 : 1 });
    await page.setContent(boardPage(stacksOf(state), state.owners, box));
    const out = `/tmp/board-${screen}-${name}.png`;
    await page.screenshot({ path: out });
    console.log(`wrote ${out}`);
    await page.close();
  }
}
await browser.close();
if (process.argv.includes("--save")) {
  copyFileSync("/tmp/board-desktop-turn11.png", new URL("../../docs/board-desktop.png", import.meta.url));
  copyFileSync("/tmp/board-phone-turn11.png", new URL("../../docs/board-phone.png", import.meta.url));
}
