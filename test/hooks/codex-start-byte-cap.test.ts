// Guards SessionStart under Codex (told by its rollout path): a summary in CJK text under Claude Code's 10,000
// characters but over Codex's 10,000 UTF-8 bytes is cut by ThreadMind at a line, within the bytes, never into Codex's
// preview; the same thread under Claude Code arrives whole.
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { makeTempRepo, type TempRepo } from "../support/temp-repo.js";
import { servicesFor } from "../support/core-services.js";
import { parseHookStdout, runHookProcess } from "../reliability/hook-process.js";
import { claudeInstanceSession } from "../../src/core/session-key.js";

const PID = process.pid;
let repo: TempRepo;
const CJK_LINES = Array.from({ length: 160 }, (_, i) => `- 決定 ${i}: 日本語の要約はバイトで数えられる`);

beforeAll(async () => {
  repo = makeTempRepo();
  repo.commit("code", { "README.md": "x\n" });
  const s = servicesFor(repo.dir, claudeInstanceSession(PID).key);
  await s.projectCreate({ title: "Bytes" });
  await s.summaryUpdate({ content: `## Decisions\n${CJK_LINES.join("\n")}` });
}, 30_000);
afterAll(() => repo?.cleanup());

describe("SessionStart's context under Codex's byte cap", () => {
  test("is cut at a line to at most 10,000 UTF-8 bytes, with a note to the model and a line to the user", async () => {
    const rollout = join(repo.dir, "sessions", "2026", "12", "02", "rollout-2026-12-02T05-00-00-cx1.jsonl");
    const run = await runHookProcess("session-start", {
      cwd: repo.dir,
      sessionId: "cx1",
      transcriptPath: rollout,
      claudePid: PID,
      env: { CLAUDE_PID: null, CLAUDE_CODE_SESSION_ID: null },
    });
    expect(run).toMatchObject({ code: 0, stderr: "" });
    const out = parseHookStdout(run.stdout);
    const context = out?.hookSpecificOutput?.additionalContext ?? "";
    expect(context).toContain("決定 0:");
    expect(Buffer.byteLength(context)).toBeLessThanOrEqual(10_000);
    expect(context).toContain("left out to fit the agent's 10,000-byte cap");
    expect(context).not.toContain("\uFFFD");
    expect(out?.systemMessage).toContain("context cut to fit Codex's 10,000-byte cap");
  }, 30_000);

  test("arrives whole under Claude Code, whose cap counts characters", async () => {
    const run = await runHookProcess("session-start", {
      cwd: repo.dir,
      sessionId: "cc1",
      transcriptPath: join(repo.dir, "cc1.jsonl"),
      claudePid: PID,
    });
    const context = parseHookStdout(run.stdout)?.hookSpecificOutput?.additionalContext ?? "";
    expect(Buffer.byteLength(context)).toBeGreaterThan(10_000);
    expect(context).toContain(CJK_LINES.at(-1));
    expect(context).not.toContain("left out to fit");
  }, 30_000);
});
