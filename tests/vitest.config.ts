import { defineConfig } from "vitest/config";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("..", import.meta.url));

export default defineConfig({
  root,
  resolve: { alias: { "@": root } },
  test: {
    include: ["tests/**/*.test.ts"],
    globalSetup: ["tests/support/global-setup.ts"],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // expect.poll's own default gives up after one second. On a loaded two-core machine a page's
    // refetch after a click can take longer than that, so a poll waits up to 30 s unless it says
    // otherwise; a poll that holds sooner returns at once, so passing runs are no slower.
    expect: { poll: { timeout: 30_000 } },
    environment: "node",
    pool: "threads",
    // Two files at a time even on a two-core machine (vitest's default there is one): a browser file
    // spends most of its time waiting on its own server and Chromium, other processes, so a second
    // file's work fits in that wait. Browser set-up allows for waiting on the other file's build.
    maxWorkers: 2,
  },
});
