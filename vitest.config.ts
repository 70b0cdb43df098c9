import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    // scrypt at a test cost (tests/fixtures/scrypt-cost.ts): only here, never in a build.
    alias: [
      {
        find: /^\.\/scrypt-cost\.ts$/,
        replacement: new URL("tests/fixtures/scrypt-cost.ts", import.meta.url).pathname,
      },
    ],
  },
  test: {
    include: [
      "app/**/*.test.ts",
      "api/**/*.test.ts",
      "db/**/*.test.ts",
      "server/**/*.test.ts",
      "tests/unit/**/*.test.ts",
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
