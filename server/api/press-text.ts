// Text a player writes (press messages, report reasons): plain text, no control characters (tabs and
// line breaks aside), no NUL, no lone surrogates, no bidirectional overrides that would disguise it.
import { z } from "zod";

const CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function plainText(what: string, max: number) {
  return z
    .string()
    .max(max * 2) // before normalising: a bound on what is read at all
    .transform((s) => s.replace(/\r\n?/g, "\n").trim())
    .pipe(
      z
        .string()
        .min(1, `${what} is empty`)
        .max(max, `${what} is longer than ${max} characters`)
        .refine((s) => !CONTROL.test(s), `${what} has a control character`)
        .refine((s) => !LONE_SURROGATE.test(s), `${what} has a broken character (a lone surrogate)`),
    );
}
