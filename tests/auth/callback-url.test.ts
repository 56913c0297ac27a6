import { describe, expect, it } from "vitest";
import { safeCallbackPath } from "../../server/auth/callback-url";

describe("safeCallbackPath", () => {
  it("keeps paths on this site", () => {
    expect(safeCallbackPath("/games/12?tab=orders")).toBe("/games/12?tab=orders");
    expect(safeCallbackPath("/game/3/turn/2#battle-1")).toBe("/game/3/turn/2#battle-1");
  });

  it("sends anything else to the lobby", () => {
    for (const bad of [undefined, null, "", "lobby", "https://evil.example/", "//evil.example/x", "/\\evil.example", ["/a"]]) {
      expect(safeCallbackPath(bad)).toBe("/lobby");
    }
  });

  it("refuses paths a browser would turn into another site (tab, newline, CR dropped)", () => {
    for (const bad of ["/\t/evil.example/", "/\n/evil.example/", "/\r/evil.example/", "/\t\\evil.example", "/ /evil.example"]) {
      expect(safeCallbackPath(bad)).toBe("/lobby");
    }
  });

  it("answers only values that are valid in a Location header", () => {
    for (const odd of ["/lobby\n", "/lobby\r\nSet-Cookie: x=1", "/\u3000", "/lobby\u3000x", "/\u0000", "/\u2028"]) {
      const path = safeCallbackPath(odd);
      expect(path).toBe("/lobby");
    }
    // Non-ASCII that is no space is kept, percent-encoded.
    expect(safeCallbackPath("/game/1?name=Ödland")).toBe("/game/1?name=%C3%96dland");
    for (const v of ["/game/1?name=Ödland", "/a/../b", "/%2F%2Fevil.example"]) {
      const path = safeCallbackPath(v);
      expect(path).toMatch(/^\/[\x21-\x7e]*$/);
      expect(new URL(path, "https://lockstep.example").origin).toBe("https://lockstep.example");
    }
  });
});
