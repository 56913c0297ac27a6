// The game page's server render: the shell (game-shell.tsx) is drawn from the few fields the page
// hands apart (shellView), not from the whole view parsed back. Drawn from either, it must be the same
// markup, in every phase the status line tells apart; and the fields handed apart carry nothing of
// the view but the game's and the phase's own (no board, seats, orders or choices).
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { GameShell, shellView } from "../../app/game/[id]/game-shell";
import type { GameView } from "../../app/game/[id]/game-types";

const game = {
  id: 7,
  name: "Shell test",
  status: "active",
  lowLuck: false,
  ordersHours: 24,
  decisionHours: 12,
  ordersAt: { hour: 18, zone: "Europe/Berlin" },
  decisionsAt: { hour: 9, zone: "America/Chicago" },
  pausedAt: null,
  mayPause: true,
} as unknown as GameView["game"];

const phase = {
  id: 3,
  turn: 2,
  kind: "turn",
  status: "open",
  deadline: "2026-12-01T18:00:00.000Z",
  seedHash: "ab".repeat(32),
  locked: ["Germany", "Japan"],
  decisionDeadline: null,
  pending: null,
} as unknown as NonNullable<GameView["phase"]>;

function view(over: Partial<GameView>): GameView {
  return {
    game,
    seats: [{ nation: "Germany", team: "Axis", player: "Ann", robot: false, mine: true }],
    phase,
    postCombat: null,
    board: { units: [{ territory: "Germany", nation: "Germany", type: "infantry", count: 3 }], owners: { Germany: "Germany" }, treasury: { Germany: 40 } },
    result: null,
    myNations: ["Germany"],
    myOrders: { Germany: [{ id: "secret-move", kind: "move" }] },
    ...over,
  } as unknown as GameView;
}

const cases: [string, GameView][] = [
  ["orders open", view({})],
  ["orders open, paused", view({ game: { ...game, pausedAt: "2026-11-30T10:00:00.000Z" } })],
  ["battles waiting", view({ phase: { ...phase, status: "battles", decisionDeadline: "2026-12-01T09:00:00.000Z" } })],
  ["resolving", view({ phase: { ...phase, status: "resolving", locked: ["Germany", "Soviet Union", "Japan", "United Kingdom", "United States"] } as GameView["phase"] })],
  [
    "post-combat",
    view({
      phase: { ...phase, status: "post-combat", decisionDeadline: "2026-12-01T10:00:00.000Z" },
      postCombat: { report: { battles: [] }, waitingFor: ["Japan", "United States"], mine: { Germany: { locked: false } } } as unknown as GameView["postCombat"],
    }),
  ],
  ["resolved", view({ phase: { ...phase, status: "resolved", turn: 3 } })],
  ["a sandbox", view({ game: { ...game, sandbox: { fromGameId: 2, fromTurn: 1, shareToken: null } } })],
  ["waiting for players", view({ game: { ...game, status: "open" }, phase: null })],
];

describe("the game page's shell", () => {
  it.each(cases)("%s: the same markup from the fields handed apart as from the whole view", (_name, v) => {
    const whole = renderToStaticMarkup(createElement(GameShell, { view: v }));
    const apart = renderToStaticMarkup(createElement(GameShell, { view: JSON.parse(JSON.stringify(shellView(v))) }));
    expect(apart).toBe(whole);
    expect(whole).toContain("Shell test");
  });

  it("tells the phases apart (the markup follows the fields the shell reads)", () => {
    const markups = new Set(cases.map(([, v]) => renderToStaticMarkup(createElement(GameShell, { view: shellView(v) }))));
    expect(markups.size).toBe(cases.length - 1); // a paused open phase shows its deadline as the server renders it
  });

  it("carries the game's and the phase's own fields, nothing of the board, the seats or the viewer's orders", () => {
    const apart = JSON.stringify(shellView(cases[4]![1]));
    for (const absent of ["secret-move", "infantry", "treasury", "Ann", "seedHash", "mayPause", "report", "mine"]) expect(apart).not.toContain(absent);
  });
});
