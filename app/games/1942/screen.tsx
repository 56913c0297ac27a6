// The 1942 game's screen module (registry.ts): its turn review on the 1942 map; its screen, for now,
// the JSON screen.
export { Screen } from "../json-screen";
export { Review } from "./review";
