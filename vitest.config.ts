import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: [
      { find: "~", replacement: fileURLToPath(new URL("./app", import.meta.url)) },
      // The ES module Node itself loads for react-router (its "module-sync" export), as
      // @react-router/express gets it: left to the default, a test imports the CommonJS copy
      // as well, and the app's context is not an instance of the RouterContextProvider the
      // adapter checks for.
      { find: /^react-router$/, replacement: fileURLToPath(new URL("./node_modules/react-router/dist/development/index.mjs", import.meta.url)) },
    ],
  },
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
