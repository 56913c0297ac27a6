// The last turn's battles over the tabs of a 1942 game played a phase at a time (app/games/1942/screen.tsx,
// recent-battles.tsx): as on the classic page, the battles of every side the viewer plays are in bold
// (GameScreenProps.mySides), whichever side they play as now; a battle of none of them is not.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Screen } from "../../app/games/1942/screen";
import type { GameScreenProps } from "../../app/games/contract";
import type { BattleReport, Nation } from "../../server/rulesets/1942/engine";

function battle(territory: string, attacker: Nation, defender: Nation): BattleReport {
  const axis = ["Germany", "Japan"].includes(attacker) ? attacker : defender;
  const allies = axis === attacker ? defender : attacker;
  return {
    territory,
    pass: "land",
    amphibious: false,
    bombardment: { hits: 0, lost: {} },
    destroyedAtOnce: {},
    rounds: [],
    sides: {
      Axis: [{ nation: axis, type: "infantry", count: 1, attacking: axis === attacker }],
      Allies: [{ nation: allies, type: "infantry", count: 1, attacking: allies === attacker }],
    },
  };
}

const battles = [battle("Karelia S.S.R.", "Germany", "Russia"), battle("Buryatia S.S.R.", "Japan", "Russia"), battle("Egypt", "Germany", "United Kingdom"), battle("China", "Japan", "United States")];

/** The strip's chips as drawn, a chip's territory in bold marked with a star. */
function stripFor(side: string | null, mySides: string[]): string[] {
  const props = {
    gameId: 5,
    // The strip alone: the screen hands it to the frame beside its board and panel.
    layout: (parts) => parts.strip,
    showPanel: () => {},
    side,
    mySides,
    turn: 2,
    // An outsider's view (who holds what): the lightest of the screens.
    view: { owners: {} },
    phase: { status: "open", deadline: null, sides: [], locked: [] },
    saved: null,
    save: async () => ({ ok: true }),
    lock: async () => ({ ok: true }),
    unlock: async () => ({ ok: true }),
    lastTurn: { turn: 1, report: { battles, owners: {} } },
  } satisfies GameScreenProps;
  const html = renderToStaticMarkup(createElement(Screen, props));
  return [...html.matchAll(/data-testid="recent-battle-chip-\d+">(?:, )?(<strong>)?([^<]+)/g)].map((m) => `${m[2]}${m[1] ? "*" : ""}`);
}

describe("the phased 1942 page's strip of the last turn's battles", () => {
  it("bolds the battles of every side the viewer plays, whichever they play as now", () => {
    const both = ["Karelia S.S.R.*", "Buryatia S.S.R.*", "Egypt*", "China"];
    expect(stripFor("Germany", ["Germany", "Russia"])).toEqual(both);
    expect(stripFor("Russia", ["Germany", "Russia"])).toEqual(both);
    expect(stripFor("Russia", ["Russia"])).toEqual(["Karelia S.S.R.*", "Buryatia S.S.R.*", "Egypt", "China"]);
  });

  it("bolds none for a spectator", () => {
    expect(stripFor(null, [])).toEqual(["Karelia S.S.R.", "Buryatia S.S.R.", "Egypt", "China"]);
  });
});
