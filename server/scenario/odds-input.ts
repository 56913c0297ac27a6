// The odds command's file (`npm run odds -- FILE.json`): read and check it. A file error names one
// field, as the scenario reader does; what passes is a battle the calculator can price.
import { z } from "zod";
import type { OddsInput } from "../rulesets/1942/engine/odds";
import { teamOf } from "../rulesets/1942/engine/teams";
import { NATIONS, UNIT_TYPES, type Nation, type UnitType } from "../rulesets/1942/engine/types";
import { isCombatUnit, mediumOf } from "../rulesets/1942/engine/units";

/** Units of one type on one side at most: enough for any board, small enough to answer at once. */
export const MAX_UNITS = 500;

const count = z.number().int().min(0).max(MAX_UNITS);
const counts = z.partialRecord(z.enum(UNIT_TYPES), count);
const forces = z.partialRecord(z.enum(NATIONS), counts);
const round = z.number().int().min(1).max(100);
const choices = z
  .object({
    keepLast: z.array(z.enum(UNIT_TYPES)).max(UNIT_TYPES.length).optional(),
    keepLand: z.number().int().min(0).max(MAX_UNITS).optional(),
    withdrawAirAfter: round.optional(),
    withdrawAirBelow: z.number().min(0).max(1).optional(),
    submergeAfter: round.optional(),
  })
  .strict();

const flight = z.object({ nation: z.enum(NATIONS), aircraft: counts, aaFire: z.number().int().min(0).max(100) }).strict();
const damaged = z.partialRecord(z.enum(NATIONS), count);

export const oddsInputSchema = z
  .object({
    attacker: forces,
    defender: forces,
    sea: z.boolean().optional(),
    lowLuck: z.boolean().optional(),
    aa: z.boolean().optional(),
    bombard: z.number().int().min(0).max(MAX_UNITS).optional(),
    flights: z.array(flight).max(MAX_UNITS).optional(),
    damaged: z.object({ attacker: damaged.optional(), defender: damaged.optional() }).strict().optional(),
    attackerChoices: choices.optional(),
    defenderChoices: choices.optional(),
  })
  .strict();

export type ParsedOdds = { ok: true; input: OddsInput } | { ok: false; error: string };

function path(p: readonly PropertyKey[]): string {
  return p.map((k) => (typeof k === "number" ? `[${k}]` : `.${String(k)}`)).join("").replace(/^\./, "") || "(file)";
}

/** Checks zod cannot: one team per side (R1.1), units that fight where the battle is (R2). */
function check(input: OddsInput): string | undefined {
  const sea = input.sea ?? false;
  for (const role of ["attacker", "defender"] as const) {
    const nations = Object.keys(input[role]) as Nation[];
    const teams = new Set(nations.map(teamOf));
    if (teams.size > 1) return `${role}: nations of both teams on one side (R1.1)`;
    for (const nation of nations) {
      for (const [type, n] of Object.entries(input[role][nation] ?? {}) as [UnitType, number][]) {
        if (!n) continue;
        const field = `${role}.${nation}.${type}`;
        if (type === "factory") return `${field}: a factory is not a unit in battle (R2)`;
        if (type === "aaGun" && (role === "attacker" || sea)) return `${field}: AA guns only fire from the defended land territory (R5.1)`;
        if (!isCombatUnit(type)) continue;
        const medium = mediumOf(type);
        if (sea && medium === "land") return `${field}: land units do not fight at sea (R4.7)`;
        if (!sea && medium === "sea") return `${field}: ships do not fight on land; bombardment is "bombard" (R5.5)`;
      }
    }
  }
  // R5.1 on the way: a flight's aircraft are the attacker's, and no aircraft is in two flights.
  const flown = new Map<string, number>();
  for (const [i, f] of (input.flights ?? []).entries()) {
    for (const [type, n] of Object.entries(f.aircraft) as [UnitType, number][]) {
      if (!n) continue;
      const field = `flights[${i}].aircraft.${type}`;
      if (mediumOf(type) !== "air") return `${field}: only aircraft are fired at on the way (R5.1)`;
      const total = (flown.get(`${f.nation}.${type}`) ?? 0) + n;
      flown.set(`${f.nation}.${type}`, total);
      if (total > (input.attacker[f.nation]?.[type] ?? 0)) return `${field}: more than the attacker's ${f.nation} ${type} (a flight's aircraft are in "attacker")`;
    }
  }
  for (const role of ["attacker", "defender"] as const) {
    for (const [nation, n] of Object.entries(input.damaged?.[role] ?? {}) as [Nation, number][])
      if (n > (input[role][nation]?.battleship ?? 0)) return `damaged.${role}.${nation}: more than its battleships (R6.4)`;
  }
  const a = Object.keys(input.attacker) as Nation[];
  const d = Object.keys(input.defender) as Nation[];
  if (a.length === 0) return "attacker: no nation";
  if (d.length === 0) return "defender: no nation";
  if (teamOf(a[0]!) === teamOf(d[0]!)) return "defender: the defender must be of the other team (R1.1)";
  if (sea && input.bombard) return "bombard: bombardment is for an amphibious assault on land (R5.5)";
  return undefined;
}

export function parseOddsInput(raw: unknown): ParsedOdds {
  const result = oddsInputSchema.safeParse(raw);
  if (!result.success) {
    const issue = result.error.issues[0]!;
    const field = issue.code === "unrecognized_keys" ? path([...issue.path, issue.keys[0]!]) : path(issue.path);
    const message = issue.code === "unrecognized_keys" ? `unknown field "${issue.keys[0]}"` : issue.message;
    return { ok: false, error: `${field}: ${message}` };
  }
  const input = result.data as OddsInput;
  const error = check(input);
  return error ? { ok: false, error } : { ok: true, input };
}

export function parseOddsText(text: string): ParsedOdds {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    return { ok: false, error: `(file): not JSON: ${(e as Error).message}` };
  }
  return parseOddsInput(raw);
}
