// `npm run bench -- --quick` as CI runs it: every benchmark completes (no timing is asserted: figures are not tests).
import { spawnSync } from "node:child_process";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = dirname(dirname(dirname(fileURLToPath(import.meta.url))));

/** Every figure of the suite at quick sizes (bench/*-bench.mjs). */
const FIGURES = [
  "hook-start-store",
  "hook-start-empty",
  "hook-empty-module",
  "hook-end-size",
  "hook-end-small",
  "hook-precompact",
  "hook-tool-empty",
  "hook-tool-miss",
  "hook-tool-hit",
  "hook-subagent",
  "hook-rss-startBig",
  "hook-rss-startEmpty",
  "hook-rss-endLarge",
  "hook-rss-preLarge",
  "mcp-context-100",
  "mcp-context-300",
  "mcp-create-300",
  "mcp-update-300",
  "mcp-create-branch-100",
  "mcp-create-branch-300",
  "scan-speed",
  "scan-rss",
  "search-100",
  "search-300",
  "search-semantic-100",
  "search-semantic-300",
  "merge-driver-30k",
  "merge-plain-git-50",
  "hook-start-changes",
  "hook-codex-start-store",
  "hook-codex-prompt-store",
  "hook-codex-prompt-size",
  "hook-codex-prompt-large",
  "hook-start-fresh-clone-first",
  "hook-start-fresh-clone-second",
  "hook-start-new-worktree-first",
  "mcp-first-update-later",
  "mcp-reply-thread_history-100",
  "mcp-reply-thread_merge-100",
  "mcp-reply-project_create-100",
];

describe("npm run bench --quick", () => {
  it("a benchmark that no longer completes (a hook that injects nothing, a tool that errors, a scan that miscounts) fails the quick run", () => {
    const run = spawnSync(process.execPath, [join(ROOT, "bench", "run.mjs"), "--quick"], {
      cwd: ROOT,
      encoding: "utf8",
      timeout: 280_000,
    });
    const completed = new Set([...run.stdout.matchAll(/^completed: (\S+)$/gm)].map((m) => m[1]));
    const failures = [...run.stdout.matchAll(/^FAILED: .*$/gm)].map((m) => m[0]);
    expect(failures, run.stderr.slice(-3000)).toEqual([]);
    expect(run.status, run.stderr.slice(-3000)).toBe(0);
    expect(FIGURES.filter((key) => !completed.has(key))).toEqual([]);
  }, 300_000);
});
