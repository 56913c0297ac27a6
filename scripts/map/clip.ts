// polygon-clipping's types declare named exports, but under Node's ESM its CommonJS build only
// offers a default export; this module gives both worlds the same named functions.
import * as pc from "polygon-clipping";

const lib = ((pc as unknown as { default?: typeof pc }).default ?? pc) as typeof pc;
export const { union, intersection, difference, xor } = lib;
export type { MultiPolygon, Pair, Polygon, Ring } from "polygon-clipping";
