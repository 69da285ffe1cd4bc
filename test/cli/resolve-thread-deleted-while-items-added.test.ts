// Guards #25's delete/add case: a thread deleted on one branch while the other adds items to it. Plain git (git merge
// without a driver, merge-tree) reports nothing (thread.md unchanged on the adding side, items new files) and leaves the
// folder with items but no thread.md. The store names it with the fix, SessionStart and the tools keep working, doctor
// names it, and `resolve` restores it with its items (thread.md from git history) or, with --delete, deletes it for good.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { reposPerTest } from "../support/temp-repo.js";
import { servicesFor } from "../support/core-services.js";
import { commitStore, conflictMarkerFiles, expectNoDriver, git, gitOk, integrate } from "../support/plain-git.js";
import { homesPerTest, runCli } from "../support/run-cli.js";
import { checkThreads } from "../../src/core/doctor/doctor-store-checks.js";
import { parseHookStdout, runHookProcess } from "../reliability/hook-process.js";

const newRepo = reposPerTest();
const FOLDER = ".threadmind/threads/p/billing";

/** Base: thread billing with a decision; branch del deletes it, branch add adds a decision to it; merged as `how` does. */
async function deletedWhileAdded(how: "git merge" | "merge-tree"): Promise<{ dir: string; head: string }> {
  const { dir } = newRepo();
  const s = servicesFor(dir);
  await s.projectCreate({ title: "P" });
  await s.summaryUpdate({ section: "decisions", content: "- MAIN-D1 orders in Postgres" });
  await s.threadCreate({ title: "Billing", parentId: "main" });
  await s.summaryUpdate({ threadId: "billing", section: "decisions", content: "- BASE-BILL invoices are monthly" });
  await s.threadSwitch("main");
  commitStore(dir, "base");
  expectNoDriver(dir);
  const head = readFileSync(join(dir, FOLDER, "thread.md"), "utf8");
  gitOk(dir, "checkout", "-q", "-b", "del");
  await servicesFor(dir).threadDelete("billing");
  commitStore(dir, "delete billing");
  gitOk(dir, "checkout", "-q", "-b", "add", "main");
  await servicesFor(dir).summaryUpdate({ threadId: "billing", section: "decisions", content: "- ADD-BILL invoices in EUR" });
  commitStore(dir, "a decision on billing");
  const r = integrate(dir, how, "del", "add", "merged");
  expect(r.clean, r.out).toBe(true);
  expect(conflictMarkerFiles(dir)).toEqual([]);
  expect(existsSync(join(dir, FOLDER, "thread.md"))).toBe(false);
  expect(existsSync(join(dir, FOLDER, "decisions"))).toBe(true);
  return { dir, head };
}

// Removed after each test (each run left four tm-home-* folders in the temp dir).
const home = homesPerTest();

describe("a thread deleted on one branch while the other added items to it", () => {
  for (const how of ["git merge", "merge-tree"] as const) {
    test(`${how}: named with the fix, SessionStart and doctor keep working; resolve restores it with every item, none lost`, async () => {
      const { dir, head } = await deletedWhileAdded(how);
      const read = servicesFor(dir).store.readAllThreads("p");
      expect(read.threads.has("main")).toBe(true);
      expect(read.problems.map((p) => p.reason).join("\n")).toContain("run /thread-mind:resolve");
      const doctor = checkThreads(servicesFor(dir));
      expect(doctor.status).toBe("fail");
      expect(doctor.detail.join("\n")).toContain(`${FOLDER}/thread.md: is missing`);
      expect(doctor.detail.join("\n")).toContain("resolve --delete");

      const sessionId = "s-deleted";
      const run = await runHookProcess("session-start", {
        cwd: dir,
        sessionId,
        transcriptPath: join(dir, `${sessionId}.jsonl`),
        claudePid: process.pid,
        event: { source: "startup" },
      });
      expect(run).toMatchObject({ code: 0, stderr: "" });
      expect(parseHookStdout(run.stdout)?.hookSpecificOutput?.additionalContext).toContain("- MAIN-D1 orders in Postgres");

      const resolved = runCli(["resolve"], { cwd: dir, home: home() });
      expect(resolved.stdout).toContain(`${FOLDER} kept with its items, its thread.md restored from commit`);
      expect(resolved.code).toBe(0);
      expect(readFileSync(join(dir, FOLDER, "thread.md"), "utf8")).toBe(head);
      const billing = servicesFor(dir).store.readThread("p", "billing");
      expect(billing.summary).toContain("- BASE-BILL invoices are monthly");
      expect(billing.summary).toContain("- ADD-BILL invoices in EUR");
      // thread.md and the item the deletion took came back, staged; the added item stays.
      const status = git(dir, "status", "--porcelain", "--", FOLDER).out.trim().split("\n");
      expect(status).toHaveLength(2);
      expect(status).toContain(`A  ${FOLDER}/thread.md`);
      expect(status.every((l) => l.startsWith("A  "))).toBe(true);
      expect(checkThreads(servicesFor(dir)).status).toBe("ok");
    });
  }

  test("resolve --delete deletes the folder for good, staged; anything else is refused", async () => {
    const { dir } = await deletedWhileAdded("git merge");
    const refused = runCli(["resolve", "--delete", ".threadmind/threads/p/main"], { cwd: dir, home: home() });
    expect(refused.stdout).toContain("not a thread folder without thread.md: .threadmind/threads/p/main");
    expect(refused.code).toBe(1);
    expect(existsSync(join(dir, ".threadmind/threads/p/main/thread.md"))).toBe(true);
    const deleted = runCli(["resolve", "--delete", FOLDER], { cwd: dir, home: home() });
    expect(deleted.stdout).toContain(`deleted for good: ${FOLDER}`);
    expect(deleted.code).toBe(0);
    expect(existsSync(join(dir, FOLDER))).toBe(false);
    expect(git(dir, "status", "--porcelain", "--", FOLDER).out).toMatch(/^D {2}\.threadmind\/threads\/p\/billing\/decisions\//);
    const read = servicesFor(dir).store.readAllThreads("p");
    expect(read.problems).toEqual([]);
    expect(read.threads.has("billing")).toBe(false);
  });
});
