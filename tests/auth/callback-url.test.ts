import { describe, expect, it } from "vitest";
import { safeCallbackPath } from "../../server/auth/callback-url";

describe("safeCallbackPath", () => {
  it("keeps paths on this site", () => {
    expect(safeCallbackPath("/games/12?tab=orders")).toBe("/games/12?tab=orders");
  });

  it("sends anything else to the lobby", () => {
    for (const bad of [undefined, null, "", "lobby", "https://evil.example/", "//evil.example/x", "/\\evil.example", ["/a"]]) {
      expect(safeCallbackPath(bad)).toBe("/lobby");
    }
  });
});
