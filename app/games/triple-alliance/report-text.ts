// A turn report's lines in words (rulebook TA2–TA9), with the dice as they fell: what the review
// lists beside the table. Each sentence ends with the rule id that produced it.
import type { ReportLine, State } from "@/server/rulesets/triple-alliance/types";

export const PIP = ["", "⚀", "⚁", "⚂", "⚃", "⚄", "⚅"];
const signed = (n: number) => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "");

/** Which step of the turn a line belongs to (TA2.3). */
export type Step = "command" | "movement" | "shooting" | "melee" | "end";
export function stepOf(l: ReportLine): Step {
  if (["rally", "general-lost", "no-orders", "invalid-orders"].includes(l.kind)) return "command";
  if (["shot", "miss", "no-shot"].includes(l.kind)) return "shooting";
  if (["melee", "guns-overrun", "melee-continues", "withdraw"].includes(l.kind)) return "melee";
  if (l.kind === "end" || l.kind === "eliminated") return "end";
  return "movement";
}

export function lineText(l: ReportLine, names: (id: string) => string): string {
  const n = (k: string) => names(String(l[k]));
  const roll = typeof l.roll === "number" ? `${PIP[l.roll] ?? ""} ${l.roll}${signed(Number(l.mod ?? 0))}` : "";
  const text = (() => {
    switch (l.kind) {
      case "no-orders":
        return `${String(l.side)} sent no orders: its units hold`;
      case "invalid-orders":
        return `${String(l.side)}'s orders broke a rule and were set aside: ${String(l.message)}`;
      case "rally":
        return `${n("general")} rallies ${n("unit")}: rolled ${PIP[Number(l.roll)]} ${String(l.roll)}, ${String(l.removed)} hit${l.removed === 1 ? "" : "s"} removed`;
      case "general-lost":
        return `${n("general")} falls while rallying`;
      case "formation":
        return `${n("unit")} forms ${String(l.formation)}`;
      case "no-room":
        return `${n("unit")} has no room to turn (${names(String(l.blockedBy))})`;
      case "move":
        return `${n("unit")} moves ${Math.round(Number(l.covered))} mm${l.stoppedBy ? `, stopped by ${names(String(l.stoppedBy))}` : ""}`;
      case "out-of-town":
        return `${n("unit")} may not end in the town and steps back`;
      case "charge-contact":
        return `${n("unit")} charges home on ${n("defender")}${l.diverted ? ` (meeting it before ${n("target")})` : ""}`;
      case "charge-halts":
        return `${n("unit")}'s charge on ${n("target")} halts: ${names(String(l.blockedBy))}`;
      case "charge-falls-short":
        return `${n("unit")}'s charge on ${n("target")} falls short${l.targetMoved ? ": the target moved" : ""}`;
      case "general-move":
        return `${n("general")} rides on`;
      case "no-shot":
        return `${n("unit")} cannot shoot: ${String(l.why)}`;
      case "miss":
        return `${n("unit")}'s volley at ${n("target")} misses: ${String(l.why)}`;
      case "shot":
        return `${n("unit")} fires at ${n("target")} (${String(l.band)}, ${String(l.range)} mm): rolled ${roll}${l.cover ? ", cover halves" : ""}${l.doubled ? ", doubled on a column" : ""} → ${String(l.hits)} hit${l.hits === 1 ? "" : "s"}`;
      case "melee":
        return `${n("attacker")} fights ${n("defender")} (${String(l.face)}${l.hill ? ", uphill" : ""}${l.column ? ", a column" : ""}): rolled ${roll} → ${String(l.hits)} hit${l.hits === 1 ? "" : "s"}`;
      case "guns-overrun":
        return `${n("attacker")} overruns the guns of ${n("defender")}`;
      case "melee-continues":
        return `${n("attacker")} and ${n("defender")} fight on next turn`;
      case "withdraw":
        return `${n("unit")} withdraws ${String(l.covered)} mm from ${n("from")}`;
      case "eliminated":
        return `${n("unit")} is destroyed`;
      case "end":
        return `The battle ends: ${String(l.reason)}`;
      default:
        return l.kind;
    }
  })();
  return `${text} (${l.rule})`;
}

/** Names for ids, from the states before and after (a unit destroyed is only in the first). */
export function namer(...states: State[]): (id: string) => string {
  const m = new Map<string, string>();
  for (const s of states) {
    for (const u of s.units) m.set(u.id, u.name);
    for (const g of s.generals) m.set(g.id, g.name);
  }
  return (id) => m.get(id) ?? id;
}
