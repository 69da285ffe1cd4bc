// Guards the measured "after" of a restart: the hook that settles an injection's receipt also records the size of the
// first request after it (input + cache tokens, from the transcript), and stats_show pairs that measured size, not the
// estimate of ThreadMind's context, with the size before.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { spawnSync } from "node:child_process";
import { afterEach, describe, expect, test } from "vitest";
import { ThreadMindServices } from "../../src/core/services.js";
import { resolveWorkspace } from "../../src/core/workspace.js";
import { claudeInstanceSession } from "../../src/core/session-key.js";
import { collectStats, renderStats } from "../../src/core/stats.js";
import { storeMeasurements } from "../../src/core/measurement-log-read.js";
import { makeTempRepo, type TempRepo } from "../support/temp-repo.js";
import { assistant, hookInjection, jsonl, user } from "../transcript/transcript-builders.js";

const HOOK = join(import.meta.dirname, "../../plugin/dist/hook.cjs");
let repo: TempRepo;
afterEach(() => repo?.cleanup());

function services(): ThreadMindServices {
  const env = { THREADMIND_ROOT: repo.dir };
  return new ThreadMindServices({ workspace: resolveWorkspace({ env, cwd: repo.dir }), session: claudeInstanceSession(process.pid), env });
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
  return (JSON.parse(run.stdout) as { hookSpecificOutput?: { additionalContext?: string } }).hookSpecificOutput?.additionalContext ?? null;
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
    writeFileSync(before, jsonl([user("hello"), assistant({ id: "m1", input: 10, cacheCreation: 2_200, cacheRead: 46_000, output: 50 })]));
    hook("session-end", { session_id: "old-session", hook_event_name: "SessionEnd", reason: "clear", transcript_path: before });
    // The new session: its transcript does not exist yet at SessionStart(clear).
    const after = join(repo.dir, "after.jsonl");
    const context = hook("session-start", { session_id: "new-session", hook_event_name: "SessionStart", source: "clear", transcript_path: after });
    expect(context).toContain("ThreadMind memory, loaded after /clear");
    writeFileSync(after, jsonl([...hookInjection(context!, "clear"), user("go on"), assistant({ id: "m2", ...FIRST_REQUEST, output: 20 }), assistant({ id: "m3", input: 5, cacheRead: 25_000, output: 20 })]));

    // Before the new session ends, only the estimate is known: it is said to be one, and not averaged.
    let text = renderStats(await collectStats(services()));
    expect(text).toContain("    /clear: 1 with ThreadMind context (~");
    expect(text).toContain("estimated) whose first request after is not measured yet");
    expect(text).not.toContain("tokens measured (");

    hook("session-end", { session_id: "new-session", hook_event_name: "SessionEnd", reason: "other", transcript_path: after });
    const log = readFileSync(join(repo.dir, ".threadmind", "measurements.jsonl"), "utf8");
    const receipt = log.split("\n").filter(Boolean).map((l) => JSON.parse(l) as Record<string, unknown>).find((e) => e.kind === "receipt" && e.sessionId === "new-session");
    expect(receipt).toMatchObject({ receipt: "delivered", firstRequestTokens: 19_960 });
    const injection = storeMeasurements(join(repo.dir, ".threadmind")).measurements.injections.find((i) => i.sessionId === "new-session")!;
    expect(injection.firstRequestTokens).toBe(19_960);

    text = renderStats(await collectStats(services()));
    expect(text).toContain(`    /clear: 48,210 → 19,960 tokens measured (−58.6%; ThreadMind ~${injection.tokens.toLocaleString("en-US")} of it), average of 1 restart`);
    expect(text).not.toContain("whose first request after is not measured yet");
  });

  test("is absent when no request followed the injection (the session ended right after /clear)", async () => {
    repo = makeTempRepo();
    repo.commit("init", { "README.md": "x\n" });
    const s = services();
    await s.projectCreate({ title: "Shop" });
    const after = join(repo.dir, "after.jsonl");
    const context = hook("session-start", { session_id: "new-session", hook_event_name: "SessionStart", source: "clear", transcript_path: after });
    writeFileSync(after, jsonl(hookInjection(context!, "clear")));
    hook("session-end", { session_id: "new-session", hook_event_name: "SessionEnd", reason: "other", transcript_path: after });
    const injection = storeMeasurements(join(repo.dir, ".threadmind")).measurements.injections.find((i) => i.sessionId === "new-session")!;
    expect(injection.receipt).toBe("delivered");
    expect(injection.firstRequestTokens).toBeUndefined();
  });
});
