// A merge that left main's thread file in conflict made every tool say "The thread last chosen on branch "main" could not
// be read ...; this session starts elsewhere", while the session started on main itself (its committed version, with the
// conflict notice): the line is now said only when the session really starts on another thread.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { servicesFor } from "../support/core-services.js";
import { makeTempRepo, type TempRepo } from "../support/temp-repo.js";

let repo: TempRepo;
afterEach(() => repo?.cleanup());

function mergeFails(r: TempRepo, branch: string): void {
  expect(() => r.git("merge", branch)).toThrow();
}

describe("the start notice for an unreadable chosen thread", () => {
  test("main in conflict: loaded from HEAD with the conflict notice, and no claim that the session starts elsewhere", async () => {
    repo = makeTempRepo();
    repo.commit("init", { "README.md": "x\n" });
    const s = servicesFor(repo.dir, "first");
    await s.projectCreate({ title: "Shop" });
    await s.summaryUpdate({ content: "## Decisions\n- base" });
    repo.commit("base");
    repo.git("checkout", "-q", "-b", "other");
    // The title changed two ways: a conflict in the thread's head (format 2: main/thread.md).
    const file = join(repo.dir, ".threadmind", "threads", "shop", "main", "thread.md");
    const base = readFileSync(file, "utf8");
    const edit = (title: string) => writeFileSync(file, base.replace(/^title: Shop$/m, `title: ${title}`));
    edit("Shop theirs");
    repo.commit("theirs");
    repo.git("checkout", "-q", "main");
    edit("Shop ours");
    repo.commit("ours");
    mergeFails(repo, "other");

    const later = servicesFor(repo.dir, "second");
    const context = await later.contextGet();
    expect(context.text).toContain("## Thread: Shop ours (current)");
    const said = [context.text, ...later.notices].join("\n");
    expect(said).toContain("is in conflict");
    expect(said).not.toContain("starts elsewhere");
  });

  test("another chosen thread that cannot be read: the session starts on main and says so", async () => {
    repo = makeTempRepo();
    repo.commit("init", { "README.md": "x\n" });
    const s = servicesFor(repo.dir, "first");
    await s.projectCreate({ title: "Shop" });
    await s.threadCreate({ title: "Payments" });
    writeFileSync(join(repo.dir, ".threadmind", "threads", "shop", "payments", "thread.md"), "---\ntitle: **Payments**\n---\n");
    const later = servicesFor(repo.dir, "second");
    const context = await later.contextGet();
    expect(context.text).toContain("## Thread: Shop (current)");
    expect(later.notices.join("\n")).toContain('The thread last chosen on branch "');
    expect(later.notices.join("\n")).toContain("this session starts elsewhere");
  });
});
