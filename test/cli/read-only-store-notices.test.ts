// Guards what the CLI says about a `.threadmind/` on a read-only file system (a read-only bind mount; needs root to make).
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "vitest";
import { servicesFor } from "../support/core-services.js";
import { homesPerTest, runCli } from "../support/run-cli.js";
import { makeTempRepo } from "../support/temp-repo.js";

const newHome = homesPerTest();

/** Whether this process may bind-mount (root, or a container that allows it): tried once on a scratch directory. */
function canBindMount(): boolean {
  const dir = mkdtempSync(join(tmpdir(), "tm-ro-probe-"));
  try {
    execFileSync("mount", ["--bind", dir, dir], { stdio: "ignore" });
    execFileSync("umount", [dir], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const bindMountable = canBindMount();

test("a read-only .threadmind is named as read-only in the cache notices, not as 'no such file or directory' (Node's recursive mkdir says ENOENT)", async (ctx) => {
  ctx.skip(!bindMountable, "cannot bind-mount here (mount needs root, or a container that allows it)");
  const repo = makeTempRepo({ git: true });
  const store = join(repo.dir, ".threadmind");
  let mounted = false;
  try {
    const s = servicesFor(repo.dir, "writer");
    await s.projectCreate({ title: "P" });
    const { thread } = await s.threadCreate({ title: "Refunds", parentId: "main" });
    await s.summaryUpdate({ threadId: thread.id, section: "decisions", content: "- refunds go through Stripe" });
    rmSync(join(store, "cache"), { recursive: true, force: true });
    execFileSync("mount", ["--bind", store, store]);
    mounted = true;
    execFileSync("mount", ["-o", "remount,ro,bind", store]);
    for (const args of [["context"], ["search", "stripe"]]) {
      const run = runCli(args, { cwd: repo.dir, home: newHome() });
      expect(run.code).toBe(0);
      expect(run.stdout).toContain("refunds go through Stripe");
      const said = `${run.stdout}\n${run.stderr}`;
      expect(said).toContain("EROFS: read-only file system");
      expect(said).not.toContain("no such file or directory");
    }
  } finally {
    if (mounted) execFileSync("umount", [store]);
    repo.cleanup();
  }
});
