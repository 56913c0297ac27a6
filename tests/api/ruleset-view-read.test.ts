// What play.get reads for the phased game page (server/services/ruleset-games/read.ts): the latest
// phase, the sides locked in it and the viewer's own saved batch in one statement, and the start state
// from the process's cache (start-state.ts). Each viewer's answer is what the rows say — the ruleset's
// view of the stored start state, the locks, the phase's step — with only the viewer's own batch; a
// caller that changes its answer changes nothing the next read gives. The lobby links each game to
// its own page (gamePath), so no visit goes through the redirect between the two.
import { and, desc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { locks, phases } from "../../db/schema";
import { gamePath } from "../../app/lobby/lobby-game";
import { getRuleset, type AnyRuleset } from "../../server/rulesets";
import type { GameState, Nation, Order } from "../../server/rulesets/1942/engine";
import { currentStep } from "../../server/services/ruleset-games/acting";
import { handle } from "./api-world";
import { QUICK, callerFor, makeUser } from "../support/world";

const ROBOTS: Nation[] = ["Japan", "United Kingdom", "United States"];

/** The orders a robot would give that the rules accept, with ids that mark them as this side's secret. */
function ordersFor(ruleset: AnyRuleset, start: GameState, nation: Nation, mark: string): Order[] {
  const list = ruleset.robot(start, nation, mark) as Order[];
  return list.filter((o) => ruleset.validate(start, nation, [o]).ok).map((o, i) => ({ ...o, id: `${mark}-${i}` }));
}

describe("play.get for the phased game page", () => {
  it("gives each viewer the rows' phase, locks and view, and its own batch only", async () => {
    const [ada, bea, cy] = [await makeUser(handle, "ada-vr@example.com"), await makeUser(handle, "bea-vr@example.com"), await makeUser(handle, "cy-vr@example.com")];
    const [asAda, asBea, asCy] = [callerFor(handle, ada), callerFor(handle, bea), callerFor(handle, cy)];
    const { gameId } = await asAda.play.create({ name: "View read", ruleset: "1942", scenario: "standard", seats: 5, mine: ["Germany"], robots: ROBOTS, ordersHours: 24 });
    expect(await asBea.play.join({ gameId, side: "Russia" })).toEqual({ started: true });
    const ruleset = getRuleset("1942")!;
    const [row] = await handle.db.select().from(phases).where(eq(phases.gameId, gameId)).orderBy(desc(phases.turn), desc(phases.step)).limit(1);
    const start = row!.startState as GameState;
    const germany = ordersFor(ruleset, start, "Germany", "ada-secret");
    const russia = ordersFor(ruleset, start, "Russia", "bea-secret");
    expect(germany.length).toBeGreaterThan(0);
    expect(russia.length).toBeGreaterThan(0);
    expect(await asAda.play.save({ gameId, side: "Germany", phase: "orders", orders: germany })).toEqual({ ok: true });
    expect(await asBea.play.save({ gameId, side: "Russia", phase: "orders", orders: russia })).toEqual({ ok: true });
    await asBea.play.lock({ gameId, side: "Russia" });

    const locked = (await handle.db.select({ side: locks.nation }).from(locks).where(eq(locks.phaseId, row!.id))).map((l) => l.side as string).sort();
    expect(locked).toContain("Russia");
    expect(locked).not.toContain("Germany");
    const at = currentStep(ruleset, start)!;
    const expected = {
      turn: 1,
      phase: { status: "open", deadline: row!.deadline.toISOString(), decision: false, sides: at.info.sides, locked, step: { id: "orders", name: "Orders", index: 0, part: { at: 0, count: 4 } } },
    };
    for (const [caller, side, saved, secret] of [
      [asAda, "Germany", germany, "bea-secret"],
      [asBea, "Russia", russia, "ada-secret"],
      [asCy, null, null, null],
    ] as const) {
      const first = await caller.play.get({ gameId });
      expect(first).toMatchObject(expected);
      expect(first.side).toBe(side);
      expect(first.view).toEqual(ruleset.view(start, side ? { kind: "side", side } : { kind: "spectator" }));
      expect(first.saved).toEqual(saved);
      const text = JSON.stringify(first);
      for (const mark of secret ? [secret] : ["ada-secret", "bea-secret"]) expect(text).not.toContain(mark);
      // A caller that changes its answer (the view, the locks) leaves the cached start state as stored.
      (first.view as GameState).units.length = 0;
      (first.view as GameState).owners.Germany = "Russia";
      first.phase!.locked.push("Germany");
      expect(JSON.stringify(await caller.play.get({ gameId }))).toBe(text);
    }
    // Ada plays a second side: asked for it, she sees its batch, never Russia's.
    const { gameId: twoSides } = await asAda.play.create({ name: "View read two", ruleset: "1942", scenario: "standard", seats: 5, mine: ["Germany", "Japan"], robots: ["United Kingdom", "United States"], ordersHours: 24 });
    await asBea.play.join({ gameId: twoSides, side: "Russia" });
    const japan = ordersFor(ruleset, start, "Japan", "ada-japan");
    expect(await asAda.play.save({ gameId: twoSides, side: "Japan", phase: "orders", orders: japan })).toEqual({ ok: true });
    expect(await asBea.play.save({ gameId: twoSides, side: "Russia", phase: "orders", orders: russia })).toEqual({ ok: true });
    expect((await asAda.play.get({ gameId: twoSides })).saved).toBeNull();
    const asJapan = await asAda.play.get({ gameId: twoSides, side: "Japan" });
    expect([asJapan.side, asJapan.saved]).toEqual(["Japan", japan]);
    expect(JSON.stringify(asJapan)).not.toContain("bea-secret");
    const [open] = await handle.db.select({ id: phases.id }).from(phases).where(and(eq(phases.gameId, twoSides), eq(phases.turn, 1)));
    expect((await asAda.play.get({ gameId: twoSides, side: "Japan" })).phase!.locked).toEqual((await handle.db.select({ side: locks.nation }).from(locks).where(eq(locks.phaseId, open!.id))).map((l) => l.side as string).sort());
  });

  it("before the game starts: no phase, no batch, no view", async () => {
    const dee = await makeUser(handle, "dee-vr@example.com");
    const { gameId } = await callerFor(handle, dee).play.create({ name: "View read open", ruleset: "1942", scenario: "standard", seats: 5, mine: ["Germany"], ordersHours: 24 });
    expect(await callerFor(handle, dee).play.get({ gameId })).toMatchObject({ turn: 0, phase: null, view: null, saved: null, side: "Germany" });
  });

  it("the lobby opens a classic game at /game/<id> and a phased one at /game/<id>/play", async () => {
    const eve = await makeUser(handle, "eve-vr@example.com");
    const asEve = callerFor(handle, eve);
    const { gameId: classic } = await asEve.game.create({ name: "Classic path", nations: ["Germany"], robots: [], robotTakeover: 0, ...QUICK });
    const { gameId: phased } = await asEve.play.create({ name: "Phased path", ruleset: "1942", scenario: "standard", seats: 5, mine: ["Germany"], ordersHours: 24 });
    const listed = (await asEve.game.lobby()).mine;
    const pathOf = (id: number) => gamePath(listed.find((g) => g.id === id)!);
    expect([pathOf(classic), pathOf(phased)]).toEqual([`/game/${classic}`, `/game/${phased}/play`]);
    // Each path's page reads its game with the procedure its kind answers; the other kind's refuses it.
    expect((await asEve.play.kind({ gameId: classic })).phased).toBe(false);
    expect((await asEve.play.kind({ gameId: phased })).phased).toBe(true);
    await expect(asEve.play.get({ gameId: classic })).rejects.toMatchObject({ code: "BAD_REQUEST" });
    await expect(asEve.game.get({ gameId: phased })).rejects.toMatchObject({ code: "BAD_REQUEST" });
  });
});
