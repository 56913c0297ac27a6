// A resolved turn told as a story (issue 7): sentences in the order of the turn (R3), each citing the
// rules that produced it. Pure: the review page renders these lines, the JSON download carries them,
// tests/app/story.test.ts checks them against a real report.
import type { ChoiceEntry, FireEntry, RoundRecord } from "../../../../server/rulesets/1942/engine/combat/battle";
import type { FireRecord } from "../../../../server/rulesets/1942/engine/combat/fire";
import type { TurnReport } from "../../../../server/rulesets/1942/engine/turn";
import { NATIONS, TEAMS, type Nation, type Team, type UnitCounts } from "../../../../server/rulesets/1942/engine/types";
import { byOrderId, countsText, orderText, unitName, type OrderLike } from "../../../components/format";
import { DEFAULT_BOARD } from "../../../../server/rulesets/1942/engine/board/default-board";
import { shortName } from "../../../components/battle-format";

/** One sentence of the story and the rules it cites (ids as RULES.md writes them: "R5.2a"). */
export interface StoryLine {
  text: string;
  rules: string[];
  /** A die face by face, when the line is about dice ("inf≤1 rolled 3"). */
  dice?: { label: string; roll: number; value: number; hit: boolean }[];
  /** Stable hook for tests and links: "order-germany-g1", "aa-0", "conflict-1". */
  id?: string;
}

export interface StorySection {
  id: string;
  title: string;
  rules: string[];
  lines: StoryLine[];
  /** Battles have rounds; each round is a list of lines (fire, choices, removals). */
  battles?: StoryBattle[];
}

export interface StoryBattle {
  id: string;
  territory: string;
  summary: StoryLine[];
  rounds: { round: number; lines: StoryLine[] }[];
  outcome: StoryLine;
}

const CITATION = /\s*\((R\d+(?:\.\d+[a-z]?)?(?:,\s*R\d+(?:\.\d+[a-z]?)?)*)\)/g;

/** The engine writes "… (R5.2b)" into its reasons: take the ids out, so the page can render them as citations. */
export function splitCitations(text: string): { text: string; rules: string[] } {
  const rules: string[] = [];
  const stripped = text.replace(CITATION, (_whole, ids: string) => {
    for (const id of ids.split(/,\s*/)) if (!rules.includes(id)) rules.push(id);
    return "";
  });
  return { text: stripped.trim(), rules };
}

function line(text: string, rules: string[], extra: Partial<StoryLine> = {}): StoryLine {
  const split = splitCitations(text);
  return { text: split.text, rules: [...new Set([...split.rules, ...rules])], ...extra };
}

/** Names that keep their capital inside a sentence: territories, nations, teams. */
const PROPER = [...DEFAULT_BOARD.territories.map((t) => t.id), ...NATIONS, ...TEAMS];

/** A reason written as a sentence, continued after a colon: "Stopped in …" → "stopped in …", but "Baltic Sea Zone …" stays. */
function lowerFirst(s: string): string {
  if (!s || /^.[A-Z]/.test(s) || PROPER.some((name) => s.startsWith(name) && !/[a-z]/i.test(s.charAt(name.length)))) return s;
  return s.charAt(0).toLowerCase() + s.slice(1);
}

function plural(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

function nonEmpty(c: UnitCounts | undefined): boolean {
  return !!c && Object.values(c).some((n) => (n ?? 0) > 0);
}

function listWords(items: string[]): string {
  if (items.length <= 1) return items[0] ?? "";
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}

function slugOf(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, "-");
}

type Report = TurnReport;
type OrderReport = Report["orders"][number];

/** The nations of the other team whose orders took part in a conflict ("a meeting with Russia"). */
function opponents(report: Report, conflict: Report["conflicts"][number], nation: Nation): Nation[] {
  const team = teamOfNation(nation);
  const nations = conflictOrders(report, conflict)
    .map((o) => o.nation)
    .filter((n) => teamOfNation(n) !== team);
  // Units that stood there without moving are in no order: the battle there names them.
  const other: Team = team === "Axis" ? "Allies" : "Axis";
  const battle = report.battles.find((b) => b.territory === conflict.territory && b.pass === conflict.pass);
  for (const u of battle?.sides[other] ?? []) nations.push(u.nation);
  return NATIONS.filter((n) => nations.includes(n));
}

/**
 * The orders of a conflict with their nations. Order ids are unique only within a nation's list (R4.2):
 * the report names each order's nation; a report without them (engine 1.0) is matched by where the
 * order ended, the conflict's territory.
 */
export function conflictOrders(report: Report, conflict: Report["conflicts"][number]): { id: string; nation: Nation }[] {
  if (conflict.nations && conflict.nations.length === conflict.orders.length) return conflict.orders.map((id, i) => ({ id, nation: conflict.nations![i]! }));
  return conflict.orders.flatMap((id) =>
    report.orders.filter((o) => o.id === id && (conflict.kind !== "meeting" || o.endedAt === conflict.territory)).map((o) => ({ id, nation: o.nation })),
  );
}

/** "Russia's orders m1, m2 and Japan's order m1": ids by nation, in natural order. */
function ordersWords(list: readonly { id: string; nation: Nation }[]): string {
  const byNation = NATIONS.map((n) => ({ n, ids: [...new Set(list.filter((o) => o.nation === n).map((o) => o.id))].sort(byOrderId) })).filter((x) => x.ids.length > 0);
  return listWords(byNation.map((x) => `${x.n}'s order${x.ids.length === 1 ? "" : "s"} ${x.ids.join(", ")}`));
}

const AXIS: readonly Nation[] = ["Germany", "Japan"];
function teamOfNation(n: Nation): Team {
  return AXIS.includes(n) ? "Axis" : "Allies";
}

// ---- orders ---------------------------------------------------------------------------------

/**
 * One order and what became of it: "3 infantry from East Europe entered Karelia S.S.R.; a battle
 * followed there with Russia (R5.2a)". Purchases say what they cost and where they were placed.
 */
export function orderOutcome(report: Report, nation: Nation, order: OrderLike): StoryLine {
  const id = `order-${slugOf(nation)}-${order.id}`;
  const r: OrderReport | undefined = report.orders.find((o) => o.nation === nation && o.id === order.id);
  if (order.type !== undefined && order.destination !== undefined) return purchaseOutcome(report, nation, order, r, id);
  const what = `${countsText(order.units)} from ${order.from}`;
  const path = order.path ?? [];
  if (!r) return line(`${orderText(order)}: no outcome recorded`, [], { id });
  const aa = report.aa.filter((a) => a.order === order.id && a.nation === nation && a.hits > 0);
  const shot = aa.map((a) => `AA fire in ${a.territory} shot down ${countsText(a.lost)}`);
  const shotRules = aa.length ? ["R5.1"] : [];
  switch (r.status) {
    case "invalid":
      return line(`${what} was refused: ${lowerFirst(r.reason ?? "an illegal order")}; its units held`, [r.rule ?? "R4.11", "R4.1"].filter(Boolean), { id });
    case "destroyed":
      return line(`${what} toward ${path[path.length - 1] ?? order.from}: ${lowerFirst(r.reason ?? "every aircraft was shot down")}`, ["R5.1"], { id });
    case "bounced":
      return line(`${what} toward ${path[path.length - 1]}: ${lowerFirst(r.reason ?? `bounced and stayed in ${r.endedAt}`)}`, ["R5.2b"], { id });
    case "stopped": {
      const meeting = report.conflicts.find((c) => c.kind === "meeting" && c.territory === r.endedAt && conflictOrders(report, c).some((o) => o.id === order.id && o.nation === nation));
      const who = meeting ? opponents(report, meeting, nation) : [];
      const base =
        meeting && r.rule !== "R5.2b"
          ? `${what} entered ${r.endedAt}; stopped there by a meeting with ${who.length ? listWords(who) : "hostile units"}`
          : `${what} toward ${path[path.length - 1]}: ${lowerFirst(r.reason ?? `stopped in ${r.endedAt}`)}`;
      return line([base, ...shot, ...cargo(r)].join("; "), [r.rule ?? "R5.2a", ...shotRules], { id });
    }
    case "completed": {
      if (path.length === 0) return line([`${what} stayed in ${order.from}`, ...cargo(r)].join("; "), r.unloaded !== undefined ? ["R5.3"] : ["R4.2"], { id });
      const meeting = report.conflicts.find((c) => c.kind === "meeting" && c.territory === r.endedAt && conflictOrders(report, c).some((o) => o.id === order.id && o.nation === nation));
      const via = path.length > 1 ? ` by way of ${path.slice(0, -1).join(", ")}` : "";
      const parts = [`${what} entered ${r.endedAt}${via}`];
      const rules = ["R5.2"];
      if (meeting) {
        const who = opponents(report, meeting, nation);
        parts.push(`met ${who.length ? listWords(who) : "hostile units"} there: a battle followed`);
        rules.push("R5.2a");
      } else if (report.battles.some((b) => b.territory === r.endedAt)) {
        parts.push("a battle followed there");
        rules.push("R5.2c");
      }
      if (order.raid) {
        parts.push("raided the factory there");
        rules.push("R5.4");
      }
      if (aa.length) rules.push("R5.1");
      if (r.unloaded !== undefined) rules.push("R5.3");
      return line([...parts, ...shot, ...cargo(r)].join("; "), rules, { id });
    }
  }
}

function cargo(r: OrderReport): string[] {
  if (r.unloaded === true) return ["its cargo unloaded"];
  // The engine's reason already says "Cargo stays aboard: why": keep only the why.
  if (r.unloaded === false) return [`its cargo stayed aboard: ${lowerFirst((r.unloadReason ?? r.reason ?? "it could not unload").replace(/^cargo stays aboard:\s*/i, ""))}`];
  return [];
}

function purchaseOutcome(report: Report, nation: Nation, order: OrderLike, r: OrderReport | undefined, id: string): StoryLine {
  const bought = report.purchases.find((p) => p.nation === nation && p.id === order.id);
  const what = countsText({ [order.type!]: order.count ?? 0 });
  if (r?.status === "invalid") return line(`Purchase of ${what} for ${order.destination} refused: ${lowerFirst(r.reason ?? "")}`, [r.rule ?? "R4.10"], { id });
  const placement = report.placements?.find((p) => p.nation === nation && p.id === order.id);
  const cost = bought ? `, ${plural(bought.cost, "credit")}` : "";
  if (!placement) return line(`Bought ${what} for ${order.destination}${cost}`, ["R4.10"], { id });
  if (placement.placed) return line(`Bought ${what} for ${order.destination}${cost}; placed there`, ["R4.10", "R8.3"], { id });
  return line(`Bought ${what} for ${order.destination}${cost}; forfeited: ${lowerFirst(placement.reason ?? "")}`, ["R4.10", "R8.3"], { id });
}

/** Every nation's orders (revealed now), in the R1.1 nation order; a nation with none held. */
export function ordersSection(report: Report, orders: Partial<Record<Nation, OrderLike[]>>): StorySection {
  const lines: StoryLine[] = [];
  for (const nation of NATIONS) {
    const list = orders[nation] ?? [];
    if (list.length === 0) {
      lines.push(line(`${nation} gave no orders: every unit held`, ["R4.1"], { id: `order-${slugOf(nation)}-none` }));
      continue;
    }
    for (const o of list) {
      const outcome = orderOutcome(report, nation, o);
      lines.push({ ...outcome, text: `${nation}, order ${o.id}: ${outcome.text}` });
    }
  }
  return { id: "orders", title: "Orders", rules: ["R3", "R4"], lines };
}

// ---- dice -----------------------------------------------------------------------------------


/** Fire in words: normal dice one by one, or the R6.8 low-luck sum and its one roll. */
export function fireWords(fire: FireRecord): { text: string; rules: string[]; dice?: StoryLine["dice"] } {
  if (fire.lowLuck) {
    const { total, sure, remainder, roll } = fire.lowLuck;
    const base = `low luck: total ${total}, ${plural(sure, "sure hit")}`;
    if (remainder === 0 || roll === undefined) return { text: `${base}, no remainder — ${plural(fire.hits, "hit")}`, rules: ["R6.8"] };
    return {
      text: `${base}; remainder ${remainder}, rolled ${roll} (a hit on ${remainder} or less)${roll <= remainder ? ", 1 more hit" : ", no extra hit"} — ${plural(fire.hits, "hit")}`,
      rules: ["R6.8"],
    };
  }
  const dice = (fire.dice ?? []).map((d) => ({ label: `${shortName(d.type)}≤${d.value}`, roll: d.roll, value: d.value, hit: d.hit }));
  if (dice.length === 0) return { text: "nobody fired", rules: [] };
  return { text: `${plural(dice.length, "die", "dice")}: ${dice.map((d) => d.roll).join(", ")} — ${plural(fire.hits, "hit")}`, rules: ["R6.4"], dice };
}

/** R5.1 — each AA fire: where, at whose order, every die (or the low-luck sum), what fell. */
export function aaSection(report: Report): StorySection {
  const lines = report.aa.map((a, i) => {
    const f = fireWords(a.fire);
    const aaDice = f.dice?.map((d) => ({ ...d, label: "AA≤1" }));
    const lost = a.hits > 0 ? `; shot down ${countsText(a.lost)}` : "; no aircraft lost";
    return line(`AA guns in ${a.territory} fired at ${a.nation}'s ${plural(a.shots, "aircraft", "aircraft")} of order ${a.order}: ${f.text.replace(/^low luck/, "low luck")}${lost}`, ["R5.1", ...f.rules.filter((r) => r === "R6.8")], {
      id: `aa-${i}`,
      ...(aaDice ? { dice: aaDice } : {}),
    });
  });
  return { id: "aa", title: "AA fire", rules: ["R5.1"], lines };
}

// ---- movement -------------------------------------------------------------------------------

/** R5.2a meetings and R5.2b head-ons, both forces with their economic values and who won. */
export function conflictLine(report: Report, c: Report["conflicts"][number], i: number): StoryLine {
  const id = `conflict-${i}`;
  if (c.kind === "meeting") {
    const list = conflictOrders(report, c);
    const nations = NATIONS.filter((n) => list.some((o) => o.nation === n));
    // Who stood there already: the nations whose units fought the battle there without having moved (R6.1).
    const battle = report.battles.find((b) => b.territory === c.territory && b.pass === c.pass);
    const stood = NATIONS.filter((n) => TEAMS.some((t) => (battle?.sides[t] ?? []).some((u) => u.nation === n && !u.attacking)));
    return line(
      `Step ${c.step}: ${listWords(nations)} moved into ${c.territory} (${ordersWords(list)})${stood.length ? ` where ${listWords(stood)}'s units stood` : ""} — a meeting; every group that entered stopped there and a battle follows`,
      [c.rule],
      { id },
    );
  }
  const forces = c.forces ?? [];
  const sides = forces.map((f) => {
    const list = f.nations && f.nations.length === f.orders.length ? f.orders.map((id, i) => ({ id, nation: f.nations![i]! })) : null;
    return `the ${f.team} from ${f.from} to ${f.to}, worth ${f.value} (${list ? ordersWords(list) : `order${f.orders.length === 1 ? "" : "s"} ${[...f.orders].sort(byOrderId).join(", ")}`})`;
  });
  const start = `Step ${c.step}: head-on between ${c.edge?.[0]} and ${c.edge?.[1]} — ${sides.join(" against ")}`;
  if (c.result === "bounced") return line(`${start}; equal values: both forces bounced and stayed where they were, no battle from that crossing`, [c.rule], { id });
  const [winner, loser] = [...forces].sort((x, y) => y.value - x.value);
  return line(
    `${start}; the ${winner?.team} won ${winner?.value} to ${loser?.value} and advanced into ${winner?.to}; the ${loser?.team} force stayed in ${loser?.from}`,
    [c.rule],
    { id },
  );
}

export function movementSection(report: Report, pass: "sea" | "land"): StorySection {
  const lines = report.conflicts.map((c, i) => ({ c, i })).filter(({ c }) => c.pass === pass).map(({ c, i }) => conflictLine(report, c, i));
  return { id: `${pass}-movement`, title: pass === "sea" ? "Sea movement" : "Land movement", rules: ["R5.2"], lines };
}

// ---- raids ----------------------------------------------------------------------------------

export function raidsSection(report: Report): StorySection {
  const lines = report.raids.map((r, i) =>
    line(
      `Bombers of order${r.raiders.length === 1 ? "" : "s"} ${[...r.raiders].sort(byOrderId).join(", ")} raided the factory in ${r.territory}: rolled ${r.rolls.join(", ") || "nothing"}; ${r.nation} lost ${plural(r.damage, "credit")}${r.reason ? ` (${lowerFirst(r.reason)})` : ""}`,
      ["R5.4"],
      { id: `raid-${i}`, dice: r.rolls.map((roll) => ({ label: "bmr", roll, value: 6, hit: true })) },
    ),
  );
  return { id: "raids", title: "Industrial raids", rules: ["R5.4"], lines };
}

// ---- battles --------------------------------------------------------------------------------

/** Who chose a side's casualties: the player, the default at the deadline, a robot, or nobody could (forced). */
export function chooserWords(by: ChoiceEntry["by"], chooser: Nation): { text: string; rules: string[] } {
  switch (by) {
    case "player":
      return { text: `chosen by ${chooser}'s player`, rules: ["R6.2", "R6.6"] };
    case "default":
      return { text: `the default for ${chooser}, taken at the deadline`, rules: ["R3.1", "R6.9"] };
    case "robot":
      return { text: `chosen by ${chooser}'s robot`, rules: ["R3.2", "R6.9"] };
    case "forced":
      return { text: `forced: ${chooser} had no other choice`, rules: ["R6.6"] };
  }
}

const STEP_WORDS: Record<string, string> = { bombardment: "bombardment", submarine: "submarine strike", general: "general fire" };

export function choiceLine(choice: ChoiceEntry, round: RoundRecord | undefined): StoryLine {
  const who = chooserWords(choice.by, choice.chooser);
  if (choice.step === "retreat") {
    const sub = round?.submerged[choice.team];
    const wd = round?.withdrawn[choice.team];
    const did = [nonEmpty(sub) ? `submerged ${countsText(sub)}` : "", nonEmpty(wd) ? `withdrew ${countsText(wd)}` : ""].filter(Boolean);
    return line(`The ${choice.team} ${did.length ? did.join(" and ") : "fought on (no submerge, no withdrawal)"} — ${who.text}`, ["R6.7", ...who.rules]);
  }
  // Units, not picks: a battleship given two hits is one battleship (R6.4).
  const picked: UnitCounts = {};
  const seen = new Set<number>();
  for (const p of choice.picked ?? []) {
    if (seen.has(p.id)) continue;
    seen.add(p.id);
    picked[p.type] = (picked[p.type] ?? 0) + 1;
  }
  const units = new Set(choice.units).size;
  const on = nonEmpty(picked) ? countsText(picked) : units ? plural(units, "unit") : "nothing: no unit could take them";
  const hits = choice.hits ?? choice.units.length;
  return line(`The ${choice.team} took ${plural(hits, "hit")} of the ${STEP_WORDS[choice.step] ?? choice.step} on ${on} — ${who.text}`, ["R6.6", ...who.rules]);
}

function fireLine(entry: FireEntry): StoryLine {
  const f = fireWords(entry);
  return line(`${entry.step === "submarine" ? "Submarine strike" : "General fire"}, the ${entry.team}: ${f.text}`, ["R6.3", ...f.rules], f.dice ? { dice: f.dice } : {});
}

/** One round: both sides' fire per sub-phase (R6.3), every choice and who made it, then what was removed. */
export function roundLines(round: RoundRecord): StoryLine[] {
  const out: StoryLine[] = [];
  for (const step of ["submarine", "general"] as const) {
    for (const team of TEAMS) {
      const e = round.fire.find((f) => f.step === step && f.team === team);
      if (e) out.push(fireLine(e));
    }
    for (const c of round.choices.filter((c) => c.step === step)) out.push(choiceLine(c, round));
  }
  for (const c of round.choices.filter((c) => c.step === "retreat")) out.push(choiceLine(c, round));
  const removed = TEAMS.map((t) => {
    const bits = [
      nonEmpty(round.lost[t]) ? `lost ${countsText(round.lost[t])}` : "",
      nonEmpty(round.damaged[t]) ? `had ${countsText(round.damaged[t])} damaged` : "",
    ].filter(Boolean);
    return `the ${t} ${bits.length ? bits.join(" and ") : "lost nothing"}`;
  });
  out.push(line(`End of round ${round.round}: ${removed.join("; ")}`, ["R6.3", "R6.4"]));
  return out;
}

function sideWords(battle: Report["battles"][number], team: Team): string {
  const list = battle.sides[team] ?? [];
  if (list.length === 0) return `the ${team}: nobody`;
  const byNation = new Map<Nation, UnitCounts>();
  for (const u of list) {
    const c = byNation.get(u.nation) ?? {};
    c[u.type] = (c[u.type] ?? 0) + u.count;
    byNation.set(u.nation, c);
  }
  const attacking = list.filter((u) => u.attacking).length;
  const role = attacking === 0 ? "defending" : attacking === list.length ? "attacking" : "partly attacking";
  return `the ${team} ${role} with ${[...byNation.entries()].map(([n, c]) => `${n}'s ${countsText(c)}`).join(" and ")}`;
}

export function battleStory(report: Report, battle: Report["battles"][number], lowLuck: boolean): StoryBattle {
  const summary: StoryLine[] = [
    line(
      `Battle in ${battle.territory} (${battle.pass === "sea" ? "sea" : battle.amphibious ? "amphibious assault" : "land"}): ${sideWords(battle, "Axis")}; ${sideWords(battle, "Allies")}${lowLuck ? "; low luck" : ""}`,
      ["R6.1", ...(lowLuck ? ["R6.8"] : []), ...(battle.amphibious ? ["R5.3"] : [])],
    ),
  ];
  if (battle.bombardment.fire || battle.bombardment.hits > 0) {
    const f = battle.bombardment.fire ? fireWords(battle.bombardment.fire) : undefined;
    const lost = TEAMS.filter((t) => nonEmpty(battle.bombardment.lost[t])).map((t) => `the ${t} lost ${countsText(battle.bombardment.lost[t])}`);
    summary.push(line(`Bombardment before round 1: ${f ? f.text : plural(battle.bombardment.hits, "hit")}${lost.length ? `; ${lost.join("; ")}` : ""}`, ["R5.5", ...(f?.rules ?? [])], f?.dice ? { dice: f.dice } : {}));
    for (const c of battle.bombardment.choices ?? []) summary.push(choiceLine(c, undefined));
  }
  const atOnce = TEAMS.filter((t) => nonEmpty(battle.destroyedAtOnce[t]));
  if (atOnce.length) summary.push(line(`Destroyed at once, unable to hurt the other side: ${atOnce.map((t) => `the ${t}'s ${countsText(battle.destroyedAtOnce[t])}`).join("; ")}`, ["R6.10"]));
  const capture = report.captures.find((c) => c.territory === battle.territory && c.when === "battle");
  const winner = battle.winner === undefined ? "The battle was not fought" : battle.winner === "none" ? "No side won" : `The ${battle.winner} won`;
  const outcome = line(
    `${winner} after ${plural(battle.rounds.length, "round")}${capture ? `; ${capture.to} captured ${battle.territory} from ${capture.from}` : ""}`,
    ["R6.10", ...(capture ? ["R5.2d"] : [])],
  );
  return {
    id: `battle-${slugOf(battle.territory)}`,
    territory: battle.territory,
    summary,
    rounds: battle.rounds.map((r) => ({ round: r.round, lines: roundLines(r) })),
    outcome,
  };
}

export function battlesSection(report: Report, pass: "sea" | "land", lowLuck: boolean): StorySection {
  const battles = report.battles.filter((b) => b.pass === pass).map((b) => battleStory(report, b, lowLuck));
  return { id: `${pass}-battles`, title: pass === "sea" ? "Sea battles" : "Land battles", rules: ["R6"], lines: [], battles };
}

// ---- captures, post-combat, economy ---------------------------------------------------------

export function capturesSection(report: Report): StorySection {
  const how = { blitz: "by blitz", movement: "by moving in", battle: "in battle" } as const;
  const lines = report.captures.map((c, i) =>
    line(c.liberated ? `${c.to} liberated ${c.territory} from ${c.from}` : `${c.to} captured ${c.territory} from ${c.from} ${how[c.when]}`, [c.rule, ...(c.liberated ? ["R5.2d"] : [])], {
      id: `capture-${i}`,
    }),
  );
  for (const t of report.transfers) lines.push(line(`${t.to} took ${t.from}'s capital ${t.capital} and its ${plural(t.credits, "credit")}`, [t.rule]));
  return { id: "captures", title: "Captures and liberations", rules: ["R5.2d", "R8.2"], lines };
}

export function postCombatSection(report: Report): StorySection {
  const lines: StoryLine[] = [];
  for (const l of report.landings ?? []) {
    const what = `${l.nation}'s ${countsText({ [l.type]: l.count })} in ${l.from}`;
    const how = l.rule === "R7.1" ? "as its player chose" : "by the default landing";
    lines.push(
      l.scuttled
        ? line(`${what} had no safe place in reach and was lost`, [l.rule, "R7.1"])
        : line(l.to === l.from ? `${what} stayed there, ${how}` : `${what} landed in ${l.to}, ${how}`, [l.rule]),
    );
  }
  for (const r of report.landingsRefused ?? [])
    lines.push(line(`${r.nation}'s landing of ${countsText({ [r.order.type]: r.order.count })} from ${r.order.from} in ${r.order.to} was refused: ${lowerFirst(r.reason)}; the default landing applied`, ["R7.1", "R7.4"]));
  for (const m of report.aaMoves ?? []) lines.push(line(`${m.nation} moved ${countsText({ aaGun: m.count })} from ${m.from} to ${m.to}`, ["R7.2"]));
  for (const r of report.aaMovesRefused ?? []) lines.push(line(`${r.nation}'s AA move from ${r.order.from} to ${r.order.to} was refused: ${lowerFirst(r.reason)}`, ["R7.2"]));
  return { id: "post-combat", title: "Post-combat: landings and AA guns", rules: ["R7"], lines };
}

export function placementsSection(report: Report): StorySection {
  const lines = (report.placements ?? []).map((p, i) =>
    p.placed
      ? line(`${p.nation}'s new ${countsText({ [p.type]: p.count })} appeared in ${p.at}`, ["R8.3"], { id: `placement-${i}` })
      : line(`${p.nation}'s ${countsText({ [p.type]: p.count })} for ${p.at} were forfeited: ${lowerFirst(p.reason ?? "")}`, ["R8.3"], { id: `placement-${i}` }),
  );
  return { id: "placements", title: "New units", rules: ["R8.3"], lines };
}

export function incomeSection(report: Report): StorySection {
  const lines: StoryLine[] = [];
  for (const raid of report.commerceRaiding ?? []) {
    const zones = raid.zones.map((z) => `${z.zone} (rolls ${z.rolls.map((r) => `${unitName(r.type)} ${r.roll}`).join(", ") || "none"}: ${z.damage})`);
    lines.push(line(`Commerce raiding: ${raid.nation} counted ${raid.counted} and lost ${raid.lost}${zones.length ? ` — ${zones.join("; ")}` : ""}`, [raid.rule]));
  }
  if (report.income)
    for (const n of NATIONS) lines.push(line(`${n} collected ${plural(report.income[n] ?? 0, "credit")}: treasury now ${report.treasury[n]}`, ["R8.4"], { id: `income-${slugOf(n)}` }));
  return { id: "income", title: "Income", rules: ["R8.4"], lines };
}

export function victorySection(report: Report): StorySection {
  const lines: StoryLine[] = [];
  if (report.victoryPoints) {
    const vp = report.victoryPoints;
    lines.push(line(`Victory cities at the end of turn ${vp.turn}: the Axis hold ${vp.points.Axis} points, the Allies ${vp.points.Allies}`, ["R9.1"]));
  }
  if (report.victory) {
    const v = report.victory;
    const rules = v.rule ? [v.rule] : ["R8.6"];
    lines.push(line(v.winner ? `The ${v.winner} win the war: ${lowerFirst(v.reason)}` : v.reason, rules, { id: "victory" }));
  }
  return { id: "victory", title: "Victory", rules: ["R8.6"], lines };
}

/**
 * The whole story of a resolved turn, in the order it happened (R3, R5): orders, AA fire, the sea pass
 * and its battles, the land pass, raids, land battles (bombardment first), captures, post-combat,
 * place-new, income, victory. Empty sections are kept out.
 */
export function turnStory(report: Report, orders: Partial<Record<Nation, OrderLike[]>>, options: { lowLuck?: boolean } = {}): StorySection[] {
  const lowLuck = options.lowLuck ?? report.battles.some((b) => b.rounds.some((r) => r.fire.some((f) => f.lowLuck)));
  const sections = [
    ordersSection(report, orders),
    aaSection(report),
    movementSection(report, "sea"),
    battlesSection(report, "sea", lowLuck),
    movementSection(report, "land"),
    raidsSection(report),
    battlesSection(report, "land", lowLuck),
    capturesSection(report),
    postCombatSection(report),
    placementsSection(report),
    incomeSection(report),
    victorySection(report),
  ];
  return sections.filter((s) => s.lines.length > 0 || (s.battles?.length ?? 0) > 0);
}

/** Every rule id a story cites (for the test that each one has its text). */
export function citedRules(sections: readonly StorySection[]): string[] {
  const ids = new Set<string>();
  const add = (l: StoryLine) => l.rules.forEach((r) => ids.add(r));
  for (const s of sections) {
    s.rules.forEach((r) => ids.add(r));
    s.lines.forEach(add);
    for (const b of s.battles ?? []) {
      b.summary.forEach(add);
      b.rounds.forEach((r) => r.lines.forEach(add));
      add(b.outcome);
    }
  }
  return [...ids].sort();
}
