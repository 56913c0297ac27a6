// R6.3 — both sides decide at once: a side's battle choice is shown to nobody (the other side, a
// spectator, an ally that does not lead, a signed-out visitor) until every choice of that sub-phase is
// in; the chooser alone sees its own pick. Checked over every read procedure of the game.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { DbHandle } from "../../db/client";
import { phases } from "../../db/schema";
import type { BattleUnit, RoundRecord } from "../../server/rulesets/1942/engine/combat/battle";
import { drain } from "../../server/jobs/worker";
import { testDb } from "../support/db";
import { callerFor, makeUser } from "../support/world";

let handle: DbHandle;
beforeAll(async () => {
  handle = await testDb();
});
afterAll(async () => {
  await handle.close();
});

type Caller = ReturnType<typeof callerFor>;
type Team = "Axis" | "Allies";

/** Germany (Alice) attacks Karelia, held by Russia (Bob, or a robot); Erin plays Japan, Germany's ally. Low luck: both sides hit. */
async function karelia(russia: "player" | "robot") {
  const make = (who: string) => makeUser(handle, `${who}-sealed-${Math.random()}@example.com`);
  const [alice, bob, erin, carol] = await Promise.all([make("alice"), make("bob"), make("erin"), make("carol")]);
  const asAlice = callerFor(handle, alice);
  const asBob = callerFor(handle, bob);
  const asErin = callerFor(handle, erin);
  const robots = ["United Kingdom", "United States", ...(russia === "robot" ? ["Russia" as const] : [])] as ("Russia" | "United Kingdom" | "United States")[];
  const { gameId } = await asAlice.game.create({ name: "Sealed", nations: ["Germany"], robots, lowLuck: true, ordersHours: 24, decisionHours: 24, robotsHold: true });
  await asErin.game.join({ gameId, nation: "Japan" });
  if (russia === "player") await asBob.game.join({ gameId, nation: "Russia" });
  const saved = await asAlice.orders.save({ gameId, nation: "Germany", orders: [{ id: "g1", units: { infantry: 3, armour: 1 }, from: "East Europe", path: ["Karelia S.S.R."] }] });
  expect(saved.ok).toBe(true);
  for (const [c, nation] of [[asAlice, "Germany"], [asErin, "Japan"], ...(russia === "player" ? [[asBob, "Russia"]] : [])] as [Caller, "Germany" | "Japan" | "Russia"][])
    await c.orders.lock({ gameId, nation });
  await drain(handle, "test");
  return { gameId, asAlice, asBob, asErin, asCarol: callerFor(handle, carol), asNobody: callerFor(handle, null) };
}

interface ShownBattle {
  territory: string;
  rounds: RoundRecord[];
  current?: RoundRecord;
  units: BattleUnit[];
}

const some = (counts: Record<string, number | undefined> | undefined) => Object.values(counts ?? {}).some((n) => (n ?? 0) > 0);

/** What a read shows of `team`'s choice in round 1 of Karelia while it is sealed: nothing at all. */
function shownChoice(view: Awaited<ReturnType<Caller["game"]["get"]>>, team: Team): string[] {
  const out: string[] = [];
  for (const b of (view.phase?.pending?.battles ?? []) as unknown as ShownBattle[]) {
    for (const round of [...b.rounds, ...(b.current ? [b.current] : [])]) {
      if (round.choices.some((c) => c.team === team)) out.push(`${b.territory}: round ${round.round} choice of the ${team}`);
      if (some(round.lost[team]) || some(round.damaged[team])) out.push(`${b.territory}: round ${round.round} losses of the ${team}`);
    }
    for (const u of b.units.filter((x) => x.team === team))
      if (u.damage > 0 || u.marked || u.status !== "in") out.push(`${b.territory}: unit ${u.id} ${u.type} hit`);
  }
  return out;
}

/** A unit with damage and no mark must be a battleship: hiding marks must not make infantry "damaged" (R6.4). */
function falselyDamaged(view: Awaited<ReturnType<Caller["game"]["get"]>>): BattleUnit[] {
  return ((view.phase?.pending?.battles ?? []) as unknown as ShownBattle[]).flatMap((b) => b.units.filter((u) => u.status === "in" && u.damage > 0 && !u.marked && u.type !== "battleship"));
}

async function everyRead(c: Caller, gameId: number): Promise<string> {
  const reads = await Promise.all([c.game.lobby(), c.game.history({ gameId }), c.game.review({ gameId, turn: 1 }), c.notifications.list(), c.notifications.unread()]);
  return JSON.stringify(reads);
}

async function decideDefaults(c: Caller, gameId: number, nation: "Germany" | "Russia", pick: (r: { default: number[]; candidates: { id: number }[] }) => number[] = (r) => r.default) {
  const view = await c.game.get({ gameId });
  const mine = view.phase!.pending!.requests.filter((r) => r.mine);
  for (const r of mine) {
    const decision = r.kind === "casualties" ? { kind: "casualties" as const, units: pick(r) } : { kind: "retreat" as const, submerge: [], withdraw: [] };
    await c.battle.decide({ gameId, nation, battle: r.battle, round: r.round, step: r.kind === "casualties" ? r.step : "retreat", decision });
  }
  await drain(handle, "test");
  return mine;
}

describe("battle choices stay sealed until both sides have chosen (R6.3)", () => {
  it("a player's choice: hidden from the other side, an ally, a spectator and the signed-out; shown to its chooser; revealed when both chose", async () => {
    const { gameId, asAlice, asBob, asErin, asCarol, asNobody } = await karelia("player");
    const first = await asAlice.game.get({ gameId });
    expect(first.phase!.status).toBe("battles");
    const asked = first.phase!.pending!.requests.find((r) => r.mine)!;
    expect(asked).toMatchObject({ battle: "Karelia S.S.R.", team: "Axis", kind: "casualties", step: "general", round: 1 });
    expect((await asBob.game.get({ gameId })).phase!.pending!.requests.find((r) => r.mine)).toMatchObject({ team: "Allies", step: "general", round: 1 });

    // Alice picks her armour rather than the default infantry.
    const picked = await decideDefaults(asAlice, gameId, "Germany", (r) => {
      const armour = (r as unknown as { candidates: { id: number; type: string }[] }).candidates.find((c) => c.type === "armour")!.id;
      return [armour, ...r.default.filter((id) => id !== armour)].slice(0, r.default.length);
    });
    expect(picked).toHaveLength(1);
    const stored = (await handle.db.select().from(phases).where(eq(phases.gameId, gameId)))[0]!;
    expect(stored.status).toBe("battles");
    expect(stored.decisions!.some((d) => d.team === "Axis" && d.by === "player")).toBe(true);

    for (const [who, caller] of [
      ["the other side", asBob],
      ["an ally that does not lead", asErin],
      ["a spectator", asCarol],
    ] as const) {
      const view = await caller.game.get({ gameId });
      expect(shownChoice(view, "Axis"), who).toEqual([]);
      expect(falselyDamaged(view), who).toEqual([]);
      expect(view.phase!.pending!.decided, who).toEqual([{ battle: "Karelia S.S.R.", round: 1, step: "general", team: "Axis", chooser: "Germany", mine: false }]);
      expect(await everyRead(caller, gameId), who).not.toMatch(/"picked"|"chooser":"Germany"/);
    }
    await expect(asNobody.game.get({ gameId })).rejects.toMatchObject({ code: "UNAUTHORIZED" });

    // The chooser sees what she picked, and still not the other side's (not made yet) choice.
    const own = await asAlice.game.get({ gameId });
    const mark = own.phase!.pending!.decided.find((d) => d.team === "Axis")!;
    expect(mark.mine).toBe(true);
    expect(mark.decision).toEqual(stored.decisions!.find((d) => d.team === "Axis" && d.by === "player")!.decision);
    expect(falselyDamaged(own)).toEqual([]);

    // Bob chooses: round 1 is complete and both choices are public.
    await decideDefaults(asBob, gameId, "Russia");
    const after = await asCarol.game.get({ gameId });
    const told = JSON.stringify(after.phase?.pending ?? (await asCarol.game.history({ gameId })).phases[0]!.report);
    expect(told).toContain('"chooser":"Germany"');
    expect(told).toContain('"chooser":"Russia"');
  });

  it("a robot's choice, made at once, is hidden from the human it fights until the human has chosen", async () => {
    const { gameId, asAlice, asCarol } = await karelia("robot");
    const stored = (await handle.db.select().from(phases).where(eq(phases.gameId, gameId)))[0]!;
    expect(stored.decisions!.some((d) => d.team === "Allies" && d.by === "robot" && d.round === 1)).toBe(true);
    for (const caller of [asAlice, asCarol]) {
      const view = await caller.game.get({ gameId });
      expect(shownChoice(view, "Allies")).toEqual([]);
      expect(falselyDamaged(view)).toEqual([]);
      expect(view.phase!.pending!.decided).toEqual([expect.objectContaining({ team: "Allies", chooser: "Russia", mine: false })]);
      expect(view.phase!.pending!.decided[0]).not.toHaveProperty("decision");
    }
    await decideDefaults(asAlice, gameId, "Germany");
    const view = await asAlice.game.get({ gameId });
    const round1 = view.phase?.pending
      ? ((view.phase.pending.battles as unknown as ShownBattle[]).find((b) => b.territory === "Karelia S.S.R.")?.rounds[0] ?? null)
      : null;
    const told = JSON.stringify(round1 ?? view.phase?.pending?.finished ?? (await asAlice.game.history({ gameId })).phases[0]!.report);
    expect(told).toContain('"chooser":"Russia"');
  });
});
