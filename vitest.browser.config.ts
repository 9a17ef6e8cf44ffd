import { defineConfig } from "vitest/config";
import { resolve } from "./vitest.config";

/** Browser tests: Debian's Chromium driven by playwright-core against the built app. */
export default defineConfig({
  resolve,
  test: {
    include: ["tests/e2e/**/*.e2e.test.ts"],
    environment: "node",
    pool: "forks",
    fileParallelism: false,
    testTimeout: 90_000,
    hookTimeout: 90_000,
  },
});
