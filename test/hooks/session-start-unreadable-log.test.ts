// SessionStart after /clear or a compaction still puts the window's context back when the measurement log cannot be read (a directory, a FIFO or a link committed in its place by a hostile repository): the failure is one line, never the context.
import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { type TempRepo, reposPerTest } from "../support/temp-repo.js";
import { servicesFor } from "../support/core-services.js";
import { parseHookStdout, runHookProcess } from "../reliability/hook-process.js";

const CLAUDE_PID = 626_262;
const newRepo = reposPerTest();

async function windowOnRefunds(): Promise<TempRepo> {
  const repo = newRepo({ prefix: "tm-unreadable-log-" });
  const s = servicesFor(repo.dir, `claude-${CLAUDE_PID}`);
  await s.projectCreate({ title: "Shop" });
  const refunds = (await s.threadCreate({ title: "Refunds", parentId: "main" })).thread.id;
  await s.threadSwitch(refunds);
  await s.summaryUpdate({ content: "## Decisions\n- Refunds within 30 days" });
  return repo;
}

const replacements: Record<string, (log: string, repo: TempRepo) => void> = {
  "a directory": (log) => mkdirSync(log),
  "a FIFO": (log) => execFileSync("mkfifo", [log]),
  "a link out of the repository": (log, repo) => symlinkSync(join(repo.dir, "..", "elsewhere.jsonl"), log),
};

describe("SessionStart with a measurement log it cannot read", () => {
  for (const [what, replace] of Object.entries(replacements)) {
    it(`after /clear, with ${what} in its place: the window's context, and one line saying what failed`, async () => {
      const repo = await windowOnRefunds();
      const log = join(repo.dir, ".threadmind", "measurements.jsonl");
      rmSync(log, { force: true });
      replace(log, repo);
      const run = await runHookProcess("session-start", {
        cwd: repo.dir,
        sessionId: "after-clear",
        transcriptPath: join(repo.dir, "after-clear.jsonl"),
        claudePid: CLAUDE_PID,
        event: { source: "clear" },
        killAfterMs: 20_000,
      });
      expect(run).toMatchObject({ code: 0, hung: false });
      const printed = parseHookStdout(run.stdout);
      expect(printed?.hookSpecificOutput?.additionalContext).toContain("Refunds within 30 days");
      expect(printed?.systemMessage).toContain("measurements.jsonl");
    });
  }
});
