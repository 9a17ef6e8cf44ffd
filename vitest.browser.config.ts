import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/** Browser tests: Debian's Chromium driven by playwright-core against the built app. */
export default defineConfig({
  resolve: {
    alias: {
      "~": fileURLToPath(new URL("./app", import.meta.url)),
      "~test": fileURLToPath(new URL("./tests/support", import.meta.url)),
    },
  },
  test: {
    include: ["tests/e2e/**/*.e2e.test.ts"],
    environment: "node",
    pool: "forks",
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 90_000,
  },
});
