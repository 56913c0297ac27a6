// Shared input shapes every router builds on, so bad input is a typed BAD_REQUEST that names the
// problem before any service (or SQL) sees it: ids bounded to the 32-bit columns they address, and
// text without control characters, NUL or lone surrogates (Postgres refuses NUL in text, and a lone
// surrogate is not Unicode; either used to reach the database and come back as a 500).
import { z } from "zod";

/** The largest value of a Postgres int4 (serial) column. */
export const INT4_MAX = 2 ** 31 - 1;

/** A row id of a serial column: 1 .. 2^31-1. */
export const rowId = z.number().int().min(1).max(INT4_MAX);

/** A whole number stored in an int4 column (turns, rounds, counts), from `min` up to 2^31-1 or `max`. */
export const int4 = (min = 0, max = INT4_MAX) => z.number().int().min(min).max(max);

// C0 and C1 controls and DEL, including NUL; tab and newlines are refused too (no input is multi-line).
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
// A high surrogate not followed by a low one, or a low one not preceded by a high one.
export const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Why `s` is not acceptable text, or null. */
export function textProblem(s: string): string | null {
  if (CONTROL.test(s)) return "must not contain control characters";
  if (LONE_SURROGATE.test(s)) return "must be valid Unicode text";
  return null;
}

/** Adds the text check to a string schema (after its own checks, e.g. trim and length). */
export const plainText = (schema: z.ZodString) =>
  schema.superRefine((s, ctx) => {
    const problem = textProblem(s);
    if (problem) ctx.addIssue({ code: "custom", message: `Text ${problem}` });
  });

/** Text of `min`..`max` characters without control characters or lone surrogates. */
export const text = (min: number, max: number) => plainText(z.string().min(min).max(max));
