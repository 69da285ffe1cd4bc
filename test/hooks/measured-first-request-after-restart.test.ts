// Guards the measured "after" of a restart: the hook that settles an injection's receipt also records the size of the
// first request after it (input + cache tokens, from the transcript), and stats_show pairs that measured size, not the
// estimate of ThreadMind's context, with the size before.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { spawnSync } from "node:child_process";
import { afterEach, describe, expect, test } from "vitest";
import { ThreadMindServices } from "../../src/core/services.js";
import { resolveWorkspace } from "../../src/core/workspace.js";
import { claudeInstanceSession } from "../../src/core/session-key.js";
import { collectStats, renderStats } from "../../src/core/savings/stats.js";
import { readMeasurementLog } from "../../src/core/measure/measurement-log-read.js";
import { logLines, storeMeasurements } from "../support/store-measurements.js";
import { makeTempRepo, type TempRepo } from "../support/temp-repo.js";
import { readTranscriptIndependently } from "../support/independent-transcript-reading.js";
import { firstRequestAfter, readReceiptHeads } from "../../src/hooks/receipts.js";
import { assistant, hookInjection, jsonl, user } from "../transcript/transcript-builders.js";

const HOOK = join(import.meta.dirname, "../../plugin/dist/hook.cjs");
let repo: TempRepo;
afterEach(() => repo?.cleanup());

function services(): ThreadMindServices {
  const env = { THREADMIND_ROOT: repo.dir };
  return new ThreadMindServices({
    workspace: resolveWorkspace({ env, cwd: repo.dir }),
    session: claudeInstanceSession(process.pid),
    env,
  });
}

function hook(name: string, input: Record<string, string>): string | null {
  const run = spawnSync(process.execPath, [HOOK, name], {
    cwd: repo.dir,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, CLAUDE_PID: String(process.pid), CLAUDE_PROJECT_DIR: repo.dir },
    input: JSON.stringify({ cwd: repo.dir, ...input }),
    encoding: "utf8",
  });
  expect(run.status).toBe(0);
  if (run.stdout.trim() === "") return null;
  return (
    (JSON.parse(run.stdout) as { hookSpecificOutput?: { additionalContext?: string } }).hookSpecificOutput?.additionalContext ??
    null
  );
}

/** A realistic first request: Claude Code's system prompt and tools (~18,000 tokens) plus ThreadMind's context and the prompt. */
const FIRST_REQUEST = { input: 6, cacheCreation: 19_954, cacheRead: 0 };

describe("the measured size of the first request after a restart", () => {
  test("is recorded with the receipt at the next SessionEnd, and stats_show pairs it with the size before (ThreadMind's share beside it)", async () => {
    repo = makeTempRepo();
    repo.commit("init", { "README.md": "x\n" });
    const s = services();
    await s.projectCreate({ title: "Shop" });
    await s.summaryUpdate({ content: "## Decisions\n- Money in integer cents" });

    // The ended conversation: 48,210 tokens when /clear ended it.
    const before = join(repo.dir, "before.jsonl");
    writeFileSync(
      before,
      jsonl([user("hello"), assistant({ id: "m1", input: 10, cacheCreation: 2_200, cacheRead: 46_000, output: 50 })]),
    );
    hook("session-end", { session_id: "old-session", hook_event_name: "SessionEnd", reason: "clear", transcript_path: before });
    // The new session: its transcript does not exist yet at SessionStart(clear).
    const after = join(repo.dir, "after.jsonl");
    const context = hook("session-start", {
      session_id: "new-session",
      hook_event_name: "SessionStart",
      source: "clear",
      transcript_path: after,
    });
    expect(context).toContain("ThreadMind memory, loaded after /clear");
    writeFileSync(
      after,
      jsonl([
        ...hookInjection(context!, "clear"),
        user("go on"),
        assistant({ id: "m2", ...FIRST_REQUEST, output: 20 }),
        assistant({ id: "m3", input: 5, cacheRead: 25_000, output: 20 }),
      ]),
    );

    // Before the new session ends, only the estimate is known: it is said to be one, and not averaged.
    let text = renderStats(await collectStats(services()));
    expect(text).toContain("    /clear: 1 with ThreadMind context (~");
    expect(text).toContain("estimated) whose first request after is not measured (");
    expect(text).not.toContain("tokens measured (");

    hook("session-end", { session_id: "new-session", hook_event_name: "SessionEnd", reason: "other", transcript_path: after });
    const receipt = logLines(repo.dir).find((e) => e.kind === "receipt" && e.sessionId === "new-session");
    expect(receipt).toMatchObject({ receipt: "delivered", firstRequestTokens: 19_960 });
    const injection = storeMeasurements(join(repo.dir, ".threadmind")).measurements.injections.find(
      (i) => i.sessionId === "new-session",
    )!;
    expect(injection.firstRequestTokens).toBe(19_960);

    text = renderStats(await collectStats(services()));
    expect(text).toContain(
      `    /clear: 48,210 → 19,960 tokens measured (−58.6%; ThreadMind ~${injection.tokens.toLocaleString("en-US")} of it), average of 1 restart`,
    );
    expect(text).not.toContain("whose first request after is not measured (");
  });

  test("is absent when no request followed the injection (the session ended right after /clear)", async () => {
    repo = makeTempRepo();
    repo.commit("init", { "README.md": "x\n" });
    const s = services();
    await s.projectCreate({ title: "Shop" });
    const after = join(repo.dir, "after.jsonl");
    const context = hook("session-start", {
      session_id: "new-session",
      hook_event_name: "SessionStart",
      source: "clear",
      transcript_path: after,
    });
    writeFileSync(after, jsonl(hookInjection(context!, "clear")));
    hook("session-end", { session_id: "new-session", hook_event_name: "SessionEnd", reason: "other", transcript_path: after });
    const injection = storeMeasurements(join(repo.dir, ".threadmind")).measurements.injections.find(
      (i) => i.sessionId === "new-session",
    )!;
    expect(injection.receipt).toBe("delivered");
    expect(injection.firstRequestTokens).toBeUndefined();
  });
});

describe("the first request after an injection, read from real Claude Code 2.1.332 transcripts", () => {
  const cc = join(import.meta.dirname, "../fixtures/transcripts/cc-2.1.332");
  /** The mock's usage in every response of these fixtures: 4,321 + 1,234 + 56,789. */
  const MOCK_CONTEXT = 62_344;
  const pendingAt = (source: string, transcriptOffset: number) =>
    ({
      at: "2026-11-30T05:41:15.000Z",
      sessionId: "s",
      source,
      projectId: "p",
      threadId: "t",
      chars: 1,
      tokens: 1,
      omitted: 0,
      receipt: "pending",
      contentHash: "h",
      transcriptOffset,
    }) as const;

  test("after /clear: the new session's first response (the head from offset 0)", async () => {
    const path = join(cc, "clear-after.jsonl");
    const injection = pendingAt("clear", 0);
    const reading = await readReceiptHeads([injection], path);
    expect(firstRequestAfter(reading, injection)).toBe(MOCK_CONTEXT);
    expect(readTranscriptIndependently(path).firstContext).toBe(MOCK_CONTEXT);
  });

  test("after a compaction: the first response after the SessionStart(compact) injection's offset, not the one before the boundary", async () => {
    const path = join(cc, "compact.jsonl");
    const text = readFileSync(path, "utf8");
    const lines = text.split("\n");
    const at = lines.findIndex((l) => l.includes('"hookName":"SessionStart:compact"'));
    expect(at).toBeGreaterThan(0);
    const offset = Buffer.byteLength(lines.slice(0, at).join("\n")) + 1;
    const injection = pendingAt("compact", offset);
    const reading = await readReceiptHeads([injection], path);
    expect(firstRequestAfter(reading, injection)).toBe(readTranscriptIndependently(path).compactions[0]!.contextAfter);
    expect(firstRequestAfter(reading, injection)).toBe(MOCK_CONTEXT);
    // The compaction's own size before is recorded by PreCompact, never taken as the "after".
    const early = pendingAt("compact", Buffer.byteLength(text));
    expect(firstRequestAfter(await readReceiptHeads([early], path), early)).toBeNull();
  });
});

describe("the measured first request in measurements.jsonl", () => {
  test("is taken from a receipt line only, and a receipt whose size is not a token count is not a measurement", () => {
    const dir = mkdtempSync(join(tmpdir(), "tm-first-request-log-"));
    try {
      const injection = {
        kind: "injection",
        at: "2026-09-20T10:00:01.000Z",
        sessionId: "b",
        source: "clear",
        projectId: "p",
        threadId: "t",
        chars: 400,
        tokens: 115,
        omitted: 0,
        contentHash: "h",
      };
      const lines = [
        { ...injection, firstRequestTokens: 99 },
        {
          kind: "receipt",
          at: "2026-09-20T10:05:00.000Z",
          sessionId: "b",
          injectionAt: injection.at,
          contentHash: "h",
          receipt: "delivered",
          firstRequestTokens: -5,
        },
        { ...injection, sessionId: "c", contentHash: "k" },
        {
          kind: "receipt",
          at: "2026-09-20T10:06:00.000Z",
          sessionId: "c",
          injectionAt: injection.at,
          contentHash: "k",
          receipt: "delivered",
          firstRequestTokens: 19_960,
        },
      ];
      writeFileSync(join(dir, "measurements.jsonl"), lines.map((l) => `${JSON.stringify(l)}\n`).join(""));
      const read = readMeasurementLog(dir);
      expect(read.unreadableLines).toBe(1);
      expect(read.measurements.injections.map((i) => [i.sessionId, i.receipt, i.firstRequestTokens])).toEqual([
        ["b", "pending", undefined],
        ["c", "delivered", 19_960],
      ]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
