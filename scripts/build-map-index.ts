// npm run map:index — write app/map/map-index.json from app/map/map-data.json (run by map:build).
import { writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { MAP } from "../app/map/map-data";
import { mapIndexJson } from "./map/map-index";

const OUT = fileURLToPath(new URL("../app/map/map-index.json", import.meta.url));
writeFileSync(OUT, mapIndexJson(MAP));
console.log(`wrote ${OUT}`);
