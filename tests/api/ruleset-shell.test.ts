// The phased game page's server render (app/game/[id]/play/page.tsx): the light shell
// (app/games/ruleset-shell.tsx: the bar, the board's place, the platform's tabs) drawn from the few
// fields the page hands apart (rulesetShell), beside the viewer's view as its text. A side's saved
// orders reach neither the shell's markup nor the page's payload for the other player or a spectator
// (an outsider gets no page: play.get refuses, the page sends to the sign-in); the shell's fields hold
// none of the ruleset's view, seats or saved orders, even for the player who saved them.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { RulesetShell, rulesetShell } from "../../app/games/ruleset-shell";
import { handle } from "./api-world";
import { callerFor, makeUser } from "../support/world";

/** A Triple Alliance batch no robot would give: its numbers mark it wherever it turns up. */
const SECRET_BATCH = { units: { "PY-B1": { move: { face: 97, distance: 137 } } }, generals: {} };
const MARK = '"distance":137';
const MARK_HTML = "distance";

describe("the phased page's shell", () => {
  it("shows the bar and the tabs from its fields, and no side's saved orders to anyone", async () => {
    const [alice, bob, carol] = [await makeUser(handle, "alice-shell@example.com"), await makeUser(handle, "bob-shell@example.com"), await makeUser(handle, "carol-shell@example.com")];
    const asAlice = callerFor(handle, alice);
    const { gameId } = await asAlice.play.create({ name: "Shell secret", ruleset: "triple-alliance", scenario: "encuentro", seats: 2, mine: ["paraguay"], ordersHours: 24 });
    await callerFor(handle, bob).play.join({ gameId, side: "brazil" });
    expect(await asAlice.play.save({ gameId, side: "paraguay", orders: SECRET_BATCH })).toEqual({ ok: true });

    // What the page sends each viewer: the shell's markup, its fields and the view's text.
    const page = async (user: typeof alice) => {
      const view = await callerFor(handle, user).play.get({ gameId });
      const shell = rulesetShell(view);
      return { view, shell, html: renderToStaticMarkup(createElement(RulesetShell, { gameId, view: shell })), payload: JSON.stringify(view) };
    };

    const own = await page(alice);
    expect(own.payload).toContain(MARK);
    expect(Object.keys(own.shell).sort()).toEqual(["game", "phase", "turn"]);
    expect(JSON.stringify(own.shell)).not.toContain(MARK);
    expect(own.html).not.toContain(MARK_HTML);
    // The bar and the tabs, before any script: the game, the turn, who locked, Orders / Sides / Press.
    expect(own.html).toContain('data-testid="game-title">Shell secret<');
    expect(own.html).toContain('data-testid="game-turn">Turn 1: orders open<');
    expect(own.html).toContain('data-testid="locked-count">0/2 locked<');
    expect(own.html).toContain('data-testid="deadline"');
    expect([...own.html.matchAll(/data-state="(?:in)?active">([^<]+)</g)].map((m) => m[1])).toEqual(["Orders", "Sides", "Press"]);
    // No working tabs or sheet toggle: those come with the scripts.
    expect(own.html).not.toContain('role="tablist"');
    expect(own.html).not.toContain("sheet-toggle");

    for (const other of [bob, carol]) {
      const seen = await page(other);
      expect(seen.payload).not.toContain(MARK);
      expect(JSON.stringify(seen.shell)).not.toContain(MARK);
      expect(seen.html).not.toContain(MARK_HTML);
      // The same shell as the player's: it tells nothing of any side's orders.
      expect(seen.html).toBe(own.html);
    }
    await expect(callerFor(handle, null).play.get({ gameId })).rejects.toMatchObject({ code: "UNAUTHORIZED" });
  });

  it("before the game starts: the board's place says so", async () => {
    const dora = await makeUser(handle, "dora-shell@example.com");
    const { gameId } = await callerFor(handle, dora).play.create({ name: "Shell open", ruleset: "triple-alliance", scenario: "encuentro", seats: 2, mine: ["paraguay"], ordersHours: 24 });
    const view = await callerFor(handle, dora).play.get({ gameId });
    expect(view.phase).toBeNull();
    const html = renderToStaticMarkup(createElement(RulesetShell, { gameId, view: rulesetShell(view) }));
    expect(html).toContain("Waiting for players to fill the seats");
    expect(html).toContain("The board appears when the game starts.");
  });
});
