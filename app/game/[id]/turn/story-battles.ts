// A battle of the turn told round by round (R6): who fought, each side's fire, every casualty
// choice and who made it, what was removed, and who won. Pure; part of the turn's story (story.ts).
import type { ChoiceEntry, FireEntry, RoundRecord } from "../../../../server/rulesets/1942/engine/combat/battle";
import type { TurnReport } from "../../../../server/rulesets/1942/engine/turn";
import { TEAMS, type Nation, type Team, type UnitCounts } from "../../../../server/rulesets/1942/engine/types";
import { countsText } from "../../../components/format";
import { fireWords, line, nonEmpty, plural, slugOf, type StoryBattle, type StoryLine, type StorySection } from "./story-words";

type Report = TurnReport;

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
