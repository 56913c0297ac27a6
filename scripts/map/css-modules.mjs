// `--import` this before a script that renders the map's components outside Next (board-shot.ts):
// a CSS module then imports as an object whose class names are its keys, as Next would give them.
import { register } from "node:module";

register("./css-modules-hooks.mjs", import.meta.url);
