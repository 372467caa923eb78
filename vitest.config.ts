// Test runner settings: one global setup starts a throwaway redis-server when REDIS_URL is unset.
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts", "clients/typescript/test/**/*.test.ts", "clients/cli/test/**/*.test.ts"],
    globalSetup: ["test/helpers/global-setup.ts"],
    testTimeout: 20_000,
    hookTimeout: 30_000,
    pool: "forks",
  },
});
