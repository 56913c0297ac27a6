// npm run map:preview [-- --save] — draw app/map/map-data.json to /tmp/map-preview.svg and, with
// Debian's Chromium (never a downloaded browser), to /tmp/map-preview.png, to check the map by eye.
// --save also copies the PNG to docs/map-preview.png.

import { copyFileSync, existsSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { DEFAULT_BOARD } from "../server/rulesets/1942/engine/board/default-board";
import { MAP } from "../app/map/map-data";

const NATION_COLOURS: Record<string, string> = {
  Russia: "#b5523b",
  Germany: "#6b6b6b",
  "United Kingdom": "#c9a66b",
  Japan: "#e0a030",
  "United States": "#6f8f4e",
};
const SVG_OUT = "/tmp/map-preview.svg";
const PNG_OUT = "/tmp/map-preview.png";
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;");
const owner = new Map(DEFAULT_BOARD.territories.map((t) => [t.id, t.owner]));
const [, , w, h] = MAP.viewBox.split(" ").map(Number);
// --view x,y,w,h zooms in on part of the map (for checking a coast or a border).
const viewArg = process.argv.find((a) => a.startsWith("--view="))?.slice(7).replace(/,/g, " ");

const shapes = MAP.territories.map((t) => {
  const fill = t.kind === "sea" ? "#9cc3dd" : NATION_COLOURS[owner.get(t.id) ?? ""] ?? "#fff";
  return `<path d="${t.path}" fill="${fill}" stroke="#223" stroke-width="${t.kind === "sea" ? 0.4 : 0.6}" fill-rule="evenodd"><title>${esc(t.id)}</title></path>`;
});
const crossings = MAP.crossings.map(
  (c) => `<path d="${c.path}" stroke="#d00" stroke-width="2" stroke-dasharray="3 2" fill="none"><title>${esc(c.between.join(" — "))}</title></path>`,
);
const labels = MAP.territories.map((t) => {
  const name = t.id.replace(/ Sea Zone$/, " SZ");
  return `<circle cx="${t.anchor[0]}" cy="${t.anchor[1]}" r="1.5" fill="#000"/><text x="${t.label[0]}" y="${t.label[1]}" font-size="6" text-anchor="middle" font-family="sans-serif" fill="${t.kind === "sea" ? "#124" : "#000"}">${esc(name)}</text>`;
});
const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="${viewArg ?? MAP.viewBox}" width="${w! * 1.5}" height="${h! * 1.5}">
<rect width="${w}" height="${h}" fill="#e8e4da"/>
${shapes.join("\n")}
${crossings.join("\n")}
${labels.join("\n")}
</svg>
`;
writeFileSync(SVG_OUT, svg);
console.log(`wrote ${SVG_OUT}`);

if (!existsSync(CHROMIUM)) {
  console.log(`no browser at ${CHROMIUM}: PNG skipped`);
} else {
  const { chromium } = await import("playwright-core");
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ["--no-sandbox"] });
  const page = await browser.newPage({ viewport: { width: Math.ceil(w! * 1.5), height: Math.ceil(h! * 1.5) } });
  await page.setContent(`<body style="margin:0">${svg}</body>`);
  await page.screenshot({ path: PNG_OUT });
  await browser.close();
  console.log(`wrote ${PNG_OUT}`);
  if (process.argv.includes("--save")) {
    const docs = fileURLToPath(new URL("../docs/map-preview.png", import.meta.url));
    copyFileSync(PNG_OUT, docs);
    console.log(`wrote ${docs}`);
  }
}
