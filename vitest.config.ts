import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/** `~/…` is app/, `~test/…` is tests/support/ (as in tsconfig.json); the browser config uses it too. */
export const resolve = {
  alias: {
    "~": fileURLToPath(new URL("./app", import.meta.url)),
    "~test": fileURLToPath(new URL("./tests/support", import.meta.url)),
  },
};

export default defineConfig({
  resolve,
  test: {
    include: ["app/**/*.test.ts", "tests/**/*.test.ts"],
    exclude: ["tests/e2e/**", "node_modules/**"],
    environment: "node",
    pool: "forks",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    setupFiles: ["tests/setup/fail-on-console.ts"],
  },
});
