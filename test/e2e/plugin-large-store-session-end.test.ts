// Real Claude Code on a large store (hundreds of threads, a measurement log near its rotation size in both files):
// SessionStart still injects and SessionEnd still records the session's size within Claude Code's SessionEnd budget.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sayWhySkipped } from "../support/skip-reason.js";
import { claudeAvailability } from "../support/claude-binary.js";
import { createClaudeSandbox } from "../support/claude-sandbox.js";
import type { ClaudeSandbox } from "../support/claude-sandbox.js";
import { textReply } from "../support/mock-anthropic.js";
import type { Usage } from "../support/mock-anthropic.js";
import { PLUGIN_ARGS } from "../support/plugin-e2e.js";
import { describeRun, expectSuccess } from "../support/run-claude.js";
import { createThreadMindRepo } from "../support/threadmind-repo.js";
import type { ThreadMindRepo } from "../support/threadmind-repo.js";
import { LOG_ROTATE_BYTES } from "../../src/core/measure/measurement-log.js";

const availability = await claudeAvailability();
sayWhySkipped(availability.available ? null : availability.reason);
const bin = availability.available ? availability.binary.path : "";
const RUN_TIMEOUT = 120_000;
const USAGE: Usage = { input_tokens: 4_321, cache_creation_input_tokens: 100, cache_read_input_tokens: 50_000, output_tokens: 9 };
const THREADS = 300;

/** Old sessions' events (ends, injections with their receipts), one JSON line each, just under `bytes`. */
function oldLog(prefix: string, projectId: string, bytes: number): string {
  const lines: string[] = [];
  let size = 0;
  for (let i = 0; size < bytes - 2_000; i++) {
    const at = new Date(Date.UTC(2026, 10, 1) + i * 1_000).toISOString();
    const sessionId = `${prefix}-${i}`;
    const events = [
      {
        kind: "injection",
        at,
        sessionId,
        source: "startup",
        projectId,
        threadId: "main",
        chars: 900,
        tokens: 250,
        omitted: 0,
        contentHash: `h${i}`,
      },
      { kind: "receipt", at, sessionId, injectionAt: at, contentHash: `h${i}`, receipt: "delivered" },
      { kind: "sessionEnd", at, sessionId, contextTokens: 10_000 + i, reason: "other" },
    ];
    for (const e of events) {
      const line = `${JSON.stringify(e)}\n`;
      lines.push(line);
      size += line.length;
    }
  }
  return lines.join("");
}

describe.skipIf(!availability.available)("plugin on a large store (real Claude Code)", () => {
  let sandbox: ClaudeSandbox;
  let repo: ThreadMindRepo;
  let sessionId: string;
  beforeAll(async () => {
    sandbox = await createClaudeSandbox({ bin, mock: { defaultReply: textReply("ok", USAGE) } });
    repo = await createThreadMindRepo("Large store", "LARGE-MAIN-MARKER: root.");
    let parent = "main";
    for (let i = 0; i < THREADS; i++) {
      const { thread } = await repo.services.threadCreate({ title: `Topic ${i}`, parentId: i % 10 === 0 ? "main" : parent });
      parent = thread.id;
    }
    await repo.startOn(parent);
    const storeDir = join(repo.dir, ".threadmind");
    writeFileSync(join(storeDir, "measurements.1.jsonl"), oldLog("older", repo.projectId, LOG_ROTATE_BYTES));
    writeFileSync(join(storeDir, "measurements.jsonl"), oldLog("old", repo.projectId, LOG_ROTATE_BYTES));
    const run = await sandbox.run(["-p", "hello", "--output-format", "json", ...PLUGIN_ARGS], {
      cwd: repo.dir,
      timeoutMs: RUN_TIMEOUT,
    });
    expectSuccess(run);
    const id = run.messages.find((m) => m.type === "result")?.session_id;
    if (typeof id !== "string") throw new Error(describeRun(run));
    sessionId = id;
  }, 3 * RUN_TIMEOUT);
  afterAll(async () => {
    await sandbox?.dispose();
    repo?.cleanup();
  });

  it("injects the start thread's context at startup, delivered", () => {
    const mine = repo.recorded().measurements.injections.filter((i) => i.sessionId === sessionId);
    expect(mine.map((i) => [i.source, i.receipt])).toEqual([["startup", "delivered"]]);
  });

  it("records the session's size at SessionEnd", () => {
    const ends = repo.recorded().measurements.sessionEnds.filter((e) => e.sessionId === sessionId);
    expect(ends.map((e) => [e.reason, e.contextTokens])).toEqual([
      ["other", USAGE.input_tokens + USAGE.cache_creation_input_tokens + USAGE.cache_read_input_tokens],
    ]);
  });
});
