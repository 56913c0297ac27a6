// After "Create challenge" the lobby opens the challenge's game page (issue 19), started or waiting for
// players: the id is read from there, and scenarios that go on in the lobby go back to it. A 1942
// challenge is played a phase at a time (play.create), so its page is the platform's frame, /game/<id>/play.
import type { Page } from "playwright-core";
import { LONG } from "./support";

/** The id of the game just created by this page (its page opens), back in the lobby when asked. */
export async function createdGame(page: Page, base: string, opts: { backToLobby?: boolean } = {}): Promise<number> {
  await page.waitForURL(/\/game\/\d+(\/play)?$/, { timeout: LONG });
  const gameId = Number(/\/game\/(\d+)(\/play)?$/.exec(page.url())![1]);
  if (opts.backToLobby) {
    await page.goto(`${base}/lobby`);
    await page.getByTestId(`my-game-${gameId}`).waitFor({ timeout: LONG });
  }
  return gameId;
}
