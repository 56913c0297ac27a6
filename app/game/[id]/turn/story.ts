// A resolved turn told as a story (issue 7): sentences in the order of the turn (R3), each citing the
// rules that produced it. Pure: the review page renders these lines, the JSON download carries them,
// tests/app/story.test.ts checks them against a real report.
import type { TurnReport } from "../../../../server/rulesets/1942/engine/turn";
import { NATIONS, TEAMS, type Nation, type Team } from "../../../../server/rulesets/1942/engine/types";
import { byOrderId, countsText, orderText, unitName, type OrderLike } from "../../../components/format";
import { battlesSection } from "./story-battles";
import { fireWords, line, listWords, lowerFirst, plural, slugOf, type StoryLine, type StorySection } from "./story-words";

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
