// Exact battle odds (R6, with R5.1 AA fire and R5.5 bombardment): pure, for the server, robots and the browser.
export { exactOdds, exactEnds, type BattleEnd, type EndKind, type OddsInput, type OddsResult, type SideResult, type Forces, type SideChoices, type Flight } from "./odds";
