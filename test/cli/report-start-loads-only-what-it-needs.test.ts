// Guards the report's fixed cost (#31): a small report through the bin (cli.cjs) starts no ESM loader and loads neither node:crypto, node:worker_threads, node:perf_hooks nor the stdout stream (node:stream, node:net) — each cost the empty folder's report 1.5–7 ms, ~20 ms over Node's start in all.
import { mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { makeFakeClaudeConfig, type FakeClaudeConfig } from "../support/fake-claude-projects.js";
import { BUILT_CLI, homesPerTest, runCli } from "../support/run-cli.js";
import { assistant, jsonl, user } from "../transcript/transcript-builders.js";

/** The package's bin, as `thread-mind-mcp report` and /thread-mind:report run it. */
const BIN = join(dirname(BUILT_CLI), "cli.cjs");
/** What a report that hashes nothing and starts no worker has no use for (process.moduleLoadList names). */
const NOT_NEEDED = [
  "NativeModule crypto",
  "NativeModule worker_threads",
  "NativeModule perf_hooks",
  "NativeModule stream",
  "NativeModule net",
  // Node's ESM loader: a .mjs entry or bundle starts it (cli.mjs, the former name, still does).
  "NativeModule internal/modules/esm/loader",
];
const SESSION = "dddddddd-0000-4000-8000-000000000001";

let work: string;
let preload: string;
let fake: FakeClaudeConfig;
const newHome = homesPerTest();

beforeAll(() => {
  work = realpathSync(mkdtempSync(join(tmpdir(), "tm-report-start-")));
  preload = join(work, "record-loaded.cjs");
  writeFileSync(
    preload,
    `process.on("exit", () => require("node:fs").writeFileSync(process.env.TM_LOADED_OUT, JSON.stringify(process.moduleLoadList)));\n`,
  );
  fake = makeFakeClaudeConfig();
});
afterAll(() => {
  fake.cleanup();
  rmSync(work, { recursive: true, force: true });
});

/** `report --json` of `workspace` through `cli` (stdout a pipe, as a bench or a slash command reads it), and what it loaded. */
function reportLoading(cli: string, workspace: string, name: string): { scannedFiles: number; loaded: string[] } {
  const out = join(work, `loaded-${name}.json`);
  const run = runCli(["report", "--json"], {
    cwd: workspace,
    home: newHome(),
    cli,
    nodeArgs: ["--require", preload],
    env: { CLAUDE_CONFIG_DIR: fake.configDir, TM_LOADED_OUT: out },
  });
  expect(run.code, run.stderr).toBe(0);
  return {
    scannedFiles: (JSON.parse(run.stdout) as { scannedFiles: number }).scannedFiles,
    loaded: JSON.parse(readFileSync(out, "utf8")) as string[],
  };
}

describe("what a small report loads before and after its first transcript byte", () => {
  it("an empty folder and a small session's folder load none of the costly builtins, and no ESM loader through the bin", () => {
    const empty = realpathSync(mkdtempSync(join(work, "empty-")));
    const small = realpathSync(mkdtempSync(join(work, "small-")));
    fake.write(
      small,
      `${SESSION}.jsonl`,
      jsonl(
        [user("hi"), assistant({ id: "r1", input: 5, cacheRead: 9_995, output: 10 })].map((r) => ({
          ...r,
          sessionId: SESSION,
          cwd: small,
        })),
      ),
    );
    const none = reportLoading(BIN, empty, "empty");
    expect(none.scannedFiles).toBe(0);
    const one = reportLoading(BIN, small, "small");
    expect(one.scannedFiles).toBe(1);
    for (const { loaded } of [none, one]) for (const builtin of NOT_NEEDED) expect(loaded).not.toContain(builtin);
    // The former entry name runs the same report; it pays the ESM loader, and nothing else of the list.
    const former = reportLoading(BUILT_CLI, small, "former");
    expect(former.scannedFiles).toBe(1);
    for (const builtin of NOT_NEEDED.slice(0, -1)) expect(former.loaded).not.toContain(builtin);
  });
});
