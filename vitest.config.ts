import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["app/**/*.test.ts", "api/**/*.test.ts", "db/**/*.test.ts", "tests/unit/**/*.test.ts"],
    environment: "node",
    pool: "forks",
    // A guard against a hung test, not a speed check: a test that hashes many passwords with
    // the slow KDF took over 5 s (the default) on a busy 2-core machine and failed by chance.
    testTimeout: 30_000,
    // Same for beforeAll hooks that sign customers up: scrypt at OWASP's cost (api/accounts/passwords.ts).
    hookTimeout: 30_000,
  },
});
