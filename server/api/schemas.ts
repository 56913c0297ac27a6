// Input shapes of the API (zod): well-formed or a typed BAD_REQUEST before any service runs.
import { z } from "zod";
import { NATIONS, UNIT_TYPES } from "../rulesets/1942/engine";
import { CASUALTY_PREFERENCES } from "../rulesets/1942/engine/combat/preference";
import { keyText, plainText, rowId } from "./input";
import { botPlayer, decisionHours, platformOptions } from "./platform-options";

export const nation = z.enum(NATIONS);
export const gameId = rowId;
/** A standing casualty preference (R6.6). */
export const casualtyPreference = z.enum(CASUALTY_PREFERENCES);
const territory = keyText(1, 80);
/** An order's id within a nation's draft. */
const orderId = keyText(1, 40);
const unitCounts = z.partialRecord(z.enum(UNIT_TYPES), z.number().int().min(0).max(999));

export const moveOrder = z.strictObject({
  id: orderId,
  units: unitCounts,
  from: territory,
  path: z.array(territory).max(8),
  stealth: z.boolean().optional(),
  load: z.strictObject({ from: territory, units: unitCounts, atStep: z.number().int().min(0).max(8) }).optional(),
  unload: territory.optional(),
  bombard: territory.optional(),
  raid: z.boolean().optional(),
});

export const purchaseOrder = z.strictObject({
  id: orderId,
  type: z.enum(UNIT_TYPES),
  count: z.number().int().min(1).max(99),
  destination: territory,
  from: territory.optional(),
});

// Moves first: most of a saved list is moves, and a union tries its options in order (a failed try
// builds its issues), so this order parses a list in about two thirds of the time.
export const order = z.union([moveOrder, purchaseOrder]);

export const gameNation = z.object({ gameId, nation });

/** orders.destinations: one group (with the path chosen so far) and the draft's earlier orders. */
export const unitGroupQuery = z.object({
  group: z.strictObject({
    from: territory,
    units: unitCounts,
    stealth: z.boolean().optional(),
    via: z.array(territory).max(8).optional(),
    load: z.strictObject({ from: territory, units: unitCounts, atStep: z.number().int().min(0).max(8) }).optional(),
  }),
  earlier: z.array(order).max(300),
});

/** Post-combat choices (R7.1 landings, R7.2 AA gun moves). */
export const postCombatInput = z.object({
  landings: z.array(z.strictObject({ type: z.enum(["fighter", "bomber"]), count: z.number().int().min(1).max(999), from: territory, to: territory })).max(200),
  aaMoves: z.array(z.strictObject({ from: territory, to: territory, count: z.number().int().min(1).max(99) })).max(100),
});

/** A classic 1942 challenge (game.create): its seats by nation, 1942's options, and the platform's (platform-options.ts). */
export const challenge = platformOptions.extend({
  name: plainText(z.string().trim().min(1, "Give the game a name").max(60), "a game name"),
  nations: z.array(nation).min(1, "Pick at least one nation to play").max(5),
  robots: z.array(nation).max(4),
  /** Seats reserved for bot accounts (issue 23), each by the bot's player id or display name. */
  bots: z.array(z.strictObject({ nation, player: botPlayer })).max(4).default([]),
  lowLuck: z.boolean(),
  decisionHours,
  /** Optional house rules (R9); off when absent. */
  houseRules: z
    .strictObject({
      victoryCities: z.boolean().optional(),
      minorVictoryTurn: z.number().int().min(1).max(100).optional(),
      vcInfantry: z.boolean().optional(),
      commerceRaiding: z.boolean().optional(),
    })
    .optional(),
});

/**
 * The public API's 1942 challenge (POST /challenges, play.create1942): game.create's body, which
 * programs written against the API send, played a phase at a time like the lobby's games. Every field
 * is carried onto play.create's (challenge-1942.ts); a field it does not have is a 400 naming it,
 * never silently dropped, since the game it makes is not the classic one the body once made.
 */
export const apiChallenge1942 = z.strictObject({
  ...challenge.shape,
  /** The 1942 ruleset's scenario; it has one, "standard" (the whole board, five nations). */
  scenario: keyText(1, 60).default("standard"),
});
