// One simultaneous turn (TA2.3): command, formations and movement, shooting, hand-to-hand, losses.
import { phaseDice } from "../shared/dice";
import { commandPhase } from "./command";
import { removeEliminated } from "./hits";
import { meleePhase } from "./melee";
import { movementPhase } from "./move-phase";
import { checkEnd } from "./result";
import { shootingPhase } from "./shooting";
import type { GeneralOrder, Orders, Report, ReportLine, State, UnitOrder } from "./types";
import { validateOrders } from "./validate";

export function resolveTurn(state: State, ordersBySide: Record<string, Orders>, seed: string): { state: State; report: Report } {
  const s: State = structuredClone(state);
  const lines: ReportLine[] = [];
  if (s.ended) return { state: s, report: { turn: s.turn, lines } };
  const dice = phaseDice(`${seed}:turn:${s.turn}`);
  const unitOrders = new Map<string, UnitOrder>();
  const generalOrders = new Map<string, GeneralOrder>();
  for (const side of s.sides) {
    const orders = ordersBySide[side];
    const present = s.units.some((u) => u.side === side) || s.generals.some((g) => g.side === side);
    if (!present) continue;
    if (orders === undefined) {
      lines.push({ rule: "TA2.2", kind: "no-orders", side });
      continue;
    }
    const v = validateOrders(state, side, orders);
    if (!v.ok) {
      lines.push({ rule: "TA2.2", kind: "invalid-orders", side, broke: v.rule, message: v.message });
      continue;
    }
    for (const [id, o] of Object.entries(orders.units ?? {})) unitOrders.set(id, o);
    for (const [id, o] of Object.entries(orders.generals ?? {})) generalOrders.set(id, o);
  }
  commandPhase(s, generalOrders, dice, lines);
  movementPhase(s, unitOrders, generalOrders, lines);
  const shots = [...unitOrders].flatMap(([id, o]) => ("shoot" in o ? [[id, o.shoot] as [string, string]] : []));
  shootingPhase(s, shots, dice, lines);
  for (const u of removeEliminated(s)) lines.push({ rule: "TA9.1", kind: "eliminated", unit: u.id, side: u.side });
  meleePhase(s, dice, lines);
  const turn = s.turn;
  s.turn += 1;
  checkEnd(s);
  const end = (s as State).ended;
  if (end) lines.push({ rule: end.reason.includes("TA9.2") ? "TA9.2" : "TA9.3", kind: "end", winners: end.winners, draw: end.draw, reason: end.reason });
  return { state: s, report: { turn, lines } };
}
