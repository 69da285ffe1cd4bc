// Guards the report's Codex sessions: the workspace's rollouts under $CODEX_HOME/sessions (plain and .jsonl.zst) are
// listed with their agent and their exact sizes; another workspace's rollouts are not; one that cannot be read is named
// among the unscanned files, not fatal.
import { copyFile, mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { buildSavingsReport } from "../../src/core/savings/savings-report.js";
import { reportDocument } from "../../src/cli/report-tables.js";
import { renderMarkdown } from "../../src/cli/report-markdown.js";
import { emptyMeasurements } from "../../src/core/measure/measurements.js";
import { jsonl, tempDirPerTest } from "../transcript/transcript-builders.js";
import { TokenCounter, developerMessage, sessionMeta, turnContext, userMessage } from "../transcript/rollout-builders.js";
import { frameHeader, rawBlocks, rleBlocks } from "../transcript/zstd-frames.js";

const dir = tempDirPerTest();
const ZST = join(import.meta.dirname, "../fixtures/codex/rollout-2026-11-01T09-00-00-zstd-session.jsonl.zst");

describe("the report of a workspace used from Codex", () => {
  it("lists its Codex sessions labelled codex, with the rollouts' exact sizes", async () => {
    const workspace = join(dir.path, "repo");
    const codexHome = join(dir.path, "codex-home");
    const day = join(codexHome, "sessions", "2026", "11", "20");
    await mkdir(workspace, { recursive: true });
    await mkdir(day, { recursive: true });
    const counter = new TokenCounter();
    await writeFile(
      join(day, "rollout-2026-11-20T10-00-00-mine.jsonl"),
      jsonl([
        sessionMeta("mine", join(workspace, "src")),
        turnContext("gpt-5-codex"),
        developerMessage('ThreadMind memory, loaded at session start: the context of thread "Shop" (main). Keep it current.'),
        userMessage("hi"),
        counter.response({ input: 4321, cached: 1000, output: 40 }),
        counter.response({ input: 5000, cached: 4000, output: 60 }),
      ]),
    );
    await writeFile(
      join(day, "rollout-2026-11-20T11-00-00-other.jsonl"),
      jsonl([sessionMeta("other", join(dir.path, "elsewhere")), new TokenCounter().response({ input: 9, cached: 0, output: 1 })]),
    );
    // The compressed fixture records /work/repo: another workspace's, not listed.
    await copyFile(ZST, join(day, "rollout-2026-11-01T09-00-00-zstd-session.jsonl.zst"));
    const report = await buildSavingsReport({
      workspaceRoot: workspace,
      projectsDir: join(dir.path, "claude", "projects"),
      measurements: emptyMeasurements(),
      env: { CODEX_HOME: codexHome },
    });
    expect(report.sessions.map((s) => [s.agent, s.sessionId])).toEqual([["codex", "mine"]]);
    const [session] = report.sessions;
    expect(session).toMatchObject({
      agent: "codex",
      apiResponses: 2,
      firstContextTokens: 4321,
      peakContextTokens: 5000,
      finalContextTokens: 5000,
      outputTokens: 100,
      withThreadMind: true,
      threadMindInjections: 1,
    });
    const markdown = renderMarkdown(reportDocument(report));
    expect(markdown).toContain("| Codex 2026/11/20 |");
    // Where the sessions came from, per agent (all were counted as Claude Code transcripts), and how Codex's are sized.
    expect(markdown).toContain("No Claude Code transcripts:");
    expect(markdown).toMatch(
      new RegExp(`Scanned 1 Codex rollout \\([0-9.]+ MB\\) of this workspace under ${join(codexHome, "sessions")}\\.`),
    );
    expect(markdown).toContain("(Codex) a request's input tokens");
    expect(markdown).not.toContain("Claude Code's system prompt");
  });

  it("reads a compressed rollout of the workspace", async () => {
    const workspace = "/work/repo"; // the fixture's recorded cwd; the workspace need not exist to be matched
    const codexHome = join(dir.path, "codex-home");
    const day = join(codexHome, "sessions", "2026", "11", "01");
    await mkdir(day, { recursive: true });
    await copyFile(ZST, join(day, "rollout-2026-11-01T09-00-00-zstd-session.jsonl.zst"));
    const report = await buildSavingsReport({
      workspaceRoot: workspace,
      projectsDir: join(dir.path, "claude", "projects"),
      measurements: emptyMeasurements(),
      env: { CODEX_HOME: codexHome },
    });
    expect(report.sessions).toHaveLength(1);
    expect(report.sessions[0]).toMatchObject({
      agent: "codex",
      sessionId: "0199aa00-zstd-session",
      firstContextTokens: 6000,
      peakContextTokens: 31000,
      finalContextTokens: 4100,
      apiResponses: 3,
    });
    expect(report.sessions[0]?.compactionMarks).toHaveLength(1);
  });

  it("names a rollout it cannot read, damaged or cut short, and reports the others (one such file failed the report)", async () => {
    const workspace = join(dir.path, "repo");
    const codexHome = join(dir.path, "codex-home");
    const day = join(codexHome, "sessions", "2026", "11", "20");
    await mkdir(day, { recursive: true });
    await writeFile(
      join(day, "rollout-2026-11-20T10-00-00-good.jsonl"),
      jsonl([sessionMeta("good", workspace), new TokenCounter().response({ input: 4000, cached: 0, output: 10 })]),
    );
    const damaged = join(day, "rollout-2026-11-20T11-00-00-damaged.jsonl.zst");
    await writeFile(damaged, "not zstd at all\n");
    // The workspace's, by its first line; the frame ends before its last block.
    const cut = join(day, "rollout-2026-11-20T12-00-00-cut.jsonl.zst");
    const meta = Buffer.from(`${JSON.stringify(sessionMeta("cut", workspace))}\n`);
    await writeFile(cut, Buffer.concat([frameHeader(17), ...rawBlocks(meta), ...rleBlocks(0x0a, 1000)]));
    const report = await buildSavingsReport({
      workspaceRoot: workspace,
      projectsDir: join(dir.path, "claude", "projects"),
      measurements: emptyMeasurements(),
      env: { CODEX_HOME: codexHome },
    });
    expect(report.sessions.map((s) => [s.sessionId, s.finalContextTokens])).toEqual([["good", 4000]]);
    expect(report.unscanned.map((u) => [u.path, u.folder])).toEqual([
      [damaged, "2026/11/20"],
      [cut, "2026/11/20"],
    ]);
    expect(report.unscanned[0]?.reason).toContain("not a readable zstd file (no zstd frame starts here)");
    expect(report.unscanned[1]?.reason).toContain("not a readable zstd file (unexpected EOF)");
  });
});
