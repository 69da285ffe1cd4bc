// A session whose own thread's file is gone (a checkout of a branch without it, a teammate's deletion): reading goes on
// elsewhere with a notice, a write that names no thread is refused rather than landing on another thread, and a start
// after /clear makes the thread it fell back to the window's own.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { type TempRepo, reposPerTest } from "../support/temp-repo.js";
import { servicesFor } from "../support/core-services.js";
import { parseHookStdout, runHookProcess } from "../reliability/hook-process.js";
import { threadFilesText } from "../support/thread-files.js";

const CLAUDE_PID = 515_151;
const WINDOW = `claude-${CLAUDE_PID}`;
const newRepo = reposPerTest();

/** A project committed on main; the window then creates and chooses "auth" on branch feature, and goes back to main. */
async function onMainWithoutTheWindowsThread(): Promise<{ repo: TempRepo; mainText: string }> {
  const repo = newRepo({ prefix: "tm-thread-gone-" });
  repo.commit("init", { "README.md": "shop\n" });
  const setup = servicesFor(repo.dir, "setup");
  await setup.projectCreate({ title: "Shop" });
  await setup.summaryUpdate({ content: "## Decisions\n- Prices in cents" });
  repo.commit("threadmind");
  repo.git("checkout", "-q", "-b", "feature");
  const window = servicesFor(repo.dir, WINDOW);
  const auth = (await window.threadCreate({ title: "Auth", parentId: "main" })).thread.id;
  await window.threadSwitch(auth);
  await window.summaryUpdate({ content: "## Decisions\n- Sessions in Redis" });
  repo.commit("auth thread");
  repo.git("checkout", "-q", "main");
  return { repo, mainText: threadFilesText(repo.dir, "shop", "main") };
}

const GONE =
  'The thread "auth" this session was on has no file here (deleted, or on another branch since it was chosen): without a thread id this would change "main" instead. Pass threadId, or thread_switch to the thread to write to.';

describe("a session whose own thread's file is gone", () => {
  it("is refused a summary_update, thread_status or thread_merge that names no thread, and main is left as it was", async () => {
    const { repo, mainText } = await onMainWithoutTheWindowsThread();
    // A fresh server process of the same window, as Claude Code starts after the checkout.
    const s = servicesFor(repo.dir, WINDOW);
    await expect(s.summaryUpdate({ content: "## Decisions\n- Tokens rotate daily" })).rejects.toThrow(GONE);
    await expect(s.summaryUpdate({ section: "decisions", content: "- Tokens rotate daily" })).rejects.toThrow(GONE);
    await expect(s.threadStatus({ status: "done", reason: "shipped" })).rejects.toThrow(GONE);
    await expect(s.threadMerge({ parentSummary: "## Decisions\n- merged" })).rejects.toThrow(GONE);
    expect(threadFilesText(repo.dir, "shop", "main")).toBe(mainText);
    // Naming the thread writes it.
    await s.summaryUpdate({ threadId: "main", section: "decisions", content: "- Tokens rotate daily" });
    expect(threadFilesText(repo.dir, "shop", "main")).toContain("- Tokens rotate daily");
  });

  it("reads elsewhere with a notice, and thread_switch makes writes naming no thread go there", async () => {
    const { repo } = await onMainWithoutTheWindowsThread();
    const s = servicesFor(repo.dir, WINDOW);
    const { thread } = await s.currentThread();
    expect(thread.id).toBe("main");
    expect(s.notices).toContain(
      'The thread "auth" this session was on has no file here (deleted, or on another branch since it was chosen): this is "main" instead. thread_switch to choose a thread.',
    );
    await s.threadSwitch("main");
    await s.summaryUpdate({ section: "decisions", content: "- Tokens rotate daily" });
    expect((await s.currentThread()).thread.summary).toContain("- Tokens rotate daily");
  });

  it("is back on its thread when the branch that has it is checked out again", async () => {
    const { repo } = await onMainWithoutTheWindowsThread();
    repo.git("checkout", "-q", "feature");
    const s = servicesFor(repo.dir, WINDOW);
    await s.summaryUpdate({ section: "decisions", content: "- Tokens rotate daily" });
    const { thread, lost } = await s.currentThread();
    expect([thread.id, lost]).toEqual(["auth", null]);
    expect(thread.summary).toContain("- Tokens rotate daily");
  });

  it("after /clear starts on main, says why, and makes main the window's thread", async () => {
    const { repo } = await onMainWithoutTheWindowsThread();
    const run = await runHookProcess("session-start", {
      cwd: repo.dir,
      sessionId: "after-clear",
      transcriptPath: join(repo.dir, "after-clear.jsonl"),
      claudePid: CLAUDE_PID,
      event: { source: "clear" },
    });
    expect(run).toMatchObject({ code: 0 });
    const printed = parseHookStdout(run.stdout);
    expect(printed?.hookSpecificOutput?.additionalContext).toContain("Prices in cents");
    expect(printed?.systemMessage).toContain('The thread "auth" this session was on has no file here');
    // The conversation now holds main's context: a write naming no thread goes to main, without a notice.
    const s = servicesFor(repo.dir, WINDOW);
    await s.summaryUpdate({ section: "decisions", content: "- Tokens rotate daily" });
    expect((await s.currentThread()).thread.summary).toContain("- Tokens rotate daily");
    expect(s.notices).toEqual([]);
  });
});
