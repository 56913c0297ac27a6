// The turn review's sentences (app/game/[id]/turn/story.ts): a real turn of the engine on the default
// board — AA losses, a head-on, a two-round battle, a capture — and hand-made reports for the rest.
import { describe, expect, it } from "vitest";
import { citedRules, conflictLine, incomeSection, orderOutcome, placementsSection, raidsSection, turnStory, victorySection } from "../../app/game/[id]/turn/story";
import { chooserWords } from "../../app/game/[id]/turn/story-battles";
import { splitCitations, type StorySection } from "../../app/game/[id]/turn/story-words";
import { DEFAULT_BOARD, DEFAULT_SETUP, createState, resolveTurn, type Order, type TurnReport } from "../../server/rulesets/1942/engine";

/** The browser test's turn 2: Germany's six aircraft gathered in East Europe, low luck. */
function karelia() {
  const air = new Set(["Germany", "West Europe", "Ukraine S.S.R.", "Finland Norway"]);
  const units = DEFAULT_SETUP.units.map((u) => (u.nation === "Germany" && (u.type === "fighter" || u.type === "bomber") && air.has(u.at) ? { ...u, at: "East Europe" } : u));
  const state = createState(DEFAULT_BOARD, { ...DEFAULT_SETUP, units });
  const orders: Partial<Record<"Germany" | "Russia", Order[]>> = {
    Germany: [
      { id: "g1", units: { infantry: 3, armour: 1, fighter: 5, bomber: 1 }, from: "East Europe", path: ["Karelia S.S.R."] },
      { id: "g2", type: "infantry", count: 2, destination: "Germany" },
    ],
    Russia: [{ id: "r1", units: { infantry: 1 }, from: "Karelia S.S.R.", path: ["East Europe"] }],
  };
  const { report } = resolveTurn({ state, orders, seed: "story-test", lowLuck: true });
  return { report, orders, story: turnStory(report, orders, { lowLuck: true }) };
}

const section = (story: StorySection[], id: string) => story.find((s) => s.id === id)!;

function emptyReport(over: Partial<TurnReport> = {}): TurnReport {
  const zero = { Russia: 0, Germany: 0, "United Kingdom": 0, Japan: 0, "United States": 0 };
  return {
    orders: [], aa: [], conflicts: [], battles: [], raids: [], captures: [], transfers: [], purchases: [], units: [], owners: {},
    treasury: { ...zero }, landings: [], landingsRefused: [], aaMoves: [], aaMovesRefused: [], placements: [], income: { ...zero },
    victory: { winner: null, reason: "No victory yet: Axis territory worth 60 of 84 (R8.6)" },
    ...over,
  };
}

describe("the story of a turn", () => {
  it("goes in the order of the turn (R3) and keeps empty parts out", () => {
    const { story } = karelia();
    expect(story.map((s) => s.id)).toEqual(["orders", "aa", "land-movement", "land-battles", "captures", "post-combat", "placements", "income", "victory"]);
  });

  it("tells each order with its outcome, and says when a nation gave none", () => {
    const { story } = karelia();
    const lines = section(story, "orders").lines;
    expect(lines.map((l) => l.text)).toEqual([
      "Russia, order r1: 1 infantry from Karelia S.S.R. toward East Europe: stopped in Karelia S.S.R.: lost a head-on crossing to East Europe, 3 against 66",
      "Germany, order g1: 3 infantry, 1 armour, 5 fighters, 1 bomber from East Europe entered Karelia S.S.R.; met Russia there: a battle followed; AA fire in Karelia S.S.R. shot down 1 fighter",
      "Germany, order g2: Bought 2 infantry for Germany, 6 credits; placed there",
      "United Kingdom gave no orders: every unit held",
      "Japan gave no orders: every unit held",
      "United States gave no orders: every unit held",
    ]);
    expect(lines[0]!.rules).toEqual(["R5.2b"]);
    expect(lines[1]!.rules).toEqual(["R5.2", "R5.2a", "R5.1"]);
    expect(lines[2]!.rules).toEqual(["R4.10", "R8.3"]);
  });

  it("tells AA fire with its low-luck sum (R5.1, R6.8), and normal dice one by one", () => {
    const { story, report } = karelia();
    expect(section(story, "aa").lines[0]).toMatchObject({
      text: "AA guns in Karelia S.S.R. fired at Germany's 6 aircraft of order g1: low luck: total 6, 1 sure hit, no remainder — 1 hit; shot down 1 fighter",
      rules: ["R5.1", "R6.8"],
    });
    const dice = emptyReport({
      aa: [{ ...report.aa[0]!, shots: 2, hits: 1, fire: { hits: 1, dice: [{ unit: 1, type: "fighter", nation: "Germany", value: 1, roll: 1, hit: true }, { unit: 2, type: "bomber", nation: "Germany", value: 1, roll: 4, hit: false }] } }],
    });
    const line = turnStory(dice, {}).find((s) => s.id === "aa")!.lines[0]!;
    expect(line.text).toContain("2 dice: 1, 4 — 1 hit");
    expect(line.dice).toEqual([
      { label: "AA≤1", roll: 1, value: 1, hit: true },
      { label: "AA≤1", roll: 4, value: 1, hit: false },
    ]);
  });

  it("tells a head-on with both forces' economic values and who won (R5.2b), and the meeting (R5.2a)", () => {
    const { story } = karelia();
    const [headOn, meeting] = section(story, "land-movement").lines;
    expect(headOn!.text).toBe(
      "Step 1: head-on between East Europe and Karelia S.S.R. — the Axis from East Europe to Karelia S.S.R., worth 66 (Germany's order g1) against the Allies from Karelia S.S.R. to East Europe, worth 3 (Russia's order r1); the Axis won 66 to 3 and advanced into Karelia S.S.R.; the Allies force stayed in Karelia S.S.R.",
    );
    expect(headOn!.rules).toEqual(["R5.2b"]);
    expect(meeting!.text).toContain("Step 1: Germany moved into Karelia S.S.R. (Germany's order g1) where Russia's units stood — a meeting");
    expect(meeting!.rules).toEqual(["R5.2a"]);
  });

  it("tells a bounce: equal values, both stay (R5.2b)", () => {
    const line = conflictLine(
      emptyReport(),
      {
        kind: "head-on", pass: "land", step: 1, territory: "A", edge: ["A", "B"], result: "bounced", orders: ["g1", "r1"], rule: "R5.2b",
        forces: [{ team: "Axis", from: "A", to: "B", value: 9, orders: ["g1"] }, { team: "Allies", from: "B", to: "A", value: 9, orders: ["r1"] }],
      },
      0,
    );
    expect(line.text).toContain("worth 9 (order g1) against the Allies from B to A, worth 9 (order r1); equal values: both forces bounced");
  });

  it("tells the battle round by round: both sides' fire per sub-phase, hits, casualties and who chose", () => {
    const { story, report } = karelia();
    const battle = section(story, "land-battles").battles![0]!;
    expect(battle.summary[0]!.text).toBe(
      "Battle in Karelia S.S.R. (land): the Axis attacking with Germany's 3 infantry, 1 armour, 4 fighters, 1 bomber; the Allies defending with Russia's 3 infantry, 1 armour, 1 fighter; low luck",
    );
    expect(battle.rounds.length).toBe(report.battles[0]!.rounds.length);
    expect(battle.rounds.length).toBeGreaterThanOrEqual(2);
    const r1 = battle.rounds[0]!.lines.map((l) => l.text);
    expect(r1[0]).toMatch(/^General fire, the Axis: low luck: total 22, 3 sure hits; remainder 4, rolled \d \(a hit on 4 or less\), (1 more hit — 4 hits|no extra hit — 3 hits)$/);
    expect(r1[1]).toMatch(/^General fire, the Allies: low luck: total 13, 2 sure hits; remainder 1, rolled \d/);
    expect(r1).toContain("The Axis took 2 hits of the general fire on 2 infantry — the default for Germany, taken at the deadline");
    expect(r1[r1.length - 1]).toMatch(/^End of round 1: the Axis lost 2 infantry; the Allies lost /);
    expect(battle.rounds[0]!.lines[2]!.rules).toEqual(["R6.6", "R3.1", "R6.9"]);
    expect(battle.outcome.text).toBe(`The Axis won after ${battle.rounds.length} rounds; Germany captured Karelia S.S.R. from Russia`);
    expect(battle.outcome.rules).toEqual(["R6.10", "R5.2d"]);
  });

  it("names who chose: the player, the default at the deadline, a robot, or nobody could choose", () => {
    expect(chooserWords("player", "Germany")).toEqual({ text: "chosen by Germany's player", rules: ["R6.2", "R6.6"] });
    expect(chooserWords("default", "Russia")).toEqual({ text: "the default for Russia, taken at the deadline", rules: ["R3.1", "R6.9"] });
    expect(chooserWords("robot", "Japan")).toEqual({ text: "chosen by Japan's robot", rules: ["R3.2", "R6.9"] });
    expect(chooserWords("forced", "Russia").text).toBe("forced: Russia had no other choice");
  });

  it("tells captures, landings, placements, income and victory progress", () => {
    const { story } = karelia();
    expect(section(story, "captures").lines[0]).toMatchObject({ text: "Germany captured Karelia S.S.R. from Russia in battle", rules: ["R6.10"] });
    expect(section(story, "post-combat").lines[0]!.text).toMatch(/^Germany's 4 fighters in Karelia S\.S\.R\. landed in .+, by the default landing$/);
    expect(section(story, "placements").lines[0]).toMatchObject({ text: "Germany's new 2 infantry appeared in Germany", rules: ["R8.3"] });
    expect(section(story, "income").lines[1]!.text).toMatch(/^Germany collected \d+ credits: treasury now \d+$/);
    expect(section(story, "victory").lines[0]).toMatchObject({ text: "No victory yet: Axis territory worth 60 of 84", rules: ["R8.6"] });
  });

  it("tells refused orders, forfeits with their reason, raids, commerce raiding and victory points", () => {
    const report = emptyReport({
      orders: [{ id: "x", nation: "Germany", status: "invalid", endedAt: "Germany", reason: "armour in Germany can move 2, path has 3 steps (R4.2)", rule: "R4.2" }],
      placements: [{ id: "p", nation: "Russia", type: "infantry", count: 3, at: "Karelia S.S.R.", placed: false, reason: "Russia no longer owns Karelia S.S.R. (R8.3)" }],
      raids: [{ territory: "Russia", nation: "Russia", raiders: ["b1"], rolls: [4], damage: 4 }],
      commerceRaiding: [{ nation: "United Kingdom", counted: 30, zones: [], factories: [], lost: 5, rule: "R9.3" }],
      victoryPoints: { turn: 3, points: { Axis: 20, Allies: 30 }, cities: [] },
      victory: { winner: null, reason: "No victory yet: Axis territory worth 60 of 84; the Axis hold 20 points (R8.6, R9.1)" },
    });
    expect(orderOutcome(report, "Germany", { id: "x", units: { armour: 1 }, from: "Germany", path: ["A", "B", "C"] })).toMatchObject({
      text: "1 armour from Germany was refused: armour in Germany can move 2, path has 3 steps; its units held",
      rules: ["R4.2", "R4.1"],
    });
    expect(placementsSection(report).lines[0]).toMatchObject({ text: "Russia's 3 infantry for Karelia S.S.R. were forfeited: Russia no longer owns Karelia S.S.R.", rules: ["R8.3"] });
    expect(raidsSection(report).lines[0]!.text).toBe("Bombers of order b1 raided the factory in Russia: rolled 4; Russia lost 4 credits");
    expect(incomeSection(report).lines[0]).toMatchObject({ text: "Commerce raiding: United Kingdom counted 30 and lost 5", rules: ["R9.3"] });
    const victory = victorySection(report).lines;
    expect(victory[0]).toMatchObject({ text: "Victory cities at the end of turn 3: the Axis hold 20 points, the Allies 30", rules: ["R9.1"] });
    expect(victory[1]!.rules).toEqual(["R8.6", "R9.1"]);
  });

  it("takes rule ids out of the engine's words", () => {
    expect(splitCitations("Stopped in B: met hostile units there (R5.2a)")).toEqual({ text: "Stopped in B: met hostile units there", rules: ["R5.2a"] });
    expect(splitCitations("No victory yet (R8.6, R9.1).")).toEqual({ text: "No victory yet.", rules: ["R8.6", "R9.1"] });
  });

  it("cites only rules it can quote", async () => {
    const { RULES_TEXT } = await import("../../app/rules/rules-text");
    for (const id of citedRules(karelia().story)) expect(RULES_TEXT[id], id).toBeDefined();
  });
});
