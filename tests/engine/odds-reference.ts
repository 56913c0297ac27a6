// An independent reference for the exact odds, written from the rulebook alone: every die of every
// round is enumerated one by one (R6.4, R6.8), casualties follow R6.9 spelled out again here, and a
// round that changes nothing is summed as a geometric series. Slow (2^dice per round), so small
// battles only. It shares nothing with server/rulesets/1942/engine/odds but the R2 table.
import { UNIT_STATS } from "../../server/rulesets/1942/engine/units";
import { NATIONS, UNIT_TYPES, type Nation, type UnitType } from "../../server/rulesets/1942/engine/types";
import type { OddsInput } from "../../server/rulesets/1942/engine/odds";

interface U {
  nation: Nation;
  type: UnitType;
  damage: number;
}
interface S {
  a: U[];
  d: U[];
  aOut: U[];
  dOut: U[];
  /** Rounds played, counted up to the last round a rule names. */
  round: number;
}

export interface Reference {
  attackerWins: number;
  defenderWins: number;
  bothDestroyed: number;
  draw: number;
  attackerWithdrew: number;
  taken: number;
  expectedRounds: number;
  survivors: { attacker: Record<string, number[]>; defender: Record<string, number[]> };
}

const isShip = (t: UnitType) => UNIT_STATS[t].medium === "sea";
const isAir = (t: UnitType) => UNIT_STATS[t].medium === "air";
const isLand = (t: UnitType) => ["infantry", "artillery", "armour"].includes(t);

/** Every way a group of dice falls: [hits, probability]. Normal dice one by one; low luck per R6.8. */
function rolls(values: number[], lowLuck: boolean): [number, number][] {
  if (lowLuck) {
    const total = values.reduce((s, v) => s + v, 0);
    const r = total % 6;
    return r === 0 ? [[Math.floor(total / 6), 1]] : [[Math.floor(total / 6), 1 - r / 6], [Math.floor(total / 6) + 1, r / 6]];
  }
  let out: [number, number][] = [[0, 1]];
  for (const v of values) {
    const next: [number, number][] = [];
    for (const [h, p] of out) next.push([h, p * (1 - v / 6)], [h + 1, (p * v) / 6]);
    out = next; // no merging: 2^n branches, the brute force
  }
  return out;
}

/**
 * R6.9: damage an unharmed battleship, else the cheapest; ties: lower value, R2 order, later nation.
 * A player's order first: the types of `keepLast` after all others (in that order), and the last
 * `keepLand` land units after everything else.
 */
function pick(units: U[], hits: number, eligible: (u: U) => boolean, value: (u: U) => number, choices: { keepLast?: UnitType[]; keepLand?: number } = {}): U[] {
  const left = units.map((u) => ({ ...u }));
  for (let h = 0; h < hits; h++) {
    const cands = left.filter(eligible);
    if (cands.length === 0) break;
    const bb = cands.find((u) => u.type === "battleship" && u.damage === 0);
    if (bb) {
      bb.damage = 1;
      continue;
    }
    const landLeft = left.filter((u) => isLand(u.type)).length;
    const kept = (u: U) => (choices.keepLand && isLand(u.type) && landLeft <= choices.keepLand ? 1 : 0);
    const last = (u: U) => (choices.keepLast ?? []).indexOf(u.type) + 1;
    cands.sort(
      (x, y) =>
        kept(x) - kept(y) ||
        last(x) - last(y) ||
        UNIT_STATS[x.type].cost - UNIT_STATS[y.type].cost ||
        value(x) - value(y) ||
        UNIT_TYPES.indexOf(x.type) - UNIT_TYPES.indexOf(y.type) ||
        NATIONS.indexOf(y.nation) - NATIONS.indexOf(x.nation),
    );
    left.splice(left.indexOf(cands[0]!), 1);
  }
  return left;
}

function key(s: S): string {
  const k = (us: U[]) =>
    us
      .map((u) => `${u.nation}/${u.type}/${u.damage}`)
      .sort()
      .join(",");
  return `${k(s.a)}|${k(s.d)}|${k(s.aOut)}|${k(s.dOut)}|${s.round}`;
}

/** One end of the battle for `onEnd`: A attacker won, D defender won, N both destroyed, T draw, W withdrew; units left per side (withdrawn ones included). */
export type ReferenceEnd = (win: "A" | "D" | "N" | "T" | "W", attacker: UnitType[], defender: UnitType[], p: number) => void;

export function reference(input: OddsInput, onEnd?: ReferenceEnd): Reference {
  const lowLuck = input.lowLuck ?? false;
  // R6.4: a side's first `damaged[nation]` battleships start the battle damaged.
  const units = (f: OddsInput["attacker"], damaged: Partial<Record<Nation, number>> = {}) =>
    Object.entries(f).flatMap(([nation, c]) =>
      Object.entries(c ?? {}).flatMap(([type, n]) =>
        type === "aaGun" ? [] : Array.from({ length: n ?? 0 }, (_, i) => ({ nation: nation as Nation, type: type as UnitType, damage: type === "battleship" && i < (damaged[nation as Nation] ?? 0) ? 1 : 0 })),
      ),
    );
  const aValue = (u: U) => UNIT_STATS[u.type].attack;
  const dValue = (u: U) => UNIT_STATS[u.type].defense;
  // Attack values with R6.5 support.
  const attackValues = (us: U[]) => {
    let art = us.filter((u) => u.type === "artillery").length;
    return us.map((u) => (u.type === "infantry" && art-- > 0 ? aValue(u) + 1 : aValue(u)));
  };
  type Dist = Map<string, number>; // outcome key → probability
  const memo = new Map<string, { dist: Dist; rounds: number }>();
  const ac = input.attackerChoices ?? {};
  const dc = input.defenderChoices ?? {};
  const lastRule = Math.max(ac.withdrawAirAfter ?? 0, ac.submergeAfter ?? 0, dc.withdrawAirAfter ?? 0, dc.submergeAfter ?? 0);
  const from = (n: number | undefined, r: number) => n !== undefined && r >= n;

  const outcome = (win: string, a: U[], d: U[]): string => JSON.stringify([win, [...a].map((u) => u.type).sort(), [...d].map((u) => u.type).sort()]);

  const solve = (s: S): { dist: Dist; rounds: number } => {
    const k = key(s);
    const hit = memo.get(k);
    if (hit) return hit;
    let result: { dist: Dist; rounds: number };
    const hurts = (x: U[], y: U[], v: (u: U) => number) => x.some((u) => v(u) > 0 && (u.type === "submarine" ? y.some((t) => isShip(t.type)) : y.length > 0));
    const allA = [...s.a, ...s.aOut];
    const allD = [...s.d, ...s.dOut];
    if (s.a.length === 0 || s.d.length === 0) {
      const win = s.a.length > 0 ? "A" : s.d.length > 0 ? (s.aOut.length > 0 ? "W" : "D") : "N";
      result = { dist: new Map([[outcome(win, allA, allD), 1]]), rounds: 0 };
    } else if (!hurts(s.a, s.d, aValue) && !hurts(s.d, s.a, dValue)) {
      result = { dist: new Map([[outcome("T", allA, allD), 1]]), rounds: 0 };
    } else if (!hurts(s.d, s.a, dValue)) {
      result = { dist: new Map([[outcome("A", allA, [...s.dOut, ...s.d.filter((u) => u.type === "submarine")]), 1]]), rounds: 0 };
    } else if (!hurts(s.a, s.d, aValue)) {
      result = { dist: new Map([[outcome("D", [...s.aOut, ...s.a.filter((u) => u.type === "submarine")], allD), 1]]), rounds: 0 };
    } else {
      // One round (R6.3), every outcome.
      const next = new Map<string, { s: S; p: number }>();
      const aDestroyer = s.a.some((u) => u.type === "destroyer");
      const dDestroyer = s.d.some((u) => u.type === "destroyer");
      const aSubs = s.a.filter((u) => u.type === "submarine");
      const dSubs = s.d.filter((u) => u.type === "submarine");
      for (const [ha, pa] of rolls(aSubs.map(aValue), lowLuck)) {
        for (const [hd, pd] of rolls(dSubs.map(dValue), lowLuck)) {
          const a1 = pick(s.a, hd, (u) => isShip(u.type), aValue, ac);
          const d1 = pick(s.d, ha, (u) => isShip(u.type), dValue, dc);
          const aFire = (aDestroyer ? s.a : a1).filter((u) => u.type !== "submarine");
          const dFire = (dDestroyer ? s.d : d1).filter((u) => u.type !== "submarine");
          for (const [ga, qa] of rolls(attackValues(aFire).filter((v) => v > 0), lowLuck)) {
            for (const [gd, qd] of rolls(dFire.map(dValue).filter((v) => v > 0), lowLuck)) {
              let a2 = pick(a1, gd, () => true, aValue, ac);
              let d2 = pick(d1, ga, () => true, dValue, dc);
              const r = s.round + 1;
              const aOut = [...s.aOut];
              const dOut = [...s.dOut];
              const [a2b, d2b] = [a2, d2];
              if (d2b.length > 0) {
                if (from(ac.withdrawAirAfter, r)) (aOut.push(...a2.filter((u) => isAir(u.type))), (a2 = a2.filter((u) => !isAir(u.type))));
                if (from(ac.submergeAfter, r) && !d2b.some((u) => u.type === "destroyer"))
                  (aOut.push(...a2.filter((u) => u.type === "submarine")), (a2 = a2.filter((u) => u.type !== "submarine")));
              }
              if (a2b.length > 0) {
                if (from(dc.withdrawAirAfter, r)) (dOut.push(...d2.filter((u) => isAir(u.type))), (d2 = d2.filter((u) => !isAir(u.type))));
                if (from(dc.submergeAfter, r) && !a2b.some((u) => u.type === "destroyer"))
                  (dOut.push(...d2.filter((u) => u.type === "submarine")), (d2 = d2.filter((u) => u.type !== "submarine")));
              }
              const n: S = { a: a2, d: d2, aOut, dOut, round: Math.min(r, lastRule) };
              const nk = key(n);
              const e = next.get(nk);
              const p = pa * pd * qa * qd;
              if (e) e.p += p;
              else next.set(nk, { s: n, p });
            }
          }
        }
      }
      const stay = next.get(k)?.p ?? 0;
      next.delete(k);
      const dist: Dist = new Map();
      let rounds = 1 / (1 - stay);
      for (const { s: n, p } of next.values()) {
        const sub = solve(n);
        const w = p / (1 - stay);
        rounds += w * sub.rounds;
        for (const [o, q] of sub.dist) dist.set(o, (dist.get(o) ?? 0) + w * q);
      }
      result = { dist, rounds };
    }
    memo.set(k, result);
    return result;
  };

  // R5.1 and R5.5 before the battle, enumerated die by die too.
  const starts: { s: S; p: number }[] = [];
  const a0 = units(input.attacker, input.damaged?.attacker);
  const d0 = units(input.defender, input.damaged?.defender);
  // R5.1 on the way: each flight's aircraft, fired at territory after territory, its own cheapest lost.
  let flown: { a: U[]; p: number }[] = [{ a: [...a0], p: 1 }];
  for (const f of input.flights ?? []) {
    let mine: { u: U[]; p: number }[] = [{ u: units({ [f.nation]: f.aircraft }), p: 1 }];
    for (let t = 0; t < f.aaFire; t++)
      mine = mine.flatMap(({ u, p }) => rolls(u.map(() => 1), lowLuck).map(([h, q]) => ({ u: pick(u, h, () => true, aValue), p: p * q })));
    flown = flown.flatMap(({ a, p }) => {
      const rest = [...a];
      for (const u of units({ [f.nation]: f.aircraft })) rest.splice(rest.findIndex((x) => x.nation === u.nation && x.type === u.type && x.damage === 0), 1);
      return mine.map(({ u, p: q }) => ({ a: [...rest, ...u], p: p * q }));
    });
  }
  const aa = input.aa && !input.sea && Object.values(input.defender).some((c) => (c?.aaGun ?? 0) > 0);
  const bbRolls = input.bombard ? rolls(Array.from({ length: input.bombard }, () => UNIT_STATS.battleship.attack), lowLuck) : [[0, 1] as [number, number]];
  for (const { a, p: f } of flown) {
    const aaRolls = aa ? rolls(a.filter((u) => isAir(u.type)).map(() => 1), lowLuck) : [[0, 1] as [number, number]];
    for (const [h, p] of aaRolls)
      for (const [b, q] of bbRolls) starts.push({ s: { a: pick(a, h, (u) => isAir(u.type), aValue), d: pick(d0, b, () => true, dValue, input.defenderChoices), aOut: [], dOut: [], round: 0 }, p: f * p * q });
  }

  const ref: Reference = { attackerWins: 0, defenderWins: 0, bothDestroyed: 0, draw: 0, attackerWithdrew: 0, taken: 0, expectedRounds: 0, survivors: { attacker: {}, defender: {} } };
  const typesA = [...new Set(a0.map((u) => u.type))];
  const typesD = [...new Set(d0.map((u) => u.type))];
  for (const { s, p } of starts) {
    // The R6.10 end of a battle whose units stand: only the rounds played count.
    const { dist, rounds } = solve(s);
    ref.expectedRounds += p * rounds;
    for (const [o, q] of dist) {
      const [win, a, d] = JSON.parse(o) as [string, UnitType[], UnitType[]];
      const m = p * q;
      onEnd?.(win as "A", a, d, m);
      if (win === "A") ref.attackerWins += m;
      if (win === "D") ref.defenderWins += m;
      if (win === "N") ref.bothDestroyed += m;
      if (win === "T") ref.draw += m;
      if (win === "W") ref.attackerWithdrew += m;
      if (win === "A" && !input.sea && s.a.length > 0 && a.some(isLand)) {
        // taken needs a land unit *in* the battle: withdrawn air never takes, and land never withdraws.
        ref.taken += m;
      }
      for (const [types, left, out] of [
        [typesA, a, ref.survivors.attacker],
        [typesD, d, ref.survivors.defender],
      ] as const) {
        for (const t of types) {
          const n = left.filter((x) => x === t).length;
          const dist2 = (out[t] ??= []);
          while (dist2.length <= n) dist2.push(0);
          dist2[n]! += m;
        }
      }
    }
  }
  return ref;
}
