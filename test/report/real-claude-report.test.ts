// End to end with the real Claude Code 2.1.332 and the ThreadMind plugin: a session, /clear, /compact at sizes the mock
// dictates; the built CLI's report must pair the restarts, measure them to the token and confirm every injection.
import { execFileSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sayWhySkipped } from "../support/skip-reason.js";
import { claudeAvailability } from "../support/claude-binary.js";
import { startMockAnthropic, textReply, type MockAnthropic, type Usage } from "../support/mock-anthropic.js";
import { createClaudeHome, describeRun, makeTempDir, removeDir, runClaude } from "../support/run-claude.js";
import { listTranscripts } from "../support/claude-transcripts.js";
import { readTranscriptIndependently } from "../support/independent-transcript-reading.js";
import { servicesFor } from "../support/core-services.js";
import { REPO_ROOT, runCli } from "../support/run-cli.js";
import { storeMeasurements } from "../support/store-measurements.js";
import type { SavingsReport } from "../../src/core/savings/savings-report.js";
import type { DoctorCheck } from "../../src/core/doctor/doctor-types.js";

const availability = await claudeAvailability();
sayWhySkipped(availability.available ? null : availability.reason);

/** Conversation sizes the mock reports, in request order: two before /clear, one after it, one after /compact. */
const SIZES = [40_000, 52_000, 3_100, 2_900] as const;
const usage = (size: number): Partial<Usage> => ({
  input_tokens: 100,
  cache_creation_input_tokens: 400,
  cache_read_input_tokens: size - 500,
  output_tokens: 20,
});

describe.skipIf(!availability.available)("the report on a real Claude Code session with ThreadMind: /clear and /compact", () => {
  let mock: MockAnthropic;
  let home: string;
  let repo: string;
  let report: SavingsReport;

  beforeAll(async () => {
    if (!availability.available) return;
    mock = await startMockAnthropic({
      replies: SIZES.map((size) => textReply(`size ${size}`, usage(size))),
      compaction: { summary: "We talked about sizes.", usage: { input_tokens: 300, output_tokens: 60 } },
    });
    home = createClaudeHome();
    repo = makeTempDir("tm-claude-repo-");
    execFileSync("git", ["init", "-q", "-b", "main"], { cwd: repo });
    const services = servicesFor(repo);
    await services.projectCreate({ title: "Report e2e" });
    await services.summaryUpdate({ content: "Decided: measure restarts from the transcripts." });
    const run = await runClaude({
      bin: availability.binary.path,
      home,
      baseUrl: mock.url,
      cwd: repo,
      args: ["--plugin-dir", REPO_ROOT],
      turns: ["one", "two", "/clear", "three", "/compact", "four"],
      timeoutMs: 150_000,
    });
    if (run.exitCode !== 0) throw new Error(describeRun(run));
    const cli = runCli(["report", "--json"], { cwd: repo, home });
    if (cli.code !== 0) throw new Error(cli.stderr);
    report = JSON.parse(cli.stdout) as SavingsReport;
  }, 240_000);

  afterAll(async () => {
    if (!availability.available) return;
    await mock.close();
    removeDir(home);
    removeDir(repo);
  });

  it("measures both sessions at the sizes the mock reported", () => {
    expect(listTranscripts(home, repo)).toHaveLength(2);
    expect(report.sessions.map((s) => [s.firstContextTokens, s.finalContextTokens, s.apiResponses])).toEqual([
      [SIZES[0], SIZES[1], 2],
      [SIZES[2], SIZES[3], 2],
    ]);
    expect(report.sessions.every((s) => s.withThreadMind)).toBe(true);
  });

  it("pairs the /clear by ThreadMind's hook records: 52,000 before → 3,100 after, with the context it loaded delivered", () => {
    const injections = storeMeasurements(`${repo}/.threadmind`).measurements.injections;
    const clearInjection = injections.find((i) => i.source === "clear")!;
    const clear = report.restarts.find((r) => r.kind === "clear")!;
    expect(clear).toMatchObject({
      previousSessionId: report.sessions[0]!.sessionId,
      sessionId: report.sessions[1]!.sessionId,
      pairedBy: "hooks",
      confidence: "hooks",
      notAveraged: null,
      before: SIZES[1],
      after: SIZES[2],
      saving: SIZES[1] - SIZES[2],
      threadMind: { receipt: "delivered", threadId: "main", chars: clearInjection.chars, tokens: clearInjection.tokens },
    });
  });

  it("measures the compaction from preTokens to the first response after it, with ThreadMind's context back", () => {
    const compactedPath = report.sessions[1]!.path;
    const [boundary] = readTranscriptIndependently(compactedPath).compactions;
    const compaction = report.restarts.find((r) => r.kind === "compaction")!;
    expect(compaction).toMatchObject({
      trigger: "manual",
      before: boundary!.preTokens,
      after: SIZES[3],
      threadMind: { receipt: "delivered" },
    });
    expect(report.byKind.map((k) => [k.kind, k.withThreadMind.restarts, k.withThreadMind.measured])).toEqual([
      ["clear", 1, 1],
      ["manual-compaction", 1, 1],
    ]);
  });

  it("confirms every injection the hooks recorded, in the hooks' state and again in the transcripts", () => {
    expect(report.receipts.recorded).toEqual({ delivered: 3, preview: 0, missing: 0, pending: 0 });
    expect(report.receipts.checked).toEqual({ delivered: 3, preview: 0, missing: 0, "not-scanned": 0 });
    expect(report.receipts.details.map((d) => d.source)).toEqual(["startup", "clear", "compact"]);
  });

  it("stats and doctor see the same session: restarts counted, hooks seen, injections delivered", () => {
    const stats = runCli(["stats"], { cwd: repo, home });
    expect(stats.stdout).toContain("  Restarts: 2 (/clear 1, compaction 1)");
    expect(stats.stdout).toContain("  Context delivery: 3 confirmed in the transcript");
    // The hooks measured the first request after each restart (the clear's at PreCompact, the compaction's at SessionEnd).
    const injections = storeMeasurements(`${repo}/.threadmind`).measurements.injections;
    expect(injections.map((i) => [i.source, i.firstRequestTokens])).toEqual([
      ["startup", SIZES[0]],
      ["clear", SIZES[2]],
      ["compact", SIZES[3]],
    ]);
    const tm = (source: string) => injections.find((i) => i.source === source)!.tokens.toLocaleString("en-US");
    expect(stats.stdout).toContain(
      `    /clear: 52,000 → 3,100 tokens measured (−94.0%; ThreadMind ~${tm("clear")} of it), average of 1 restart`,
    );
    expect(stats.stdout).toContain(
      `    manual compaction: 3,100 → 2,900 tokens measured (−6.5%; ThreadMind ~${tm("compact")} of it), average of 1 restart`,
    );
    const doctor = JSON.parse(runCli(["doctor", "--json"], { cwd: repo, home }).stdout) as { checks: DoctorCheck[] };
    const byId = new Map(doctor.checks.map((c) => [c.id, c.status]));
    expect([byId.get("plugin"), byId.get("hooks"), byId.get("receipts"), byId.get("context-size")]).toEqual([
      "ok",
      "ok",
      "ok",
      "ok",
    ]);
  });
});
