// The UserPromptSubmit hook as Claude Code runs it (the built bundle): silent without a project (stdin never read), silent
// with nothing to say or a transcript it cannot read, one nudge once past the threshold, never when set to 0.
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { makeTempRepo, type TempRepo } from "../support/temp-repo.js";
import { servicesFor } from "../support/core-services.js";
import { assistant, compactBoundary, jsonl, user } from "../transcript/transcript-builders.js";
import { parseHookStdout, runHookProcess } from "../reliability/hook-process.js";

const CLAUDE_PID = 424_242;
const SESSION = "aaaaaaaa-2222-4333-8444-555555555555";
let repos: TempRepo[] = [];
afterEach(() => {
  for (const r of repos) r.cleanup();
  repos = [];
});

function repo(): TempRepo {
  const r = makeTempRepo({ prefix: "tm-prompt-hook-" });
  repos.push(r);
  return r;
}

async function project(dir: string): Promise<void> {
  const services = servicesFor(dir);
  await services.projectCreate({ title: "Refunds" });
  await services.summaryUpdate({ content: "## Decisions\n- Nothing yet." });
}

function transcript(dir: string, records: ReturnType<typeof assistant>[]): string {
  const path = join(dir, "transcript.jsonl");
  writeFileSync(path, jsonl(records));
  return path;
}

/** UserPromptSubmit as Claude Code runs it in `dir`, reading `transcriptPath`. */
const promptHook = (dir: string, transcriptPath: string) =>
  runHookProcess("user-prompt-submit", { cwd: dir, sessionId: SESSION, transcriptPath, claudePid: CLAUDE_PID });

const logText = (dir: string) => readFileSync(join(dir, ".threadmind", "measurements.jsonl"), "utf8");

describe("UserPromptSubmit hook process", () => {
  it("without a project exits 0 and prints nothing, without reading its input (an unfinished input on an open stdin)", async () => {
    const dir = repo().dir;
    const run = await runHookProcess("user-prompt-submit", {
      cwd: dir,
      sessionId: SESSION,
      transcriptPath: join(dir, "t.jsonl"),
      claudePid: CLAUDE_PID,
      stdin: '{"session_id":',
      keepStdinOpen: true,
      killAfterMs: 15_000,
    });
    expect(run).toMatchObject({ code: 0, hung: false, stdout: "" });
  });

  it("prints nothing below the threshold, and logs only the first size it saw as the baseline", async () => {
    const dir = repo().dir;
    await project(dir);
    const before = logText(dir);
    const path = transcript(dir, [user("hello"), assistant({ id: "m1", input: 29_000, output: 5 })]);
    const run = await promptHook(dir, path);
    expect(run).toMatchObject({ code: 0, stdout: "" });
    const added = logText(dir).slice(before.length).trim().split("\n");
    expect(added.map((l) => JSON.parse(l) as { mark: string; contextTokens: number })).toEqual([
      expect.objectContaining({ kind: "freshnessMark", mark: "baseline", contextTokens: 29_000 }),
    ]);
    expect((await promptHook(dir, path)).stdout).toBe("");
    expect(logText(dir).slice(before.length).trim().split("\n")).toHaveLength(1);
  });

  it("past the threshold beyond the conversation's first request prints one UserPromptSubmit additionalContext, once", async () => {
    const dir = repo().dir;
    await project(dir);
    // The first size seen is the baseline (the conversation's first request), never 0.
    const start = transcript(dir, [user("hello"), assistant({ id: "m0", input: 1_000, output: 5 })]);
    expect(await promptHook(dir, start)).toMatchObject({ code: 0, stdout: "" });
    const path = transcript(dir, [user("hello"), assistant({ id: "m1", input: 21_000, cacheRead: 11_000, output: 5 })]);
    const first = await promptHook(dir, path);
    const printed = parseHookStdout(first.stdout);
    expect(printed?.hookSpecificOutput?.hookEventName).toBe("UserPromptSubmit");
    expect(printed?.hookSpecificOutput?.additionalContext).toContain(
      'about 31,000 conversation tokens since this conversation\'s first request, and the summary of thread "main" was not written in it',
    );
    expect(printed?.systemMessage).toBeUndefined();
    const again = await promptHook(dir, path);
    expect(again).toMatchObject({ code: 0, stdout: "" });
  });

  it("gives no nudge from a size that predates a compaction", async () => {
    const dir = repo().dir;
    await project(dir);
    const path = transcript(dir, [
      user("hello"),
      assistant({ id: "m1", input: 90_000, output: 5 }),
      compactBoundary({ trigger: "manual", preTokens: 90_000 }),
    ]);
    const run = await promptHook(dir, path);
    expect(run).toMatchObject({ code: 0, stdout: "" });
  });

  it("is off with freshness.nudgeTokens 0, and follows a project's own threshold", async () => {
    const dir = repo().dir;
    await project(dir);
    const projectFile = join(dir, ".threadmind", "projects", "refunds.json");
    const config = JSON.parse(readFileSync(projectFile, "utf8")) as Record<string, unknown>;
    const path = transcript(dir, [user("hello"), assistant({ id: "m1", input: 46_000, output: 5 })]);
    writeFileSync(projectFile, JSON.stringify({ ...config, freshness: { nudgeTokens: 0 } }));
    expect((await promptHook(dir, path)).stdout).toBe("");
    writeFileSync(projectFile, JSON.stringify({ ...config, freshness: { nudgeTokens: 50_000 } }));
    const start = transcript(dir, [user("hello"), assistant({ id: "m0", input: 1_000, output: 5 })]);
    expect((await promptHook(dir, start)).stdout).toBe("");
    transcript(dir, [user("hello"), assistant({ id: "m1", input: 46_000, output: 5 })]);
    expect((await promptHook(dir, path)).stdout).toBe("");
    writeFileSync(projectFile, JSON.stringify({ ...config, freshness: { nudgeTokens: 40_000 } }));
    const run = await promptHook(dir, path);
    expect(parseHookStdout(run.stdout)?.hookSpecificOutput?.additionalContext).toContain("about 45,000 conversation tokens");
  });

  it("never nudges toward a thread other than the window's: its own thread deleted by a checkout, it says nothing", async () => {
    const dir = repo().dir;
    await project(dir);
    // This window chose its own thread; another session went back to main afterwards (the branch's last choice).
    const window = servicesFor(dir, `claude-${CLAUDE_PID}`);
    const own = (await window.threadCreate({ title: "Partial refunds", parentId: "main" })).thread.id;
    await window.threadSwitch(own);
    await servicesFor(dir, "other-window").threadSwitch("main");
    // The conversation's first request, measured on the window's thread: the baseline.
    const start = transcript(dir, [user("hello"), assistant({ id: "m0", input: 1_000, output: 5 })]);
    expect(await promptHook(dir, start)).toMatchObject({ code: 0, stdout: "" });
    const path = transcript(dir, [user("hello"), assistant({ id: "m1", input: 45_000, output: 5 })]);
    // A checkout of a branch that does not have the thread removes its file. The old hook then named it (a thread
    // summary_update cannot write) or, by the branch, main (which summary_update naming no thread refuses then).
    // Format 2: the thread is its folder; moved aside as the checkout removes it, and back as a checkout restores it.
    const folder = join(dir, ".threadmind", "threads", "refunds", own);
    const aside = join(dir, `aside-${own}`);
    renameSync(folder, aside);
    expect(await promptHook(dir, path)).toMatchObject({ code: 0, stdout: "" });
    // Checked out again: the same prompt is nudged toward the window's own thread.
    renameSync(aside, folder);
    const nudged = await promptHook(dir, path);
    expect(parseHookStdout(nudged.stdout)?.hookSpecificOutput?.additionalContext).toContain(`thread "${own}"`);
  });

  it("stays silent, with no failure line, before a prompt larger than the input bound (a pasted log of 1.5 MB)", async () => {
    const dir = repo().dir;
    await project(dir);
    const path = transcript(dir, [user("hello"), assistant({ id: "m1", input: 45_000, output: 5 })]);
    const run = await runHookProcess("user-prompt-submit", {
      cwd: dir,
      sessionId: SESSION,
      transcriptPath: path,
      claudePid: CLAUDE_PID,
      event: { prompt: "x".repeat(1_500_000) },
    });
    expect(run).toMatchObject({ code: 0, stdout: "" });
  });

  it("stays silent when the measurement log is not a regular file (a directory committed in its place), prompt after prompt", async () => {
    const dir = repo().dir;
    await project(dir);
    const log = join(dir, ".threadmind", "measurements.jsonl");
    rmSync(log);
    mkdirSync(log);
    const path = transcript(dir, [user("hello"), assistant({ id: "m1", input: 45_000, output: 5 })]);
    for (let prompt = 0; prompt < 2; prompt++) expect(await promptHook(dir, path)).toMatchObject({ code: 0, stdout: "" });
  });

  it("stays silent with a transcript it cannot read (a directory, a FIFO nobody writes to)", async () => {
    const dir = repo().dir;
    await project(dir);
    const asDir = join(dir, "a-directory.jsonl");
    mkdirSync(asDir);
    const fifo = join(dir, "fifo.jsonl");
    execFileSync("mkfifo", [fifo]);
    for (const path of [asDir, fifo]) {
      const run = await runHookProcess("user-prompt-submit", {
        cwd: dir,
        sessionId: SESSION,
        transcriptPath: path,
        claudePid: CLAUDE_PID,
        killAfterMs: 15_000,
      });
      expect(run, path).toMatchObject({ code: 0, hung: false, stdout: "" });
    }
  });
});
