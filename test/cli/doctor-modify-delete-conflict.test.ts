// A thread deleted on one branch and edited on the other (git's modify/delete conflict): doctor's only fix was
// "Run `thread-mind-mcp resolve`: it re-merges them by meaning", which has nothing to merge there. doctor now names
// the side that deleted it and the git commands that settle it, as resolve and the README do.
import { rmSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DoctorCheck } from "../../src/core/doctor/doctor-types.js";
import { servicesFor } from "../support/core-services.js";
import { toFormat1, writeFormat1 } from "../support/format1-threads.js";
import { makeTempRepo, type TempRepo } from "../support/temp-repo.js";
import { makeHome, runCli } from "../support/run-cli.js";

let repo: TempRepo;
const home = makeHome();
const file = ".threadmind/threads/shop/payments.md";

beforeAll(async () => {
  repo = makeTempRepo();
  repo.commit("init", { "README.md": "x\n" });
  await servicesFor(repo.dir, "setup").projectCreate({ title: "Shop" });
  await servicesFor(repo.dir, "setup").threadCreate({ title: "Payments", parentId: "main" });
  // A format-1 file (its one file is what git sees deleted on one side and changed on the other: the edit migrates it).
  toFormat1(repo.dir, "shop", "payments");
  repo.commit("payments");
  repo.git("checkout", "-q", "-b", "cleanup");
  await servicesFor(repo.dir, "cleanup").threadDelete("payments");
  repo.commit("delete payments");
  repo.git("checkout", "-q", "main");
  // Edited as an older release (format 1) edits it: the store's own write would leave the file and add a folder.
  const payments = servicesFor(repo.dir, "edit").store.readThread("shop", "payments");
  writeFormat1(repo.dir, "shop", { ...payments, summary: "## Decisions\n- Stripe" });
  repo.commit("edit payments");
  expect(() => repo.git("merge", "cleanup")).toThrow();
});
afterAll(() => {
  repo.cleanup();
  rmSync(home, { recursive: true, force: true });
});

describe("doctor with a thread deleted on one branch and edited on the other", () => {
  it("names the deleting side and git rm / git add, not only resolve", () => {
    const run = runCli(["doctor", "--json"], { cwd: repo.dir, home });
    const check = (JSON.parse(run.stdout) as { checks: DoctorCheck[] }).checks.find((c) => c.id === "conflicts");
    expect(check?.status).toBe("fail");
    expect(check?.detail).toContain(
      `${file}: deleted on their side, changed on the other: \`git rm ${file}\` to delete it, or \`git add ${file}\` to keep it`,
    );
    expect(check?.fix).toContain("A file deleted on one side is settled with git rm or git add");
  });
});
