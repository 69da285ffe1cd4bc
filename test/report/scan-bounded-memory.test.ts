// Guards that the report streams transcripts: scanning a generated 48 MB session must not grow the heap anywhere near its size.
import { closeSync, mkdtempSync, openSync, realpathSync, rmSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildSavingsReport, type ScanProgress } from "../../src/core/savings/savings-report.js";
import { emptyMeasurements } from "../../src/core/measure/measurements.js";
import { folderNameFor, makeFakeClaudeConfig, type FakeClaudeConfig } from "../support/fake-claude-projects.js";

const SESSION = "cccccccc-0000-4000-8000-000000000001";
const TARGET_BYTES = 48 * 1024 * 1024;
/** Far below what holding the file (48 MB as a string, more once split into lines) would take. */
const HEAP_GROWTH_BOUND = 20 * 1024 * 1024;

describe("scanning a large transcript", () => {
  let fake: FakeClaudeConfig;
  let workspace: string;
  let responses = 0;
  let lastContext = 0;

  beforeAll(() => {
    fake = makeFakeClaudeConfig();
    workspace = realpathSync(mkdtempSync(join(tmpdir(), "tm-report-big-")));
    const folder = join(fake.projectsDir, folderNameFor(workspace));
    const path = join(folder, `${SESSION}.jsonl`);
    fake.write(workspace, `${SESSION}.jsonl`, "");
    const fd = openSync(path, "a");
    const filler = "y".repeat(16 * 1024);
    let written = 0;
    let at = Date.parse("2026-05-01T08:00:00.000Z");
    try {
      while (written < TARGET_BYTES) {
        const ts = () => {
          at += 1000;
          return new Date(at).toISOString();
        };
        lastContext = 20_000 + responses * 7;
        const user = {
          type: "user",
          sessionId: SESSION,
          cwd: workspace,
          timestamp: ts(),
          message: { role: "user", content: [{ type: "tool_result", content: filler }] },
        };
        const usage = {
          input_tokens: 10,
          cache_creation_input_tokens: 500,
          cache_read_input_tokens: lastContext - 510,
          output_tokens: 40,
        };
        // Two streamed copies of each response (the second is final), as Claude Code writes them.
        const copy = (output: number) => ({
          type: "assistant",
          sessionId: SESSION,
          cwd: workspace,
          timestamp: ts(),
          requestId: `req_${responses}`,
          message: {
            id: `msg_${responses}`,
            model: "claude-opus-4-6",
            role: "assistant",
            content: [{ type: "text", text: "ok" }],
            usage: { ...usage, output_tokens: output },
          },
        });
        const chunk = `${JSON.stringify(user)}\n${JSON.stringify(copy(1))}\n${JSON.stringify(copy(40))}\n`;
        written += writeSync(fd, chunk);
        responses += 1;
      }
    } finally {
      closeSync(fd);
    }
  });

  afterAll(() => {
    fake.cleanup();
    rmSync(workspace, { recursive: true, force: true });
  });

  it("reads every response of a 48 MB file while the heap grows by less than 20 MB", async () => {
    const before = process.memoryUsage().heapUsed;
    let peak = before;
    const sample = () => {
      peak = Math.max(peak, process.memoryUsage().heapUsed);
    };
    const timer = setInterval(sample, 5);
    const progress: ScanProgress[] = [];
    try {
      const report = await buildSavingsReport({
        workspaceRoot: workspace,
        projectsDir: fake.projectsDir,
        measurements: emptyMeasurements(),
        onProgress: (p) => {
          sample();
          progress.push(p);
        },
      });
      sample();
      expect(report.scannedBytes).toBeGreaterThanOrEqual(TARGET_BYTES);
      expect(report.sessions).toHaveLength(1);
      expect(report.sessions[0]).toMatchObject({
        apiResponses: responses,
        finalContextTokens: lastContext,
        outputTokens: responses * 40,
      });
    } finally {
      clearInterval(timer);
    }
    expect(peak - before).toBeLessThan(HEAP_GROWTH_BOUND);
    // Progress came while the file was being read, not only at the end.
    expect(progress.filter((p) => p.bytesDone > 0 && p.bytesDone < p.bytesTotal).length).toBeGreaterThan(3);
  });
});
