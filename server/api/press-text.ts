// Text a player writes in press (messages, report reasons): plain text over several lines, so, unlike
// input.ts's one-line text, tabs and line breaks are kept; otherwise the one text policy
// (server/services/text-policy.ts): NFC, no other controls, NUL, lone surrogates, bidi controls or
// invisible characters that would disguise it.
import { z } from "zod";
import { normalizeUserText, userTextProblem } from "../services/text-policy";

export function messageText(what: string, max: number) {
  const where = what.charAt(0).toLowerCase() + what.slice(1);
  return z
    .string()
    .max(max * 2) // before normalising: a bound on what is read at all
    .transform((s) => normalizeUserText(s.replace(/\r\n?/g, "\n")).trim())
    .pipe(
      z
        .string()
        .min(1, `${what} is empty`)
        .max(max, `${what} is longer than ${max} characters`)
        .superRefine((s, ctx) => {
          const problem = userTextProblem(s, where, { multiline: true });
          if (problem) ctx.addIssue({ code: "custom", message: problem });
        }),
    );
}
