// Test config: real processes and real git, so generous timeouts and limited parallelism (2 cores); three tiers.
// - unit: core, transcript, agents and report logic in-process (no bundles, no Claude Code): the edit loop, `npm run test:unit`.
// - integration: the built stdio server, hooks and CLI as processes (`npm run test:integration`).
// - slow: the real Claude Code end-to-end, reliability storms, the npm package as installed, and the quick bench (`npm run test:slow`).
// `npm test` (scripts/test.mjs) runs all three, as CI does. A test file belongs to exactly one tier (test/tiers.test.ts).
import { defineConfig } from "vitest/config";

/** Each tier's files. The order matters only for readability: every file must match exactly one tier. */
export const TIERS = {
  unit: [
    "test/core/**/*.test.ts",
    "test/transcript/**/*.test.ts",
    "test/agents/**/*.test.ts",
    "test/report/**/*.test.ts",
    "test/bench/**/*.test.ts",
    "test/tiers.test.ts",
    "test/skips-say-why.test.ts",
  ],
  integration: ["test/server/**/*.test.ts", "test/hooks/**/*.test.ts", "test/cli/**/*.test.ts", "test/demo/**/*.test.ts"],
  slow: ["test/e2e/**/*.test.ts", "test/reliability/**/*.test.ts", "test/dist/**/*.test.ts"],
} as const;
/** Files that a glob of the unit tier would take but that drive real processes at length. */
export const SLOW_EXCEPTIONS = ["test/report/real-claude-report.test.ts", "test/bench/bench-quick.test.ts"] as const;

export default defineConfig({
  test: {
    // Builds plugin/dist once when a bundle is missing or older than src (end-to-end tests spawn the built bundles).
    globalSetup: ["test/global-setup.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
    maxWorkers: 2,
    projects: [
      { extends: true, test: { name: "unit", include: [...TIERS.unit], exclude: [...SLOW_EXCEPTIONS] } },
      { extends: true, test: { name: "integration", include: [...TIERS.integration] } },
      { extends: true, test: { name: "slow", include: [...TIERS.slow, ...SLOW_EXCEPTIONS] } },
    ],
  },
});
