// The CLI's entry runs `report` from its own bundle (cli-report.cjs) with a scan worker started before that bundle loads.
import { copyFileSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { makeFakeClaudeConfig } from "../support/fake-claude-projects.js";
import { BUILT_CLI, homesPerTest, reportThreadCount, runCli } from "../support/run-cli.js";
import { fixtureTranscripts } from "../transcript/fixture-transcripts.js";

const DIST = dirname(BUILT_CLI);
const fake = makeFakeClaudeConfig();
const workspace = realpathSync(mkdtempSync(join(tmpdir(), "tm-report-bundle-")));
const copies: string[] = [];
const newHome = homesPerTest();
afterAll(() => {
  fake.cleanup();
  for (const dir of [workspace, ...copies]) rmSync(dir, { recursive: true, force: true });
});

const mains = fixtureTranscripts().filter((f) => !f.path.includes("/subagents/"));
for (const [i, f] of mains.entries())
  fake.place(f.path, workspace, { sessionId: `00000000-0000-4000-a000-${String(i).padStart(12, "0")}` });

/** A plugin/dist holding only `bundles` (copied from the build) and `extra` files; returns its cli.mjs (which runs cli.cjs). */
function distWith(bundles: string[], extra: Record<string, string> = {}): string {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), "tm-report-dist-")));
  copies.push(dir);
  for (const b of bundles) copyFileSync(join(DIST, b), join(dir, b));
  for (const [name, text] of Object.entries(extra)) writeFileSync(join(dir, name), text);
  return join(dir, "cli.mjs");
}

/** The report's JSON; runs compared with each other share a HOME (the report names $CODEX_HOME/sessions, under it). */
const report = (cli: string, workers: string | null, home: string = newHome()) =>
  runCli(["report", "--json"], {
    cwd: workspace,
    home,
    cli,
    env: { CLAUDE_CONFIG_DIR: fake.configDir, ...(workers === null ? {} : { THREADMIND_SCAN_WORKERS: workers }) },
  });

describe("the report's own bundle", () => {
  it("runs without the rest of the CLI (cli-main.mjs), on one lane and on worker lanes, giving the whole CLI's report", () => {
    expect(mains.length).toBeGreaterThan(2);
    const home = newHome();
    const whole = report(BUILT_CLI, "0", home);
    expect(whole.code, whole.stderr).toBe(0);
    expect((JSON.parse(whole.stdout) as { scannedFiles: number }).scannedFiles).toBe(mains.length);
    const alone = distWith(["cli.cjs", "cli.mjs", "cli-report.cjs", "scan-worker.cjs"]);
    for (const workers of ["0", "2", null]) {
      // cli.mjs (the name earlier installs' configs hold) and the bin it runs, cli.cjs.
      for (const entry of [alone, join(dirname(alone), "cli.cjs")]) {
        const run = report(entry, workers, home);
        expect(run.code, run.stderr).toBe(0);
        expect(run.stdout).toBe(whole.stdout);
      }
    }
  });

  it("holds none of the store's, the server's or the tokenizer's code (no YAML parser, no MCP SDK, no tiktoken)", () => {
    const text = readFileSync(join(DIST, "cli-report.cjs"), "utf8");
    for (const module of [
      "node_modules/yaml/",
      "node_modules/@modelcontextprotocol/",
      "node_modules/tiktoken/",
      "node_modules/zod/",
    ])
      expect(text).not.toContain(module);
    // The bundles that hold them carry these names (the check above looks for the right ones): the YAML parser is a
    // bundle of its own, loaded at its first use (yaml.cjs); the MCP SDK is the server's.
    expect(readFileSync(join(DIST, "yaml.cjs"), "utf8")).toContain("node_modules/yaml/");
    expect(readFileSync(join(DIST, "server.mjs"), "utf8")).toContain("node_modules/@modelcontextprotocol/");
  });

  it("reports a scan worker that fails to load, also when the entry started it before the report's code loaded", () => {
    const broken = distWith(["cli.cjs", "cli.mjs", "cli-report.cjs"], {
      "scan-worker.cjs": 'throw new Error("scan worker broken on purpose");\n',
    });
    const run = report(broken, "2");
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("scan worker broken on purpose");
    expect(run.stdout).toBe("");
  });

  it("starts a worker early only for a scan that takes one, and that worker is the scan's: one thread per lane", () => {
    const threads = (workers: string | null) =>
      reportThreadCount(workspace, {
        CLAUDE_CONFIG_DIR: fake.configDir,
        ...(workers === null ? {} : { THREADMIND_SCAN_WORKERS: workers }),
      });
    // By default this small workspace is scanned by one lane: no worker is started, early or late.
    expect(threads(null)).toBe(1);
    // Two lanes asked for: the worker started by the entry is the second lane (a worker started besides would be a third thread).
    expect(threads("2")).toBe(2);
  });
});
