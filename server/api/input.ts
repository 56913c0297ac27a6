// Shared input shapes every router builds on, so bad input is a typed BAD_REQUEST that names the
// problem before any service (or SQL) sees it: ids bounded to the 32-bit columns they address, and
// text under the one text policy (server/services/text-policy.ts): NFC, no controls, NUL or lone
// surrogates (Postgres refuses NUL in text, and a lone surrogate is not Unicode; either used to reach
// the database and come back as a 500), no bidi controls or invisible characters.
import { z } from "zod";
import { normalizeUserText, userTextProblem } from "../services/text-policy";

/** The largest value of a Postgres int4 (serial) column. */
export const INT4_MAX = 2 ** 31 - 1;

/** A row id of a serial column: 1 .. 2^31-1. */
export const rowId = z.number().int().min(1).max(INT4_MAX);

/** A whole number stored in an int4 column (turns, rounds, counts), from `min` up to 2^31-1 or `max`. */
export const int4 = (min = 0, max = INT4_MAX) => z.number().int().min(min).max(max);

/** Why `s` is not acceptable one-line text (the text policy, server/services/text-policy.ts), or null. */
export function textProblem(s: string, what = "text"): string | null {
  return userTextProblem(s, what);
}

/**
 * One-line text: NFC-normalised first, then `schema`'s own checks (e.g. trim and length) and the text
 * policy, whose refusal names the character and says where (`what`, e.g. "a game name").
 */
export const plainText = (schema: z.ZodString, what = "text") =>
  z
    .string()
    .transform(normalizeUserText)
    .pipe(
      schema.superRefine((s, ctx) => {
        const problem = textProblem(s, what);
        if (problem) ctx.addIssue({ code: "custom", message: problem });
      }),
    );

/** Text of `min`..`max` characters under the text policy. */
export const text = (min: number, max: number) => plainText(z.string().min(min).max(max));

/** Names every JavaScript object already has: as keys they reach Object.prototype instead of data. */
export const RESERVED_KEYS: readonly string[] = ["__proto__", "constructor", "prototype"];

/**
 * Text that becomes an object key on the server (order ids, territory and battle names): the text
 * policy, and none of the reserved names.
 */
export const keyText = (min: number, max: number) =>
  text(min, max).superRefine((s, ctx) => {
    if (RESERVED_KEYS.includes(s)) {
      ctx.addIssue({ code: "custom", message: `The name ${s} is reserved: __proto__, constructor and prototype cannot be ids or names` });
    }
  });
