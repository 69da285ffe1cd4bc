// Guards the built CLI's `report` and `stats` commands: transcripts found through CLAUDE_CONFIG_DIR or HOME, figures equal
// to an independent reading, the chart files written, stats with and without measurements, and --help for each.
import { existsSync, mkdtempSync, readFileSync, realpathSync, renameSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { SavingsReport } from "../../src/core/savings/savings-report.js";
import { readTranscriptIndependently } from "../support/independent-transcript-reading.js";
import { makeFakeClaudeConfig } from "../support/fake-claude-projects.js";
import { byClass, parseXml } from "../support/strict-xml.js";
import { servicesFor } from "../support/core-services.js";
import { makeHome, REPO_ROOT, runCli } from "../support/run-cli.js";

const publicFixtures = process.env.THREADMIND_SHARED_FIXTURES ?? resolve(REPO_ROOT, "../shared/fixtures/transcripts");
const ccFixtures = join(REPO_ROOT, "test", "fixtures", "transcripts", "cc-2.1.332");
const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});

function home(): string {
  const h = makeHome();
  cleanups.push(() => rmSync(h, { recursive: true, force: true }));
  return h;
}

function tempDir(prefix: string): string {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), prefix)));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

describe("thread-mind-mcp report", () => {
  it("prints JSON whose session figures match an independent reading of the public transcripts", (ctx) => {
    // Skipped with its reason, not silently: the fixtures live outside the repository.
    ctx.skip(
      !existsSync(publicFixtures),
      `no shared transcript fixtures at ${publicFixtures} (set THREADMIND_SHARED_FIXTURES to a folder of them)`,
    );
    const fake = makeFakeClaudeConfig();
    cleanups.push(fake.cleanup);
    const workspace = tempDir("tm-cli-report-");
    const names = [
      "spotter/short.jsonl",
      "spotter/4d5611e5-241a-462a-8d15-5122611a9569.jsonl",
      "claude-code-viewer/5c0375b4-57a5-4f26-b12d-d022ee4e51b7.jsonl",
    ];
    const placed = names.map((n) => fake.place(join(publicFixtures, n), workspace));
    const run = runCli(["report", "--json"], { cwd: workspace, home: home(), env: { CLAUDE_CONFIG_DIR: fake.configDir } });
    expect(run.code).toBe(0);
    const report = JSON.parse(run.stdout) as SavingsReport;
    expect(report.scannedFiles).toBe(names.length);
    for (const path of placed) {
      const e = readTranscriptIndependently(path);
      const s = report.sessions.find((x) => x.path === path)!;
      expect([s.firstContextTokens, s.peakContextTokens, s.finalContextTokens, s.apiResponses, s.outputTokens]).toEqual([
        e.firstContext,
        e.peakContext,
        e.finalContext,
        e.apiResponses,
        e.outputTokensSum,
      ]);
    }
    expect(report.restarts.map((r) => [r.kind, r.before, r.after])).toEqual([["compaction", 170251, 36081]]);
    // --json carries each restart's confidence and reason, and the averages per kind.
    expect(report.restarts[0]).toMatchObject({ trigger: "auto", confidence: "boundary", gapMs: null, notAveraged: null });
    expect(report.byKind.map((k) => [k.kind, k.withoutThreadMind.measured])).toEqual([["auto-compaction", 1]]);
  });

  it("finds transcripts under HOME/.claude without CLAUDE_CONFIG_DIR, prints Markdown, and writes the SVG and HTML files", () => {
    const homeDir = home();
    const workspace = tempDir("tm-cli-report-");
    const fake = makeFakeClaudeConfig();
    cleanups.push(fake.cleanup);
    for (const name of ["clear-before", "clear-after", "compact"]) fake.place(join(ccFixtures, `${name}.jsonl`), workspace);
    // Move the fake projects folder to where Claude Code keeps it by default.
    renameSync(fake.projectsDir, join(homeDir, ".claude", "projects"));
    const out = tempDir("tm-cli-out-");
    const run = runCli(["report", "--svg", "chart.svg", "--html", join(out, "report.html")], { cwd: workspace, home: homeDir });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain("# ThreadMind savings report");
    expect(run.stdout).toContain("| /clear |");
    expect(run.stdout).toContain("62,431 (preTokens)");
    expect(run.stdout).toContain("/clear record, 0 s gap");
    const svg = parseXml(readFileSync(join(workspace, "chart.svg"), "utf8"));
    expect(byClass(svg, "session")).toHaveLength(3);
    expect(byClass(svg, "clear")).toHaveLength(1);
    const html = readFileSync(join(out, "report.html"), "utf8");
    expect(html).toContain("<svg");
    expect(html).toContain("<h2>Every restart</h2>");
    expect(html).toContain("<h2>Restarts by kind, with and without ThreadMind context</h2>");
    expect(html).toContain("In averages");
    expect(run.stderr).toContain("Chart written to");
  });

  it("says where it looked when Claude Code has no projects folder, and exits 0", () => {
    const workspace = tempDir("tm-cli-report-");
    const run = runCli(["report"], { cwd: workspace, home: home(), env: { CLAUDE_CONFIG_DIR: join(workspace, "no-config") } });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(`${join(workspace, "no-config", "projects")} does not exist`);
  });

  it("rejects unknown options and a missing file name with exit code 2", () => {
    const workspace = tempDir("tm-cli-report-");
    expect(runCli(["report", "--pdf"], { cwd: workspace, home: home() }).code).toBe(2);
    expect(runCli(["report", "--svg"], { cwd: workspace, home: home() }).code).toBe(2);
  });
});

describe("thread-mind-mcp stats", () => {
  it("without a project: exit 1 and how to create one", () => {
    const run = runCli(["stats"], { cwd: tempDir("tm-cli-stats-"), home: home() });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("/thread-mind:project");
  });

  it("without measurements says how to get them, and points to the report", async () => {
    const dir = tempDir("tm-cli-stats-");
    await servicesFor(dir).projectCreate({ title: "Shop" });
    const run = runCli(["stats"], { cwd: dir, home: home() });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('ThreadMind Stats: "Shop"');
    expect(run.stdout).toContain("No measurements yet. Install the ThreadMind plugin");
    expect(run.stdout).toContain("/thread-mind:report (`thread-mind-mcp report --html report.html` in a terminal)");
  });

  it("with measurements: measured sizes, loaded context (~), receipts and restarts by kind", async () => {
    const dir = tempDir("tm-cli-stats-");
    const services = servicesFor(dir);
    await services.projectCreate({ title: "Shop" });
    const inj = (at: string, sessionId: string, source: string, tokens: number, receipt: "delivered" | "missing") => ({
      at,
      sessionId,
      source,
      projectId: "shop",
      threadId: "main",
      chars: tokens * 4,
      tokens,
      omitted: 0,
      receipt,
      contentHash: "h",
    });
    await services.store.locked(() =>
      services.updateState((state) => {
        state.measurements.sessionEnds.push({
          at: "2026-09-20T10:00:00.000Z",
          sessionId: "s1",
          contextTokens: 52_000,
          reason: "clear",
        });
        state.measurements.injections.push(
          inj("2026-09-20T09:00:00.000Z", "s1", "startup", 1_000, "delivered"),
          inj("2026-09-20T10:00:01.000Z", "s2", "clear", 1_100, "missing"),
        );
      }),
    );
    const run = runCli(["stats"], { cwd: dir, home: home() });
    expect(run.code).toBe(0);
    expect(run.stdout).toContain(
      "  Conversation size when sessions ended: 52,000 tokens on average, 52,000 at most (1 session, measured)",
    );
    expect(run.stdout).toContain(
      "  ThreadMind context loaded at session start: ~1,050 tokens on average (2 sessions, estimated)",
    );
    expect(run.stdout).toContain(
      "  Context delivery: 1 confirmed in the transcript, 0 replaced by a preview, 1 missing, 0 not checked yet",
    );
    // The receipt is missing: ThreadMind's context did not reach the model, so the restart is explained, not averaged.
    expect(run.stdout).toContain("  Restarts: 1 (/clear 1, compaction 0); before → first request after, each kind on its own:");
    expect(run.stdout).toContain(
      "    /clear: 1 after which no ThreadMind context reached the model (none loaded, or its receipt is missing)",
    );
    expect(run.stdout).toContain("the others are measured");
  });
});

describe("--help of the measuring commands", () => {
  for (const [command, expected] of [
    ["stats", "thread-mind-mcp stats"],
    ["report", "thread-mind-mcp report [--json] [--svg FILE] [--html FILE | --page]"],
    ["doctor", "thread-mind-mcp doctor [--json]"],
  ] as const) {
    it(`${command} --help prints its usage and exits 0`, () => {
      const run = runCli([command, "--help"], { cwd: tempDir("tm-cli-help-"), home: home() });
      expect(run.code).toBe(0);
      expect(run.stdout).toContain(`Usage: ${expected}`);
    });
  }

  it("the command list names stats, report and doctor", () => {
    const run = runCli(["--help"], { cwd: tempDir("tm-cli-help-"), home: home() });
    for (const c of ["stats", "report", "doctor"]) expect(run.stdout).toMatch(new RegExp(`^  ${c} +\\S`, "m"));
  });
});
