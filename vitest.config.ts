import { availableParallelism } from "node:os";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";

/** `~/…` is app/, `~test/…` is tests/support/ (as in tsconfig.json); the browser config uses it too. */
export const resolve = {
  alias: {
    "~": fileURLToPath(new URL("./app", import.meta.url)),
    "~test": fileURLToPath(new URL("./tests/support", import.meta.url)),
  },
};

/** Checks that read the source, with no database. */
const SOURCE_CHECKS = ["tests/domain-imports.test.ts", "tests/money-movers.test.ts"];
/** Property tests: long random runs of one capability's rules against a database. */
const PROPERTIES = ["app/**/*.property.server.test.ts"];
const NEVER = ["tests/e2e/**", "node_modules/**"];

/**
 * Three projects, so CI runs each test where it proves something (`.ci/run`): `rules` once, on
 * the embedded run; `database` on both PGlite and PostgreSQL; `properties` once, on PostgreSQL.
 * `npm test` runs all three on whichever database DATABASE_URL names (PGlite when unset).
 */
export default defineConfig({
  resolve,
  test: {
    environment: "node",
    pool: "forks",
    // Vitest's default is one worker fewer than the cores: one at a time on a 2-core machine,
    // where most files wait on a database or a server process. Two keep both cores busy.
    maxWorkers: Math.max(2, availableParallelism()),
    testTimeout: 30_000,
    hookTimeout: 60_000,
    setupFiles: ["tests/setup/fail-on-console.ts"],
    projects: [
      // Pure rules: `*.test.ts` beside pure code (`*.server.test.ts` is a test against a database).
      {
        extends: true,
        test: {
          name: "rules",
          include: ["app/**/*.test.ts", ...SOURCE_CHECKS],
          exclude: [...NEVER, "**/*.server.test.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "database",
          include: ["app/**/*.server.test.ts", "tests/**/*.test.ts"],
          exclude: [...NEVER, ...SOURCE_CHECKS, ...PROPERTIES],
        },
      },
      { extends: true, test: { name: "properties", include: PROPERTIES, exclude: NEVER } },
    ],
  },
});
