// Which game's turn review prices luck over the whole game (GameReviewProps.gameReports: 1942's
// "Over the game"): its page asks play.review for every earlier turn's report, which reads every
// earlier turn; every other game's review is served without them. Kept apart from registry.ts so the
// server page reads it without loading any screen.
const OVER_THE_GAME: ReadonlySet<string> = new Set(["1942"]);

export function reviewReadsGameReports(ruleset: string): boolean {
  return OVER_THE_GAME.has(ruleset);
}
