// Text a player writes (press messages, report reasons): plain text over several lines, so, unlike
// input.ts's one-line text, tabs and line breaks are kept; no other control characters, no NUL, no
// lone surrogates (input.ts's check), no bidirectional overrides that would disguise it.
import { z } from "zod";
import { LONE_SURROGATE } from "./input";

const CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;

export function messageText(what: string, max: number) {
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
