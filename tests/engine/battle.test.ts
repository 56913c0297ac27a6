// R6 — battles as resumable state: requests, refused decisions, defaults, and the record.
import { describe, expect, it } from "vitest";
import { advanceBattle, decideBattle, defaultDecision, fightBattle, openBattle, type BattleSetup } from "../../server/rulesets/1942/engine/combat/battle";
import { defaultCasualties } from "../../server/rulesets/1942/engine/combat/casualties";
import { phaseDice } from "../../server/rulesets/1942/engine/rng";

const land = (lowLuck: boolean): BattleSetup => ({
  territory: "B",
  pass: "land",
  lowLuck,
  units: [
    { id: 1, nation: "Germany", type: "armour", team: "Axis", attacking: true, cargo: [] },
    { id: 2, nation: "Germany", type: "armour", team: "Axis", attacking: true, cargo: [] },
    { id: 3, nation: "Germany", type: "infantry", team: "Axis", attacking: true, cargo: [] },
    { id: 4, nation: "Russia", type: "infantry", team: "Allies", attacking: false, cargo: [] },
    { id: 5, nation: "Russia", type: "infantry", team: "Allies", attacking: false, cargo: [] },
    { id: 6, nation: "Russia", type: "infantry", team: "Allies", attacking: false, cargo: [] },
  ],
});

describe("battle protocol", () => {
  it("stops at a decision with the R6.9 default, and resumes to the same end as the default policy", () => {
    // Low luck: Axis fire 3+3+1 = 7 → 1 sure hit, remainder 1; Allies 2+2+2 = 6 → exactly 1 hit.
    const dice = phaseDice("protocol");
    let b = advanceBattle(openBattle(land(true)), dice);
    expect(b.pending.length).toBeGreaterThan(0);
    const allies = b.pending.find((r) => r.team === "Allies");
    const axis = b.pending.find((r) => r.team === "Axis");
    expect(axis).toMatchObject({ kind: "casualties", step: "general", hits: 1, chooser: "Germany", default: [3] });
    expect(allies?.kind).toBe("casualties");
    while (b.stage !== "done") {
      const req = b.pending[0]!;
      const next = decideBattle(b, req.team, defaultDecision(req), "default");
      if (!next.ok) throw new Error(next.message);
      b = advanceBattle(next.battle, dice);
    }
    expect(b).toEqual(fightBattle(openBattle(land(true)), dice));
  });

  it("refuses a casualty choice of the wrong size or of the wrong units, and changes nothing (R6.6)", () => {
    const b = advanceBattle(openBattle(land(true)), phaseDice("protocol"));
    const tooMany = decideBattle(b, "Axis", { kind: "casualties", units: [1, 2] });
    expect(tooMany).toMatchObject({ ok: false, rule: "R6.6" });
    const enemy = decideBattle(b, "Axis", { kind: "casualties", units: [4] });
    expect(enemy).toMatchObject({ ok: false, rule: "R6.6" });
    const pendingBefore = structuredClone(b.pending);
    expect(b.pending).toEqual(pendingBefore);
    const ok = decideBattle(b, "Axis", { kind: "casualties", units: [1] }, "player");
    expect(ok.ok).toBe(true);
    if (ok.ok) expect(ok.battle.current!.choices.at(-1)).toMatchObject({ team: "Axis", units: [1], by: "player" });
  });

  it("submarine hits cannot take aircraft (R6.3) and a battleship takes two hits (R6.4)", () => {
    const setup: BattleSetup = {
      territory: "S",
      pass: "sea",
      lowLuck: true,
      units: [
        ...[1, 2, 3].map((id) => ({ id, nation: "Germany" as const, type: "submarine" as const, team: "Axis" as const, attacking: true, cargo: [] })),
        { id: 10, nation: "United Kingdom", type: "battleship", team: "Allies", attacking: false, cargo: [] },
        { id: 11, nation: "United Kingdom", type: "fighter", team: "Allies", attacking: false, cargo: [] },
      ],
    };
    // Axis subs attack 2+2+2 = 6 → exactly 1 hit, which may only go to the battleship.
    const b = advanceBattle(openBattle(setup), phaseDice("subs"));
    const req = b.pending.find((r) => r.kind === "casualties" && r.step === "submarine");
    expect(req).toMatchObject({ team: "Allies", hits: 1, default: [10], forced: true });
    if (req?.kind === "casualties") expect(req.candidates.map((c) => c.id)).toEqual([10]);
    const end = fightBattle(openBattle(setup), phaseDice("subs"));
    expect(end.rounds[0]!.lost.Allies).toEqual({});
    expect(end.rounds[0]!.damaged.Allies).toEqual({ battleship: 1 });
  });

  it("a battleship given both hits in one choice is lost, not also damaged (R6.4)", () => {
    // Low luck: 3 bombers attack 4+4+4 = 12 → exactly 2 hits, both on the lone battleship.
    const end = fightBattle(
      openBattle({
        territory: "S",
        pass: "sea",
        lowLuck: true,
        units: [
          ...[1, 2, 3].map((id) => ({ id, nation: "Germany" as const, type: "bomber" as const, team: "Axis" as const, attacking: true, cargo: [] })),
          { id: 10, nation: "United Kingdom", type: "battleship", team: "Allies", attacking: false, cargo: [] },
        ],
      }),
      phaseDice("two hits"),
    );
    const round = end.rounds[0]!;
    expect(round.choices.find((c) => c.team === "Allies")).toMatchObject({ hits: 2, units: [10, 10] });
    expect(round.lost.Allies).toEqual({ battleship: 1 });
    expect(round.damaged.Allies).toEqual({});
  });

  it("R6.10 destroys at once a side that cannot hurt an enemy that can hurt it", () => {
    const end = fightBattle(
      openBattle({
        territory: "S",
        pass: "sea",
        lowLuck: false,
        units: [
          { id: 1, nation: "Japan", type: "fighter", team: "Axis", attacking: true, cargo: [] },
          { id: 2, nation: "United States", type: "transport", team: "Allies", attacking: false, cargo: [{ id: 3, nation: "United States", type: "infantry" }] },
        ],
      }),
      phaseDice(""),
    );
    expect(end.winner).toBe("Axis");
    expect(end.rounds).toEqual([]);
    expect(end.destroyedAtOnce).toEqual({ Allies: { transport: 1, infantry: 1 } });
  });
});

describe("R6.9 default casualties", () => {
  it("damages unharmed battleships first, then takes the cheapest, lower value first", () => {
    const picks = defaultCasualties(
      [
        { id: 1, nation: "Germany", type: "battleship", value: 4, room: 2 },
        { id: 2, nation: "Germany", type: "infantry", value: 2, room: 1 },
        { id: 3, nation: "Germany", type: "infantry", value: 1, room: 1 },
        { id: 4, nation: "Germany", type: "artillery", value: 2, room: 1 },
      ],
      4,
    );
    expect(picks).toEqual([1, 3, 2, 4]);
  });

  it("breaks ties by the nation latest in R1.1 order", () => {
    const picks = defaultCasualties(
      [
        { id: 1, nation: "United Kingdom", type: "infantry", value: 2, room: 1 },
        { id: 2, nation: "United States", type: "infantry", value: 2, room: 1 },
        { id: 3, nation: "Russia", type: "infantry", value: 2, room: 1 },
      ],
      2,
    );
    expect(picks).toEqual([2, 1]);
  });
});

describe("a side's fire", () => {
  // A battle fires its units straight from its list when that list is in id order (as the engine
  // makes it), and through a sorted list of shooters otherwise: both must roll in id order.
  const mixed = (lowLuck: boolean, reversed: boolean): BattleSetup => {
    const units: BattleSetup["units"] = [
      { id: 1, nation: "Germany", type: "armour", team: "Axis", attacking: true, cargo: [] },
      { id: 2, nation: "Germany", type: "aaGun", team: "Axis", attacking: true, cargo: [] },
      { id: 3, nation: "Germany", type: "infantry", team: "Axis", attacking: true, cargo: [] },
      { id: 4, nation: "Russia", type: "infantry", team: "Allies", attacking: false, cargo: [] },
      { id: 5, nation: "Russia", type: "fighter", team: "Allies", attacking: false, cargo: [] },
    ];
    return { territory: "B", pass: "land", lowLuck, units: reversed ? units.reverse() : units };
  };
  for (const lowLuck of [false, true])
    it(`rolls in id order, skipping units with no value, whatever order the units are listed in (low luck ${lowLuck})`, () => {
      const inOrder = fightBattle(openBattle(mixed(lowLuck, false)), phaseDice("order"));
      const reversed = fightBattle(openBattle(mixed(lowLuck, true)), phaseDice("order"));
      expect(reversed.rounds).toEqual(inOrder.rounds);
      const first = inOrder.rounds[0]!.fire;
      if (lowLuck) expect(first.map((f) => f.lowLuck?.total)).toEqual([4, 6]);
      else expect(first.map((f) => f.dice!.map((d) => d.unit))).toEqual([[1, 3], [4, 5]]);
    });
});
