// npx tsx scripts/map/measure-board.ts — how readable the whole board is at the game screen's sizes:
// for the opening and after ten robot turns, the stacks that overlap one another or a name, the
// names' size on screen and how many are written. The figures in docs/map-projection.md come from here.
import { boardAt } from "../../app/game/[id]/map/board-fit";
import { anchorOf } from "../../app/game/[id]/map/map-geometry";
import { overlaps } from "../../app/game/[id]/map/stack-layout";
import { MAP } from "../../app/map/map-data";
import { afterRobotTurns, stacksOf } from "./positions";
import { DEFAULT_BOARD, DEFAULT_SETUP, createState } from "../../server/rulesets/1942/engine";

import { DESKTOP, PHONE } from "./screens";

const positions = { opening: createState(DEFAULT_BOARD, DEFAULT_SETUP), "after 10 robot turns": afterRobotTurns(10) };
const land = MAP.territories.filter((t) => t.kind === "land").length;
const sea = MAP.territories.length - land;
console.log(`viewBox ${MAP.viewBox}`);
for (const [screen, box] of Object.entries({ desktop: DESKTOP, phone: PHONE })) {
  for (const [name, state] of Object.entries(positions)) {
    const look = boardAt(stacksOf(state), false, box);
    const s = look.stacks;
    let stackPairs = 0;
    for (let i = 0; i < s.length; i++) for (let j = i + 1; j < s.length; j++) if (overlaps(s[i]!.box, s[j]!.box)) stackPairs++;
    const onLabels = s.filter((x) => [...look.labels.map((l) => l.box), ...look.marks].some((b) => overlaps(b, x.box))).length;
    // How far stacks stand from their territory's anchor (moved aside, with a leader line), px.
    const away = s.map((x) => {
      const [ax, ay] = anchorOf(x.at);
      return Math.hypot(x.box.x + x.box.w / 2 - ax * look.scale, x.box.y + x.box.h / 2 - ay * look.scale);
    });
    const moved = away.filter((d) => d > 20).length;
    const landNames = look.labels.filter((l) => MAP.territories.find((t) => t.id === l.id)!.kind === "land").length;
    const drawn = { w: Math.round(look.scale * Number(MAP.viewBox.split(" ")[2])), h: Math.round(look.scale * Number(MAP.viewBox.split(" ")[3])) };
    console.log(
      `${screen} ${box.w}×${box.h}, ${name}: map drawn ${drawn.w}×${drawn.h} px; ${s.length} stacks, ${stackPairs} overlapping pairs, ${onLabels} on a name or marker; ${moved} moved > 20 px (farthest ${Math.max(...away).toFixed(0)} px); names ${look.namePx.toFixed(1)} px, written ${landNames}/${land} land, ${look.labels.length - landNames}/${sea} sea`,
    );
  }
}

if (process.argv.includes("--detail")) {
  const look = boardAt(stacksOf(positions.opening), false, DESKTOP);
  console.log("hidden:", MAP.territories.filter((t) => !look.names.has(t.id)).map((t) => t.id).join(", "));
  for (const x of look.stacks) {
    const hit = look.labels.filter((l) => overlaps(l.box, x.box)).map((l) => l.id);
    const mark = look.marks.some((m) => overlaps(m, x.box));
    if (hit.length || mark) console.log(`stack ${x.at} on ${hit.join(", ")}${mark ? " (a marker row)" : ""}`);
  }
}
