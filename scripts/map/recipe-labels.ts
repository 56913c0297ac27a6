// Names placed by hand, as printed boards do, where the roomiest point of a territory (placement.ts)
// puts its name on the same line as a neighbour's and one of the two would have to wait for a closer
// zoom on the whole board. Points in lon/lat; each must lie inside its territory (the build checks).
import type { LonLat } from "./recipe-land";

export const LABEL_AT: Readonly<Record<string, { at: LonLat; why: string }>> = {
  "Kenya-Rhodesia": { at: [37.5, -1], why: "in Kenya: in Tanzania it shares Congo's line" },
  "Caroline Islands": { at: [151.8, 7.4], why: "on Chuuk, in the middle of the islands, clear of the Philippines' name" },
  "West Europe": { at: [1, 45.5], why: "in south-west France: further north it shares Switzerland's line or Germany's markers" },
  Philippines: { at: [125, 7.8], why: "on Mindanao: on Luzon it shares French Indo China's line" },
};
