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

  it("refuses paths whose dot segments resolve to another site (issue 20)", () => {
    const bad = [
      "/..//evil.example/",
      "/.//evil.example",
      "/lobby/..//evil.example",
      "/lobby/../..//evil.example/x?y=1",
      "/./..//evil.example",
      "/%2e%2e//evil.example",
      "/%2E%2E//evil.example",
      "/%2e//evil.example",
      "/lobby/%2e%2e//evil.example",
      "/lobby/.%2e//evil.example",
      "/lobby/%2e.//evil.example",
      "/a/b/../../..//evil.example",
      "/..\\/evil.example",
      "/.\\\\evil.example",
      "/..\t//evil.example",
      "/..//\tevil.example",
      "/..///evil.example",
    ];
    for (const value of bad) {
      const path = safeCallbackPath(value);
      expect(path, value).toBe("/lobby");
    }
  });

  it("whatever it answers stays on this site when a browser follows it", () => {
    const tricky = ["/.", "/..", "/a/..", "/a/./b", "/a/../b", "/%2e%2e/lobby", "/%252e%252e//evil.example", "/a//b", "/%2e%2e/%2fevil.example", "/..%2f/evil.example", "/?next=//evil.example", "/#//evil.example"];
    for (const value of tricky) {
      const path = safeCallbackPath(value);
      expect(path.startsWith("//"), `${value} -> ${path}`).toBe(false);
      expect(path.startsWith("/\\"), `${value} -> ${path}`).toBe(false);
      expect(new URL(path, "https://lockstep.example").origin, value).toBe("https://lockstep.example");
    }
    expect(safeCallbackPath("/a/../b")).toBe("/b");
    expect(safeCallbackPath("/a//b")).toBe("/a//b");
  });
});
