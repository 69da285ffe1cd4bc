// The CLI's command table: --help lists every command, each answers its own --help, and an unknown name is a usage error.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { makeHome, runCli } from "../support/run-cli.js";

const NAMES = [
  "serve",
  "hook",
  "tree",
  "context",
  "stats",
  "report",
  "doctor",
  "search",
  "history",
  "merge-file",
  "git-setup",
  "resolve",
  "statusline",
  "migrate",
  "recall-index",
  "conflict-sweep",
];

describe("thread-mind-mcp's commands", () => {
  const cwd = mkdtempSync(join(tmpdir(), "tm-cli-table-"));
  const home = makeHome();
  // Each run used to leave both folders in the temp dir.
  afterAll(() => {
    rmSync(cwd, { recursive: true, force: true });
    rmSync(home, { recursive: true, force: true });
  });

  it("--help lists every command, in the table's order", () => {
    const run = runCli(["--help"], { cwd, home });
    expect(run.code).toBe(0);
    const listed = [...run.stdout.matchAll(/^ {2}(\S+) +\S/gm)].map((m) => m[1]);
    expect(listed).toEqual(NAMES);
    // Every summary starts in one column ("recall-index", longer than the others, pushed its own out of line).
    const columns = new Set([...run.stdout.matchAll(/^ {2}\S+ +(?=\S)/gm)].map((m) => m[0].length));
    expect(columns.size).toBe(1);
  });

  it("each command answers --help with its summary and usage, exit 0", () => {
    for (const name of NAMES) {
      const run = runCli([name, "--help"], { cwd, home });
      expect(run.code, name).toBe(0);
      expect(run.stdout, name).toMatch(/\n\nUsage: thread-mind-mcp /);
    }
  });

  it("a name that only exists on Object.prototype is an unknown command (exit 2), not a crash", () => {
    for (const name of ["constructor", "toString", "__proto__"]) {
      const run = runCli([name], { cwd, home });
      expect(run.code, name).toBe(2);
      expect(run.stderr, name).toContain(`thread-mind-mcp: unknown command "${name}"`);
    }
  });

  it("a bad option prints the message and the command's usage, exit 2", () => {
    const run = runCli(["history", "--limit"], { cwd, home });
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      "thread-mind-mcp history: --limit needs a value\nUsage: thread-mind-mcp history [thread-id] [--limit N] [--json]\n",
    );
  });
});
