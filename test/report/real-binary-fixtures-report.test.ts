// Guards the report on transcripts the real Claude Code 2.1.332 wrote against our mock (known sizes): /clear pairing,
// compaction sizes, other plugins' injections, and receipts found, missing, previewed and not scanned.
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildSavingsReport, type SavingsReport } from "../../src/core/savings/savings-report.js";
import { emptyMeasurements, type InjectionRecord, type Measurements } from "../../src/core/measure/measurements.js";
import { contentHash } from "../../src/core/context/token-estimate.js";
import { readTranscriptIndependently } from "../support/independent-transcript-reading.js";
import { folderNameFor, sessionIdIn } from "../support/fake-claude-projects.js";
import { makeReportSetting, type ReportSetting } from "../support/report-setting.js";

const dir = resolve(fileURLToPath(import.meta.url), "../../fixtures/transcripts/cc-2.1.332");
const FILES = ["startup", "clear-before", "clear-after", "compact", "cap-exact-10000", "cap-over-10001-preview"] as const;
type Name = (typeof FILES)[number];

// Known from the mock (fixture README): every response reports this usage; preTokens adds the last output tokens.
const MOCK_CONTEXT = 4321 + 1234 + 56789;
const MOCK_PRE_TOKENS = 62431;

/** The additionalContext text the probe hook injected, read back from the transcript's hook_additional_context record. */
function injectedText(path: string): string {
  for (const line of readFileSync(path, "utf8").split("\n")) {
    if (!line.includes('"hook_additional_context"')) continue;
    const record = JSON.parse(line) as { attachment: { content: string[] } };
    return record.attachment.content.join("\n");
  }
  throw new Error(`no injection in ${path}`);
}

function injection(sessionId: string, text: string, source: string, receipt: InjectionRecord["receipt"]): InjectionRecord {
  return {
    at: "2026-11-30T05:41:14.700Z",
    sessionId,
    source,
    projectId: "p",
    threadId: "main",
    chars: text.length,
    tokens: Math.ceil(text.length / 3.5),
    omitted: 0,
    receipt,
    contentHash: contentHash(text),
  };
}

describe("the savings report on real Claude Code 2.1.332 transcripts", () => {
  let setting: ReportSetting;
  const ids = {} as Record<Name, string>;
  const placed = {} as Record<Name, string>;
  let report: SavingsReport;

  beforeAll(async () => {
    setting = makeReportSetting("tm-report-cc-");
    const { fake, workspace } = setting;
    for (const name of FILES) {
      const source = join(dir, `${name}.jsonl`);
      ids[name] = sessionIdIn(readFileSync(source, "utf8"));
      placed[name] = fake.place(source, workspace);
    }
    report = await setting.report();
  });

  afterAll(() => setting.cleanup());

  it("measures every session at the mock's size", () => {
    expect(report.sessions).toHaveLength(FILES.length);
    for (const s of report.sessions) {
      expect(s.finalContextTokens).toBe(MOCK_CONTEXT);
      expect(s.firstContextTokens).toBe(MOCK_CONTEXT);
    }
  });

  it("pairs the session /clear started with the one it ended, by the /clear command record, and measures both sides", () => {
    const clears = report.restarts.filter((r) => r.kind === "clear");
    expect(clears).toHaveLength(1);
    expect(clears[0]).toMatchObject({
      sessionId: ids["clear-after"],
      previousSessionId: ids["clear-before"],
      pairedBy: "clear-command",
      confidence: "clear-record",
      notAveraged: null,
      before: readTranscriptIndependently(placed["clear-before"]).finalContext,
      after: readTranscriptIndependently(placed["clear-after"]).firstContext,
      saving: 0,
      threadMind: null,
    });
    expect(clears[0]!.before).toBe(MOCK_CONTEXT);
    // The /clear command record is 38 ms after the ended session's last record (the 5 s tolerance allows records a little after it).
    expect(clears[0]!.gapMs).toBeLessThan(5_000);
    expect(report.sessions.find((s) => s.sessionId === ids["clear-after"])!.startedByClear).toBe(true);
  });

  it("reads the manual compaction: preTokens before, the first response after", () => {
    const compactions = report.restarts.filter((r) => r.kind === "compaction");
    expect(compactions).toHaveLength(1);
    expect(compactions[0]).toMatchObject({
      sessionId: ids.compact,
      trigger: "manual",
      before: MOCK_PRE_TOKENS,
      beforeFrom: "preTokens",
      after: MOCK_CONTEXT,
      afterFrom: "context-after-boundary",
    });
    const e = readTranscriptIndependently(placed.compact).compactions[0]!;
    expect(compactions[0]!.before).toBe(e.preTokens);
    expect(compactions[0]!.after).toBe(e.contextAfter);
  });

  it("counts the probe plugin's injections as other hooks' (startup, clear, compact), none as ThreadMind's", () => {
    const other = Object.fromEntries(report.sessions.map((s) => [s.sessionId, s.otherInjections]));
    expect(other[ids.compact]).toBe(2);
    expect(other[ids["clear-after"]]).toBe(1);
    expect(report.sessions.every((s) => s.threadMindInjections === 0 && !s.withThreadMind)).toBe(true);
    expect(
      report.byKind.map((k) => [k.kind, k.withoutThreadMind.restarts, k.withoutThreadMind.measured, k.withThreadMind.restarts]),
    ).toEqual([
      ["clear", 1, 1, 0],
      ["manual-compaction", 1, 1, 0],
    ]);
  });

  it("checks receipts of recorded injections: delivered when the text is there, missing when not, not-scanned without transcript", async () => {
    const clearText = injectedText(placed["clear-after"]);
    const measurements: Measurements = {
      ...emptyMeasurements(),
      injections: [
        injection(ids["clear-after"], clearText, "clear", "delivered"),
        injection(
          ids.startup,
          "ThreadMind memory, loaded at session start: a text that never reached the transcript",
          "startup",
          "pending",
        ),
        injection("00000000-0000-4000-8000-000000000000", "gone", "startup", "pending"),
      ],
    };
    const checked = await setting.report(measurements);
    expect(checked.receipts.details.map((d) => [d.sessionId, d.recorded, d.checked])).toEqual([
      [ids["clear-after"], "delivered", "delivered"],
      [ids.startup, "pending", "missing"],
      ["00000000-0000-4000-8000-000000000000", "pending", "not-scanned"],
    ]);
    expect(checked.receipts.recorded).toEqual({ delivered: 1, preview: 0, missing: 0, pending: 2 });
    expect(checked.receipts.checked).toEqual({ delivered: 1, preview: 0, missing: 1, "not-scanned": 1 });
    // An injection recorded for the cleared session that is missing from its transcript makes the restart "missing".
    const missing = await setting.report({
      ...emptyMeasurements(),
      injections: [injection(ids["clear-after"], "ThreadMind memory, loaded after /clear: lost", "clear", "pending")],
    });
    expect(missing.restarts.find((r) => r.kind === "clear")!.threadMind).toMatchObject({ receipt: "missing", threadId: "main" });
  });

  it("tells a previewed injection (over 10,000 characters) from a missing one through the file Claude Code saved the full text to", async () => {
    // The fixture's HOME is /home/tester (README): move it to a temp HOME so the saved-output path can exist.
    const home = realpathSync(mkdtempSync(join(tmpdir(), "tm-report-home-")));
    const config = join(home, ".claude");
    try {
      // Claude Code saves the full text in the session's folder beside the transcript: the project folder moves with it.
      const text = readFileSync(join(dir, "cap-over-10001-preview.jsonl"), "utf8")
        .split("/home/tester/.claude/projects/-home-tester-project/")
        .join(`${home}/.claude/projects/${folderNameFor(setting.workspace)}/`)
        .split("/home/tester")
        .join(home)
        .replace(/"cwd":"(?:[^"\\]|\\.)*"/g, `"cwd":${JSON.stringify(setting.workspace)}`);
      const folder = join(config, "projects", folderNameFor(setting.workspace));
      mkdirSync(folder, { recursive: true });
      const sessionId = sessionIdIn(text);
      writeFileSync(join(folder, `${sessionId}.jsonl`), text);
      const hookLine = text.split("\n").find((l) => l.includes('"hook_success"'))!;
      const printed = (
        JSON.parse((JSON.parse(hookLine) as { attachment: { stdout: string } }).attachment.stdout) as {
          hookSpecificOutput: { additionalContext: string };
        }
      ).hookSpecificOutput.additionalContext;
      expect(printed).toHaveLength(10_001);
      const saved = /Full output saved to: ([^\n]+)\n/.exec(
        text
          .split("\n")
          .find((l) => l.includes('"hook_additional_context"'))!
          .replace(/\\n/g, "\n"),
      )![1]!;
      const measurements: Measurements = {
        ...emptyMeasurements(),
        injections: [{ ...injection(sessionId, printed, "startup", "pending"), threadId: "probe" }],
      };
      const check = () =>
        buildSavingsReport({ workspaceRoot: setting.workspace, projectsDir: join(config, "projects"), measurements });
      expect((await check()).receipts.details.map((d) => d.checked)).toEqual(["missing"]);
      mkdirSync(dirname(saved), { recursive: true });
      writeFileSync(saved, printed);
      expect((await check()).receipts.details.map((d) => d.checked)).toEqual(["preview"]);
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
  });
});
