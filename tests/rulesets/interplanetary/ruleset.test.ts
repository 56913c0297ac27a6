// Interplanetary through the ruleset interface: registry, phases, result, and a robot that reaches
// objectives, avoids crashes and shoots at good odds.
import { describe, expect, it } from "vitest";
import { interplanetary as ip } from "../../../server/rulesets/interplanetary";
import { getRuleset, rulesetIds } from "../../../server/rulesets/ruleset";
import type { State } from "../../../server/rulesets/interplanetary/types";
import { BOARD } from "../../../server/rulesets/interplanetary/board";
import { buildState } from "./fixture";

function playRobots(state: State, turns: number): State {
  for (let t = 0; t < turns && !state.ended; t++) {
    const orders = Object.fromEntries(state.sides.map((s) => [s, ip.robot(state, s, `r${t}`)]));
    state = ip.resolve(state, orders, null, `t${t}`).state;
  }
  return state;
}

describe("the Interplanetary ruleset", () => {
  it("is registered under its id with a version", () => {
    expect(getRuleset("interplanetary")).toBe(ip);
    expect(rulesetIds()).toContain("interplanetary");
    expect(ip.version).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it("IP2.1: one simultaneous phase for every side with something in play; none once the game is over", () => {
    const state = buildState({ ships: [{ id: "A-1", side: "A", pos: [-5, 12] }, { id: "B-1", side: "B", pos: [0, 14], status: "destroyed" }], ordnance: [{ id: "o1", kind: "mine", side: "C", pos: [1, 14] }], sides: ["A", "B", "C"] });
    expect(ip.phases(state)).toEqual([{ id: "plot", sides: ["A", "C"] }]);
    expect(ip.phases({ ...state, ended: { winners: ["A"], draw: false, reason: "x", turn: 1 } })).toEqual([]);
  });

  it("IP10.3: under fog of war a report shows an enemy's manifest numbers to no other side and no spectator", () => {
    const ships = [{ id: "A-1", side: "A", pos: [-5, 12] as [number, number] }, { id: "B-1", side: "B", pos: [0, 14] as [number, number] }];
    const report = {
      turn: 3,
      lines: [
        { rule: "IP7.7", kind: "hit", text: "B-1 is hit: 4 damage to fuel", ship: "B-1", location: "fuel", damage: 4, overflow: 0 },
        { rule: "IP8.1", kind: "resupply", text: "A-1 at Io station: +6 fuel, 2 repaired", ship: "A-1", base: "io-station", fuel: 6, repaired: 2, loaded: false },
        { rule: "IP7.6", kind: "disabled", text: "B-1 is disabled for 2 turn(s)", ship: "B-1", turns: 2 },
      ],
    };
    const fog = buildState({ ships, sides: ["A", "B"], scenario: "hostile-takeover" });
    const seen = (viewer: Parameters<typeof ip.reportView>[1]) => JSON.stringify(ip.reportView(report, viewer, fog));
    // Each side reads its own ship's numbers, not the enemy's; a spectator reads none; disabled is public (IP10.1).
    expect(seen({ kind: "side", side: "B" })).toContain("4 damage to fuel");
    expect(seen({ kind: "side", side: "B" })).not.toContain("+6 fuel");
    expect(seen({ kind: "side", side: "A" })).toContain("+6 fuel");
    expect(seen({ kind: "side", side: "A" })).not.toMatch(/damage|"location"/);
    expect(seen({ kind: "spectator" })).not.toMatch(/damage|\+6 fuel|repaired/);
    for (const viewer of [{ kind: "side", side: "A" }, { kind: "spectator" }] as const) expect(seen(viewer)).toContain("B-1 is disabled for 2 turn(s)");
    expect((ip.reportView(report, { kind: "spectator" }, fog) as typeof report).lines.map((l) => l.text)).toEqual(["B-1 is hit", "A-1 is served at a base", "B-1 is disabled for 2 turn(s)"]);
    // IP10.1: without fog of war nothing in a report is hidden.
    const open = buildState({ ships, sides: ["A", "B"], scenario: "last-man-standing" });
    expect(ip.reportView(report, { kind: "spectator" }, open)).toEqual(report);
  });

  it("IP7.2, IP9.3: robots hunting each other in last man standing end every game with a winner well before the turn limit", () => {
    // 20 fixed seeds (the dice of each turn); measured: every game ends by turn 39 (median 19; another
    // 20 seeds: by turn 48) — the limit of 70 leaves margin, far below the scenario's 100 (IP9.5).
    for (let seed = 0; seed < 20; seed++) {
      const setup = ip.setup("last-man-standing", { sides: ["red", "blue"] }, "s");
      if (!setup.ok) throw new Error(setup.message);
      let state = setup.state;
      while (!state.ended && state.turn < 70) {
        const orders = Object.fromEntries(ip.phases(state)[0]!.sides.map((side) => [side, ip.robot(state, side, "r")]));
        state = ip.resolve(state, orders, null, `duel-${seed}-${state.turn}`).state;
      }
      expect(state.ended, `seed ${seed}`).toMatchObject({ draw: false, winners: [expect.any(String)] });
      expect(state.ended!.turn, `seed ${seed}`).toBeLessThan(70);
    }
  });

  it("IP9.5: result reads the end of the game", () => {
    const state = buildState({ ships: [{ id: "A-1", side: "A", pos: [-5, 12] }] });
    expect(ip.result(state)).toEqual({ over: false });
    expect(ip.result({ ...state, ended: { winners: ["A"], draw: false, reason: "r", turn: 3 } })).toEqual({ over: true, winners: ["A"], draw: false, reason: "r" });
  });

  it("robots fly the training route to its end: Venus, Mercury, the Moon, then orbit Earth", () => {
    const setup = ip.setup("training", { sides: ["A", "B"] }, "s");
    if (!setup.ok) throw new Error(setup.message);
    const end = playRobots(setup.state, 80);
    expect(end.ended?.winners.length).toBeGreaterThan(0);
    const winner = end.ships.find((s) => s.side === end.ended!.winners[0])!;
    expect(winner.orbit).toBe("Earth");
  });

  it("robots finish the great planet race: every body visited, refuelling on the way, then orbit Earth", () => {
    // Unarmed, so only the flying is judged (the race's guns would make it a matter of dice).
    const unarmed = { guns: 0, extraFuel: 0, ordnance: {} };
    const setup = ip.setup("planet-race", { sides: ["A", "B"], loadouts: { A: unarmed, B: unarmed } }, "a");
    if (!setup.ok) throw new Error(setup.message);
    const end = playRobots(setup.state, 100);
    expect(end.ended?.reason).toMatch(/finished the race/);
    const winner = end.ships.find((s) => s.side === end.ended!.winners[0])!;
    expect(["Sun", "Mercury", "Venus", "Mars", "Jupiter"].every((b) => winner.visited.includes(b))).toBe(true);
    expect(winner.orbit).toBe("Earth");
  }, 180_000);

  it("a racing robot low on fuel in orbit over a base lands to refuel (IP5.3, IP8.1)", () => {
    const state = buildState({ scenario: "planet-race", ships: [{ id: "A-1", side: "A", pos: [-6, 0], vel: [0, 1], fuel: 3, orbit: "Venus" }] });
    const base = [...BOARD.bases.values()].find((b) => b.kind === "planet" && b.body === "Venus")!;
    const there = { ...state, ships: [{ ...state.ships[0]!, pos: base.hex }] };
    expect(ip.robot(there, "A", "r")).toEqual({ ships: { "A-1": { land: true } } });
    expect(ip.validate(there, "A", ip.robot(there, "A", "r"))).toEqual({ ok: true });
  });

  it("the robot steers away from a crash it can avoid", () => {
    const state = buildState({ ships: [{ id: "A-1", side: "A", pos: [-5, 0], vel: [-1, 0], pending: [] }] });
    // Drifting: (-5,0) → (-6,0), then gravity W pulls it into Venus next turn.
    const drift = ip.resolve(ip.resolve(state, {}, null, "a").state, {}, null, "b").state;
    expect(drift.ships[0]!.status).toBe("destroyed");
    const end = playRobots(state, 3);
    expect(end.ships[0]!.status).toBe("flying");
  });

  it("the robot fires at an enemy at good odds and launches a missile that can reach it", () => {
    const state = buildState({
      scenario: "last-man-standing",
      ships: [
        { id: "A-1", side: "A", pos: [-5, 12], guns: 1, stock: { missile: 1 } },
        { id: "B-1", side: "B", pos: [-3, 12] },
      ],
    });
    const orders = ip.robot(state, "A", "r");
    expect(orders.ships?.["A-1"]?.fire).toEqual(["B-1"]);
    expect(orders.ships?.["A-1"]?.launch).toMatchObject({ kind: "missile", target: "B-1" });
    expect(ip.validate(state, "A", orders)).toEqual({ ok: true });
  });

  it("a landed robot takes off; an ended game gets no orders", () => {
    const state = buildState({ ships: [{ id: "A-1", side: "A", pos: [3, 7], status: "landed", base: "earth-e" }] });
    expect(ip.robot(state, "A", "r")).toEqual({ ships: { "A-1": { takeoff: true } } });
    expect(ip.robot({ ...state, ended: { winners: [], draw: true, reason: "x", turn: 1 } }, "A", "r")).toEqual({});
  });
});

describe("the rulesets index", () => {
  it("registers Interplanetary on import", async () => {
    const index = await import("../../../server/rulesets/index");
    expect(index.getRuleset("interplanetary")?.id).toBe("interplanetary");
    expect(index.getRuleset("chess")).toBeUndefined();
  });
});
