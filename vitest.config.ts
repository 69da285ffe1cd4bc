// Test config: real processes and real git, so generous timeouts and limited parallelism (2 cores).
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    // Builds plugin/dist once when a bundle is missing or older than src (end-to-end tests spawn the built bundles).
    globalSetup: ["test/global-setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
    maxWorkers: 2,
    reporters: process.env.CI ? ["default"] : ["default"],
  },
});
