import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["app/**/*.test.ts", "api/**/*.test.ts", "db/**/*.test.ts", "tests/unit/**/*.test.ts"],
    environment: "node",
    pool: "forks",
  },
});
