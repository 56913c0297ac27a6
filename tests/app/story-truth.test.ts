// What a player reads is true: robots play whole games (several seeds, low luck on and off), and every
// sentence of each turn's story is read back and its facts checked against the report it tells —
// the nations it names were there, the counts it names are the report's counts — and the words are
// clean (no doubled stops, no lower-cased place names, no "step 0", no unit numbers).
import { describe, expect, it } from "vitest";
import { byOrderId } from "../../app/components/format";
import { turnStory } from "../../app/game/[id]/turn/story";
import type { StoryLine, StorySection } from "../../app/game/[id]/turn/story-words";
import { DEFAULT_BOARD, DEFAULT_SETUP, NATIONS, UNIT_TYPES, createState, resolveTurn, teamOf, type GameState, type Nation, type Order, type TurnReport, type UnitCounts, type UnitType } from "../../server/rulesets/1942/engine";
import { unitName } from "../../server/rulesets/1942/engine/orders/words";
import { robotOrders } from "../../server/rulesets/1942/robots/robot";

type Battle = TurnReport["battles"][number];
interface Turn {
  label: string;
  report: TurnReport;
  orders: Partial<Record<Nation, Order[]>>;
  lowLuck: boolean;
}

/** Robots play `turns` turns of a game from the start: the turns, resolved. */
function playGame(seed: string, lowLuck: boolean, turns: number): Turn[] {
  let state: GameState = createState(DEFAULT_BOARD, DEFAULT_SETUP);
  const out: Turn[] = [];
  for (let turn = 1; turn <= turns; turn++) {
    const orders: Partial<Record<Nation, Order[]>> = {};
    for (const nation of NATIONS) orders[nation] = robotOrders(state, nation, `${seed}-${turn}`);
    const { state: next, report } = resolveTurn({ state, orders, seed: `${seed}-dice-${turn}`, lowLuck });
    out.push({ label: `${seed}${lowLuck ? " low luck" : ""} turn ${turn}`, report, orders, lowLuck });
    state = next;
  }
  return out;
}

// ---- reading sentences back -------------------------------------------------------------------

const NATION_ALT = NATIONS.map((n) => n.replace(/ /g, "\\s")).join("|");
const UNIT_WORDS = new Map<string, UnitType>(UNIT_TYPES.flatMap((t) => [[unitName(t, 1), t] as const, [unitName(t, 2), t] as const]));

/** "2 infantry, 1 armour" → counts; throws on words it cannot read, so a new wording is noticed. */
function readCounts(text: string): UnitCounts {
  const counts: UnitCounts = {};
  for (const part of text.split(", ")) {
    const m = /^(\d+) (.+)$/.exec(part);
    const type = m ? UNIT_WORDS.get(m[2]!) : undefined;
    if (!m || !type) throw new Error(`cannot read unit counts "${text}"`);
    counts[type] = (counts[type] ?? 0) + Number(m[1]);
  }
  return counts;
}

/** "Russia, United Kingdom and Japan" → nations. */
function readNations(text: string): Nation[] {
  const list = text.split(/, | and /);
  for (const n of list) if (!NATIONS.includes(n as Nation)) throw new Error(`not a nation: "${n}" in "${text}"`);
  return list as Nation[];
}

/** Counts as text with keys in one order, to compare. */
const key = (c: Record<string, unknown>) => JSON.stringify(Object.keys(c).sort().map((k) => [k, c[k]]));
const clean = (c: UnitCounts | undefined) => Object.fromEntries(Object.entries(c ?? {}).filter(([, n]) => (n ?? 0) > 0));
const sorted = <T,>(xs: readonly T[]) => [...new Set(xs)].sort();

function battleAt(report: TurnReport, territory: string, pass?: "sea" | "land"): Battle | undefined {
  return report.battles.find((b) => b.territory === territory && (pass === undefined || b.pass === pass));
}
const sideNations = (b: Battle | undefined, filter: (u: Battle["sides"]["Axis"][number]) => boolean = () => true) =>
  NATIONS.filter((n) => (["Axis", "Allies"] as const).some((t) => (b?.sides[t] ?? []).some((u) => u.nation === n && filter(u))));

// ---- the checks -------------------------------------------------------------------------------

const TERRITORIES = DEFAULT_BOARD.territories.map((t) => t.id);

/** Words every sentence must be free of. */
function wordingProblems(text: string): string[] {
  const out: string[] = [];
  if (/(?<!\.)\.\.(?!\.)/.test(text)) out.push("a doubled full stop");
  if (/step 0\b/.test(text)) out.push('"step 0"');
  if (/#\d/.test(text)) out.push("a unit number");
  if (/stayed aboard: cargo stays aboard/i.test(text)) out.push("cargo stays aboard twice");
  if (/UTC \(UTC\)/.test(text)) out.push('"UTC (UTC)"');
  for (const t of TERRITORIES) {
    const lowered = t.charAt(0).toLowerCase() + t.slice(1);
    if (lowered !== t && new RegExp(`(^|[^A-Za-z])${lowered.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`).test(text)) out.push(`"${lowered}" lower-cased`);
  }
  for (const m of text.matchAll(/orders? ([a-z]\w*(?:, [a-z]\w*)+)/g)) {
    const ids = m[1]!.split(", ");
    if (ids.join() !== [...ids].sort(byOrderId).join()) out.push(`order ids out of natural order: ${m[1]}`);
  }
  return out;
}

/** The facts of one sentence against the report: a list of what is false (empty when all is true). */
function falseFacts(t: Turn, l: StoryLine, context: { battle?: Battle; round?: Battle["rounds"][number] }): string[] {
  const { report } = t;
  const out: string[] = [];
  const text = l.text;

  // Movement: "Step 2: Russia and Japan moved into X (Russia's order m1 and Japan's order m1) where Germany's units stood — a meeting".
  const meeting = /^Step (\d+): (.+?) moved into (.+?) \((.+)\)(?: where (.+?)'s units stood)? — a meeting/.exec(text);
  if (meeting) {
    const [, step, movers, territory, orderWords, stood] = meeting;
    const c = report.conflicts.find((x) => x.kind === "meeting" && x.territory === territory && x.step === Number(step));
    if (!c) return [`no meeting in ${territory} at step ${step}`];
    if (sorted(readNations(movers!)).join() !== sorted(c.nations ?? []).join()) out.push(`movers ${movers} but the orders were ${c.nations?.join(", ")}'s`);
    for (const m of orderWords!.matchAll(new RegExp(`(${NATION_ALT})'s orders? ([^;]+?)(?=(?:,| and) (?:${NATION_ALT})'s|$)`, "g"))) {
      for (const id of m[2]!.split(", ")) if (!c.orders.some((o, i) => o === id && c.nations![i] === m[1])) out.push(`${m[1]}'s order ${id} was not in the meeting`);
    }
    const battle = battleAt(report, territory!, c.pass);
    const there = sideNations(battle, (u) => !u.attacking);
    if (sorted(stood ? readNations(stood) : []).join() !== sorted(there).join()) out.push(`"${stood ?? "nobody"}" stood there, but the battle's defenders were ${there.join(", ") || "nobody"}`);
  }

  // An order's outcome: "met Russia and Japan there", "stopped there by a meeting with Russia".
  const order = /^(.+?), order (\S+): /.exec(text);
  const met = /(?:; met (.+?) there: a battle followed|stopped there by a meeting with (.+?))(?:;|$)/.exec(text);
  if (order && met && NATIONS.includes(order[1] as Nation)) {
    const nation = order[1] as Nation;
    const r = report.orders.find((o) => o.nation === nation && o.id === order[2]);
    const named = (met[1] ?? met[2])!;
    if (!r) out.push(`no report of ${nation}'s order ${order[2]}`);
    else if (named !== "hostile units") {
      const battle = battleAt(report, r.endedAt, r.pass);
      const hostile = sideNations(battle).filter((n) => teamOf(n) !== teamOf(nation));
      for (const n of readNations(named)) if (!hostile.includes(n)) out.push(`${n} named in ${r.endedAt}, where its units did not fight ${nation}`);
    }
  }

  // AA fire: "AA guns in X fired at Germany's 6 aircraft of order g1: …; shot down 1 fighter".
  const aa = /^AA guns in (.+?) fired at (.+?)'s (\d+) aircraft of order (\S+?): .*?(?:; shot down (.+)|; no aircraft lost)$/.exec(text);
  if (aa) {
    const a = report.aa.find((x) => x.territory === aa[1] && x.nation === aa[2] && x.order === aa[4]);
    if (!a) out.push(`no AA fire in ${aa[1]} at ${aa[2]}'s order ${aa[4]}`);
    else {
      if (a.shots !== Number(aa[3])) out.push(`${aa[3]} aircraft, the report says ${a.shots}`);
      if (key(aa[5] ? readCounts(aa[5]) : {}) !== key(clean(a.lost))) out.push(`shot down ${aa[5] ?? "nothing"}, the report lost ${key(clean(a.lost))}`);
    }
  }

  const { battle, round } = context;
  // A battle's sides: "Battle in X (land): the Axis attacking with Germany's 3 infantry and Japan's 1 fighter; the Allies defending with …".
  const summary = /^Battle in (.+?) \((?:sea|land|amphibious assault)\): (.+)$/.exec(text);
  if (summary && battle) {
    for (const team of ["Axis", "Allies"] as const) {
      const part = new RegExp(`the ${team} (?:(?:attacking|defending|partly attacking) with (.+?)|: nobody)(?=; the |; low luck|$)`).exec(summary[2]!);
      if (!part) {
        out.push(`no words for the ${team}`);
        continue;
      }
      const told: Partial<Record<Nation, UnitCounts>> = {};
      for (const m of (part[1] ?? "").matchAll(new RegExp(`(${NATION_ALT})'s (.+?)(?=(?:,| and) (?:${NATION_ALT})'s|$)`, "g"))) told[m[1] as Nation] = readCounts(m[2]!);
      const truth: Partial<Record<Nation, UnitCounts>> = {};
      for (const u of battle.sides[team]) (truth[u.nation] ??= {})[u.type] = ((truth[u.nation] ??= {})[u.type] ?? 0) + u.count;
      const same = NATIONS.every((n) => key(told[n] ?? {}) === key(truth[n] ?? {}));
      if (!same) out.push(`the ${team}'s units told ${JSON.stringify(told)}, the report has ${JSON.stringify(truth)}`);
    }
  }
  // A casualty choice: "The Allies took 2 hits of the general fire on 1 battleship — chosen by …".
  const choice = /^The (Axis|Allies) took (\d+) hits? of the (bombardment|submarine strike|general fire) on (.+?) — /.exec(text);
  if (choice && battle) {
    const team = choice[1] as "Axis" | "Allies";
    const step = ({ bombardment: "bombardment", "submarine strike": "submarine", "general fire": "general" } as const)[choice[3] as "bombardment"];
    const entries = step === "bombardment" ? (battle.bombardment.choices ?? []) : (round?.choices ?? []);
    const c = entries.find((x) => x.team === team && x.step === step);
    if (!c) out.push(`no ${step} choice of the ${team}`);
    else {
      if (c.hits !== Number(choice[2])) out.push(`${choice[2]} hits, the report says ${c.hits}`);
      const units: UnitCounts = {};
      const seen = new Set<number>();
      for (const p of c.picked ?? []) if (!seen.has(p.id) && seen.add(p.id)) units[p.type] = (units[p.type] ?? 0) + 1;
      if (!choice[4]!.startsWith("nothing") && key(readCounts(choice[4]!)) !== key(units)) out.push(`hits on ${choice[4]}, the choice named ${key(units)}`);
    }
  }
  // The end of a round: "End of round 1: the Axis lost 2 infantry and had 1 battleship damaged; the Allies lost nothing".
  const end = /^End of round (\d+): the Axis (.+); the Allies (.+)$/.exec(text);
  if (end && round) {
    for (const [team, words] of [["Axis", end[2]!], ["Allies", end[3]!]] as const) {
      const lost = /lost (.+?)(?: and had|$)/.exec(words);
      const damaged = /had (.+) damaged/.exec(words);
      if (key(lost && lost[1] !== "nothing" ? readCounts(lost[1]!) : {}) !== key(clean(round.lost[team]))) out.push(`the ${team} lost ${lost?.[1]}, the report ${key(clean(round.lost[team]))}`);
      if (key(damaged ? readCounts(damaged[1]!) : {}) !== key(clean(round.damaged[team]))) out.push(`the ${team} damaged ${damaged?.[1]}, the report ${key(clean(round.damaged[team]))}`);
      // A unit is lost or damaged, never both: no more battleships than the side brought.
      const brought = battle!.sides[team].filter((u) => u.type === "battleship").reduce((n, u) => n + u.count, 0);
      if ((round.lost[team].battleship ?? 0) + (round.damaged[team].battleship ?? 0) > brought) out.push(`the ${team} lost and damaged more battleships than the ${brought} it had`);
    }
  }
  // The outcome: "The Axis won after 2 rounds; Germany captured X from Russia".
  const outcome = /^(?:The (Axis|Allies) won|No side won|The battle was not fought) after (\d+) rounds?(?:; (.+?) captured (.+?) from (.+))?$/.exec(text);
  if (outcome && battle) {
    if (Number(outcome[2]) !== battle.rounds.length) out.push(`${outcome[2]} rounds, the report has ${battle.rounds.length}`);
    if ((outcome[1] ?? "none") !== (battle.winner ?? "none") && !text.startsWith("The battle was not fought")) out.push(`winner ${outcome[1]}, the report says ${battle.winner}`);
    if (outcome[3]) {
      const cap = report.captures.find((c) => c.territory === outcome[4] && c.when === "battle");
      if (!cap || cap.to !== outcome[3] || cap.from !== outcome[5]) out.push(`no capture of ${outcome[4]} by ${outcome[3]} from ${outcome[5]}`);
    }
  }
  return out;
}

function everyLine(t: Turn, sections: StorySection[], check: (l: StoryLine, ctx: { battle?: Battle; round?: Battle["rounds"][number] }) => void): number {
  let n = 0;
  for (const s of sections) {
    for (const l of s.lines) check(l, {}), n++;
    for (const b of s.battles ?? []) {
      const battle = battleAt(t.report, b.territory, s.id.startsWith("sea") ? "sea" : "land");
      for (const l of b.summary) check(l, { battle }), n++;
      for (const r of b.rounds) for (const l of r.lines) check(l, { battle, round: battle?.rounds.find((x) => x.round === r.round) }), n++;
      check(b.outcome, { battle }), n++;
    }
  }
  return n;
}

describe("every sentence of a turn story is true to its report", () => {
  const games = [
    ...["alpha", "bravo"].map((seed) => playGame(seed, false, 3)),
    ...["charlie", "delta"].map((seed) => playGame(seed, true, 3)),
  ];
  const turns = games.flat();

  it("robot games give stories with meetings, battles, choices and captures to check", () => {
    const reports = turns.map((t) => t.report);
    expect(reports.flatMap((r) => r.conflicts.filter((c) => c.kind === "meeting")).length).toBeGreaterThan(3);
    expect(reports.flatMap((r) => r.battles).length).toBeGreaterThan(10);
    expect(reports.flatMap((r) => r.battles.flatMap((b) => b.rounds)).length).toBeGreaterThan(10);
    expect(reports.flatMap((r) => r.captures).length).toBeGreaterThan(3);
    expect(turns.some((t) => t.lowLuck)).toBe(true);
  });

  it("names only nations that were there, and counts only what the report counts", () => {
    let lines = 0;
    const problems: string[] = [];
    for (const t of turns) {
      const story = turnStory(t.report, t.orders, { lowLuck: t.lowLuck });
      lines += everyLine(t, story, (l, ctx) => {
        for (const p of [...wordingProblems(l.text), ...falseFacts(t, l, ctx)]) problems.push(`${t.label}: ${p} — "${l.text}"`);
      });
    }
    expect(problems).toEqual([]);
    expect(lines).toBeGreaterThan(500);
  });

  it("the checks catch a false sentence (they can fail)", () => {
    const t = turns.find((x) => x.report.conflicts.some((c) => c.kind === "meeting" && (c.nations?.length ?? 0) > 0))!;
    const c = t.report.conflicts.find((x) => x.kind === "meeting")!;
    const stranger = NATIONS.find((n) => !(c.nations ?? []).includes(n))!;
    const lie = { text: `Step ${c.step}: ${stranger} moved into ${c.territory} (${stranger}'s order zz) — a meeting; every group that entered stopped there`, rules: [] };
    expect(falseFacts(t, lie, {}).length).toBeGreaterThan(0);
    const battle = t.report.battles.find((b) => b.rounds.length > 0)!;
    const round = battle.rounds[0]!;
    const wrongLoss = { text: `End of round 1: the Axis lost 99 infantry; the Allies lost nothing`, rules: [] };
    expect(falseFacts(t, wrongLoss, { battle, round }).length).toBeGreaterThan(0);
    expect(() => readCounts("1 tank")).toThrow(/cannot read/);
    expect(wordingProblems("Stopped in Karelia S.S.R.. Then baltic Sea Zone after step 0 (orders m1, m10, m2)")).toHaveLength(4);
  });
});
