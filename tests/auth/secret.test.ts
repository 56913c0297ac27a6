import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { resolveAuthSecret } from "../../server/auth/secret";

const dirs: string[] = [];
const scratch = () => {
  const d = mkdtempSync(join(tmpdir(), "lockstep-secret-"));
  dirs.push(d);
  return d;
};
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

describe("resolveAuthSecret", () => {
  it("uses AUTH_SECRET when it is set", () => {
    expect(resolveAuthSecret({ secret: "s3cret", nodeEnv: "production" })).toBe("s3cret");
  });

  it("refuses to run in production without AUTH_SECRET", () => {
    expect(() => resolveAuthSecret({ nodeEnv: "production", file: join(scratch(), "x") })).toThrow(/AUTH_SECRET is not set/);
  });

  it("in development makes a secret once, keeps it in the file and reuses it", () => {
    const file = join(scratch(), "nested", "auth-secret");
    const first = resolveAuthSecret({ nodeEnv: "development", file });
    expect(first.length).toBeGreaterThanOrEqual(40);
    expect(readFileSync(file, "utf8").trim()).toBe(first);
    expect(resolveAuthSecret({ nodeEnv: "development", file })).toBe(first);
  });
});
