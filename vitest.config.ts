import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    // Password hashes at a test cost (tests/fixtures/password-cost.ts): only here, never in a build.
    alias: [
      {
        find: /^\.\/password-cost\.ts$/,
        replacement: new URL("tests/fixtures/password-cost.ts", import.meta.url).pathname,
      },
    ],
  },
  test: {
    // Two projects, one suite. The storefront's server modules read the process environment
    // once and keep the bundled API and the store-API client as singletons, so their tests (which
    // set the environment per file) each get a fresh module graph. Everything else (the store
    // API over its own test database, the shared rules in core/, the database code) shares one
    // module graph per worker: importing the API and Kysely afresh for every file took over
    // half of the suite's time.
    projects: [
      {
        extends: true,
        test: {
          name: "isolated",
          include: ["app/**/*.server.test.ts", "app/.server/**/*.test.ts", "server/**/*.test.ts"],
        },
      },
      {
        extends: true,
        test: {
          name: "shared",
          include: [
            "app/**/*.test.ts",
            "api/**/*.test.ts",
            "db/**/*.test.ts",
            "core/**/*.test.ts",
            "tests/unit/**/*.test.ts",
          ],
          exclude: ["app/**/*.server.test.ts", "app/.server/**"],
          isolate: false,
        },
      },
    ],
    environment: "node",
    pool: "forks",
    // A guard against a hung test, not a speed check: a test that hashes many passwords with
    // the slow KDF took over 5 s (the default) on a busy 2-core machine and failed by chance.
    testTimeout: 30_000,
    // Every client error of the store API logs one warning line (api/errors.ts), so the API
    // tests would print hundreds; a test that cares spies on console.warn.
    onConsoleLog: (log) => !/^\[api\] 4\d\d /.test(log),
  },
});
