// What each nation may choose in post-combat (R7): its air units that must land with the safe places
// each can reach, where the default landing (R7.4) would put them, and its AA guns that may move (R7.2).
// The web app shows these; the choices are still checked by landAircraft and moveAaGuns.
import type { Aftermath } from "../combat-phase";
import type { GameState } from "../state";
import { byNationOrder } from "../teams";
import type { Nation, UnitType } from "../types";
import { airToLand, landAircraft, safe, within } from "./landing";

export interface AirChoice {
  nation: Nation;
  type: UnitType;
  from: string;
  count: number;
  /** Safe places within reach of at least one of these units (R7.1), nearest first. */
  destinations: { to: string; steps: number }[];
  /** Where the default landing (R7.4) puts them; `to` null: scuttled. */
  defaults: { to: string | null; count: number }[];
}

export interface AaGunChoice {
  nation: Nation;
  from: string;
  count: number;
  /** Neighbouring land owned by the nation now and at the start of the turn (R7.2). */
  destinations: string[];
}

export interface PostCombatChoices {
  air: AirChoice[];
  aaGuns: AaGunChoice[];
}

export function postCombatChoices(start: GameState, state: GameState, aftermath: Aftermath): PostCombatChoices {
  const { ctx, toLand, rangeOf } = airToLand(start, state, aftermath);
  const groups = new Map<string, AirChoice>();
  for (const u of toLand) {
    const key = `${u.nation}|${u.type}|${u.at}`;
    let g = groups.get(key);
    if (!g) groups.set(key, (g = { nation: u.nation, type: u.type, from: u.at, count: 0, destinations: [], defaults: [] }));
    g.count += 1;
    for (const { t, d } of within(ctx.board, u.at, rangeOf(u))) {
      if (!safe(ctx, u, t)) continue;
      const known = g.destinations.find((x) => x.to === t);
      if (!known) g.destinations.push({ to: t, steps: d });
      else known.steps = Math.min(known.steps, d);
    }
  }
  for (const l of landAircraft(start, state, aftermath).landings) groups.get(`${l.nation}|${l.type}|${l.from}`)?.defaults.push({ to: l.to, count: l.count });
  const air = [...groups.values()];
  for (const g of air) g.destinations.sort((a, b) => a.steps - b.steps || (a.to < b.to ? -1 : a.to > b.to ? 1 : 0));

  const guns = new Map<string, AaGunChoice>();
  for (const u of state.units) {
    if (u.type !== "aaGun" || u.aboard !== undefined) continue;
    const key = `${u.nation}|${u.at}`;
    const g = guns.get(key);
    if (g) {
      g.count += 1;
      continue;
    }
    const destinations = ctx.board
      .neighbours(u.at)
      .filter((t) => ctx.board.isLand(t) && state.owners[t] === u.nation && start.owners[t] === u.nation)
      .sort();
    guns.set(key, { nation: u.nation, from: u.at, count: 1, destinations });
  }
  const aaGuns = [...guns.values()].filter((g) => g.destinations.length > 0);
  aaGuns.sort((a, b) => byNationOrder(a.nation, b.nation) || (a.from < b.from ? -1 : a.from > b.from ? 1 : 0));
  return { air, aaGuns };
}
