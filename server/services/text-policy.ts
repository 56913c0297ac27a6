// The one policy for text a user writes (display names, game names, press messages and report
// reasons, and every other string the API takes): NFC-normalised, and free of characters that are
// not what they look like. Bidirectional controls reorder what follows them ("\u202Egnp.exe" shows as
// "exe.png" in a game header or a mail subject), invisible characters make two equal-looking names
// differ or hide text, controls and lone surrogates are not text at all (Postgres refuses NUL). Each
// refusal names the character, so the writer can find it. Pure: no I/O.

/** Names of the characters refused most often, as the Unicode standard names them. */
const NAMES: Record<number, string> = {
  0x0000: "NULL",
  0x0009: "CHARACTER TABULATION",
  0x000a: "LINE FEED",
  0x000d: "CARRIAGE RETURN",
  0x001b: "ESCAPE",
  0x007f: "DELETE",
  0x0085: "NEXT LINE",
  0x00ad: "SOFT HYPHEN",
  0x034f: "COMBINING GRAPHEME JOINER",
  0x061c: "ARABIC LETTER MARK",
  0x115f: "HANGUL CHOSEONG FILLER",
  0x1160: "HANGUL JUNGSEONG FILLER",
  0x17b4: "KHMER VOWEL INHERENT AQ",
  0x17b5: "KHMER VOWEL INHERENT AA",
  0x180e: "MONGOLIAN VOWEL SEPARATOR",
  0x200b: "ZERO WIDTH SPACE",
  0x200c: "ZERO WIDTH NON-JOINER",
  0x200d: "ZERO WIDTH JOINER",
  0x200e: "LEFT-TO-RIGHT MARK",
  0x200f: "RIGHT-TO-LEFT MARK",
  0x2028: "LINE SEPARATOR",
  0x2029: "PARAGRAPH SEPARATOR",
  0x202a: "LEFT-TO-RIGHT EMBEDDING",
  0x202b: "RIGHT-TO-LEFT EMBEDDING",
  0x202c: "POP DIRECTIONAL FORMATTING",
  0x202d: "LEFT-TO-RIGHT OVERRIDE",
  0x202e: "RIGHT-TO-LEFT OVERRIDE",
  0x2060: "WORD JOINER",
  0x2061: "FUNCTION APPLICATION",
  0x2062: "INVISIBLE TIMES",
  0x2063: "INVISIBLE SEPARATOR",
  0x2064: "INVISIBLE PLUS",
  0x2066: "LEFT-TO-RIGHT ISOLATE",
  0x2067: "RIGHT-TO-LEFT ISOLATE",
  0x2068: "FIRST STRONG ISOLATE",
  0x2069: "POP DIRECTIONAL ISOLATE",
  0x3164: "HANGUL FILLER",
  0xfeff: "ZERO WIDTH NO-BREAK SPACE",
  0xffa0: "HALFWIDTH HANGUL FILLER",
  0xfff9: "INTERLINEAR ANNOTATION ANCHOR",
  0xfffa: "INTERLINEAR ANNOTATION SEPARATOR",
  0xfffb: "INTERLINEAR ANNOTATION TERMINATOR",
  0xe0001: "LANGUAGE TAG",
  0xe007f: "CANCEL TAG",
};

// Refused: controls (Cc), format characters (Cf: bidi marks, embeddings, overrides and isolates, zero
// widths, joiners, tags, the byte order mark), lone surrogates (Cs), private use (Co), unassigned (Cn),
// line and paragraph separators (Zl, Zp), and letters and marks that draw nothing (the fillers).
const REFUSED = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\u034f\u115f\u1160\u17b4\u17b5\u3164\uffa0]/u;
const REFUSED_MULTILINE = /[\p{Cs}\p{Co}\p{Cn}\p{Cf}\p{Zl}\p{Zp}\u0000-\u0008\u000b-\u001f\u007f-\u009f\u034f\u115f\u1160\u17b4\u17b5\u3164\uffa0]/u;

function label(code: number): string {
  const hex = `U+${code.toString(16).toUpperCase().padStart(4, "0")}`;
  const name = NAMES[code];
  if (name) return `${hex} ${name}`;
  if (code >= 0xe0020 && code <= 0xe007e) return `${hex} (an invisible tag character)`;
  if (code >= 0xd800 && code <= 0xdfff) return `${hex} (half of a character: a lone surrogate)`;
  if (code < 0x20 || (code >= 0x7f && code <= 0x9f)) return `${hex} (a control character)`;
  if (/\p{Co}/u.test(String.fromCodePoint(code))) return `${hex} (a private-use character)`;
  if (/\p{Cn}/u.test(String.fromCodePoint(code))) return `${hex} (an unassigned character)`;
  return `${hex} (an invisible formatting character)`;
}

export type TextOptions = { multiline?: boolean };

/** The text as stored: NFC, so one name has one spelling (a decomposed "é" is the composed one). */
export function normalizeUserText(s: string): string {
  return s.normalize("NFC");
}

/**
 * Why `s` may not be stored as `what` ("a game name", "the message"), naming the first refused
 * character, or null. Multi-line text (press) keeps tabs and line feeds; one-line text refuses them.
 */
export function userTextProblem(s: string, what: string, options: TextOptions = {}): string | null {
  const match = (options.multiline ? REFUSED_MULTILINE : REFUSED).exec(s);
  if (!match) return null;
  return `${label(match[0].codePointAt(0)!)} is not allowed in ${what}`;
}
