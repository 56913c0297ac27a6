// One policy for every text a user writes (issue 20): display names, game names, press messages and
// report reasons are NFC-normalised, and bidirectional controls and invisible characters are refused
// with a 400 naming the character ("\u202Egnp.exe" would show as "exe.png" in the game header and in
// mail subjects), changing nothing.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import type { DbHandle } from "../../db/client";
import { games, pressMessages } from "../../db/schema";
import { userTextProblem } from "../../server/services/text-policy";
import { testDb } from "../support/db";
import { QUICK, callerFor, makeUser } from "../support/world";
import { pressGame, publicId } from "./press-world";

let handle: DbHandle;
beforeAll(async () => {
  handle = await testDb();
});
afterAll(async () => {
  await handle.close();
});

/** Each refused character with the words its 400 must carry. */
const REFUSED: [string, string][] = [
  ["\u202E", "U+202E RIGHT-TO-LEFT OVERRIDE"],
  ["\u202D", "U+202D LEFT-TO-RIGHT OVERRIDE"],
  ["\u202A", "U+202A LEFT-TO-RIGHT EMBEDDING"],
  ["\u2066", "U+2066 LEFT-TO-RIGHT ISOLATE"],
  ["\u2067", "U+2067 RIGHT-TO-LEFT ISOLATE"],
  ["\u2068", "U+2068 FIRST STRONG ISOLATE"],
  ["\u2069", "U+2069 POP DIRECTIONAL ISOLATE"],
  ["\u200E", "U+200E LEFT-TO-RIGHT MARK"],
  ["\u200F", "U+200F RIGHT-TO-LEFT MARK"],
  ["\u061C", "U+061C ARABIC LETTER MARK"],
  ["\u200B", "U+200B ZERO WIDTH SPACE"],
  ["\u200C", "U+200C ZERO WIDTH NON-JOINER"],
  ["\u200D", "U+200D ZERO WIDTH JOINER"],
  ["\u2060", "U+2060 WORD JOINER"],
  ["\u00AD", "U+00AD SOFT HYPHEN"],
  ["\uFEFF", "U+FEFF ZERO WIDTH NO-BREAK SPACE"],
  ["\u2028", "U+2028 LINE SEPARATOR"],
  ["\u2029", "U+2029 PARAGRAPH SEPARATOR"],
  ["\u3164", "U+3164 HANGUL FILLER"],
  ["\u{E0041}", "U+E0041 (an invisible tag character)"],
  ["\u{E0001}", "U+E0001 LANGUAGE TAG"],
  ["\u{E007F}", "U+E007F CANCEL TAG"],
  ["\uE000", "U+E000 (a private-use character)"],
  ["\u0007", "U+0007 (a control character)"],
  ["\u0000", "U+0000 NULL"],
  ["\u0085", "U+0085 NEXT LINE"],
];

describe("the text policy", () => {
  it("names the first refused character, and keeps ordinary text of every script", () => {
    for (const [ch, words] of REFUSED) {
      expect(userTextProblem(`a${ch}b`, "the message", { multiline: true }), JSON.stringify(ch)).toContain(`${words}`);
      expect(userTextProblem(`a${ch}b`, "the message", { multiline: true }), JSON.stringify(ch)).toContain("is not allowed in the message");
    }
    expect(userTextProblem("\u202Egnp.exe", "a game name")).toBe("U+202E RIGHT-TO-LEFT OVERRIDE is not allowed in a game name");
    expect(userTextProblem("half \uD83D", "a game name")).toContain("U+D83D");
    for (const ok of ["Blitz 🎲 Kursk", "Café", "Москва", "東京", "مرحبا", "שלום", "नमस्ते", "🎖️", "👍🏽", "Ödland"]) {
      expect(userTextProblem(ok, "a game name"), ok).toBeNull();
    }
    expect(userTextProblem("two\nlines\tand a tab", "the message", { multiline: true })).toBeNull();
    expect(userTextProblem("two\nlines", "a game name")).toContain("U+000A");
  });
});

describe("every user-written text keeps to it", () => {
  it("game names: refused with a 400 naming the character, nothing created; NFC-normalised", async () => {
    const alice = callerFor(handle, await makeUser(handle, `tp-alice-${Math.random()}@example.com`));
    const before = (await handle.db.select({ id: games.id }).from(games)).length;
    for (const [ch, words] of [...REFUSED, ["\u202Egnp.exe", "U+202E RIGHT-TO-LEFT OVERRIDE"] as [string, string]]) {
      const name = ch.length > 2 ? ch : `War${ch}game`;
      await expect(alice.game.create({ name, nations: ["Germany"], robots: [], ...QUICK }), JSON.stringify(name)).rejects.toMatchObject({
        code: "BAD_REQUEST",
        message: expect.stringContaining(`${words}`),
      });
    }
    expect((await handle.db.select({ id: games.id }).from(games)).length).toBe(before);
    const { gameId } = await alice.game.create({ name: "Cafe\u0301 crème", nations: ["Germany"], robots: [], ...QUICK });
    expect((await alice.game.get({ gameId })).game.name).toBe("Caf\u00e9 cr\u00e8me");
  });

  it("display names: refused with a 400 naming the character; NFC-normalised", async () => {
    const dora = callerFor(handle, await makeUser(handle, `tp-dora-${Math.random()}@example.com`));
    await dora.settings.setName({ name: "Dora" });
    for (const [ch, words] of REFUSED) {
      await expect(dora.settings.setName({ name: `Do${ch}ra` }), JSON.stringify(ch)).rejects.toMatchObject({
        code: "BAD_REQUEST",
        message: expect.stringContaining(`${words}`),
      });
    }
    expect((await dora.settings.get()).name).toEqual({ displayName: "Dora", chosen: true });
    expect((await dora.settings.setName({ name: "Zoe\u0308" })).displayName).toBe("Zo\u00eb");
  });

  it("press messages and report reasons: refused with a 400 naming the character; NFC-normalised", async () => {
    const { gameId, as } = await pressGame(handle);
    const channelId = await publicId(as.alice, gameId);
    const sent = await as.alice.press.send({ gameId, nation: "Germany", channelId, text: "Line one\nline two\tTab. Cafe\u0301" });
    expect(sent.text).toBe("Line one\nline two\tTab. Caf\u00e9");
    const tooMany = REFUSED.slice(0, 9);
    for (const [ch, words] of tooMany) {
      await expect(as.bob.press.send({ gameId, nation: "Japan", channelId, text: `attack ${ch}now` }), JSON.stringify(ch)).rejects.toMatchObject({
        code: "BAD_REQUEST",
        message: expect.stringContaining(`${words} is not allowed in the message`),
      });
    }
    for (const [ch, words] of REFUSED.slice(9)) {
      await expect(as.bob.press.report({ gameId, messageId: sent.id, reason: `spam ${ch} here` }), JSON.stringify(ch)).rejects.toMatchObject({
        code: "BAD_REQUEST",
        message: expect.stringContaining(`${words} is not allowed in the reason`),
      });
    }
    const stored = await handle.db.select().from(pressMessages).where(eq(pressMessages.gameId, gameId));
    expect(stored.map((m) => m.text)).toEqual(["Line one\nline two\tTab. Caf\u00e9"]);
  });
});
