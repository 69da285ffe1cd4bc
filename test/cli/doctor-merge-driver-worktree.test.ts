// Bug: in a linked git worktree (where .git is a file), doctor said the merge driver is "set in <worktree>/.git/config",
// a path that does not exist: git keeps it in the main repository's config, which git-setup writes and doctor reads.
import { realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, expect, it } from "vitest";
import type { DoctorCheck } from "../../src/core/doctor/doctor-types.js";
import { servicesFor } from "../support/core-services.js";
import { makeTempRepo } from "../support/temp-repo.js";
import { makeHome, runCli } from "../support/run-cli.js";

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});

it("doctor in a linked worktree names the config file git-setup wrote (the main repository's)", async () => {
  const r = makeTempRepo();
  cleanups.push(r.cleanup);
  await servicesFor(r.dir).projectCreate({ title: "Shop" });
  r.commit("store");
  const worktree = join(realpathSync(tmpdir()), `tm-worktree-${process.pid}-${Date.now()}`);
  r.git("worktree", "add", "-q", worktree, "-b", "feature");
  cleanups.push(() => rmSync(worktree, { recursive: true, force: true }));
  const h = makeHome();
  cleanups.push(() => rmSync(h, { recursive: true, force: true }));
  expect(runCli(["git-setup"], { cwd: worktree, home: h }).code).toBe(0);
  const run = runCli(["doctor", "--json"], { cwd: worktree, home: h });
  const check = (JSON.parse(run.stdout) as { checks: DoctorCheck[] }).checks.find((c) => c.id === "merge-driver");
  expect(check?.status).toBe("ok");
  const detail = check?.detail.join("\n") ?? "";
  expect(detail).not.toContain(join(worktree, ".git", "config"));
  expect(detail).toContain(join(realpathSync(r.dir), ".git", "config"));
});
