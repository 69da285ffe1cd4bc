// A session start with no cached choice reads only the threads whose head may name a branch (a fresh clone's first start parsed all 10,000 threads of a store: ~3 s): the byte search never leaves out a thread linked to a branch, however its head spells the key, and a title or summary that says "branch" does not make a candidate (#31).
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { branchLinkCandidates } from "../../src/core/store/branch-link-candidates.js";
import { makeTempRepo, type TempRepo } from "../support/temp-repo.js";
import { servicesFor } from "../support/core-services.js";

const dir = mkdtempSync(join(tmpdir(), "tm-branch-candidates-"));
let repo: TempRepo | undefined;
afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
  repo?.cleanup();
});

const AT = "createdAt: 2026-01-01T00:00:00.000Z\nupdatedAt: 2026-01-01T00:00:00.000Z";
/** A format-1 thread file with these head lines and a summary. */
const legacy = (id: string, head: string, summary = "## Decisions\n- keep it") =>
  `---\nid: ${id}\ntitle: T ${id}\nparentId: main\nauthor: t\n${AT}\n${head}${head ? "\n" : ""}---\n${summary}\n`;

describe("branchLinkCandidates", () => {
  it("takes every head that may spell a branch key, and leaves the others", () => {
    const threads = join(dir, "threads");
    mkdirSync(threads);
    const files: Record<string, string> = {
      "plain-key.md": legacy("plain-key", "branch: feat"),
      "quoted-key.md": legacy("quoted-key", '"branch": feat'),
      "explicit-key.md": legacy("explicit-key", "? branch\n: feat"),
      "escaped-key.md": legacy("escaped-key", '"br\\x61nch": feat'),
      "flow.md": "---\n{id: flow, title: T, parentId: main, author: t, branch: feat}\n---\n",
      "alias.md": legacy("alias", "tag: &k branch\n*k : feat"),
      "tagged-key.md": legacy("tagged-key", "!!str branch: feat"),
      "anchored-key.md": legacy("anchored-key", "&b branch: feat"),
      "no-closing-fence.md": "---\nid: no-closing-fence\ntitle: T\n",
      "title-says-branch.md": legacy("title-says-branch", "").replace("title: T title-says-branch", "title: The branch topic"),
      "summary-says-branch.md": legacy("summary-says-branch", "", "## Decisions\nbranch: not a key here"),
      "no-branch.md": legacy("no-branch", ""),
    };
    for (const [name, text] of Object.entries(files)) writeFileSync(join(threads, name), text);
    mkdirSync(join(threads, "folder-linked"));
    writeFileSync(join(threads, "folder-linked", "thread.md"), `---\nid: folder-linked\ntitle: F\nbranch: feat\n---\n`);
    mkdirSync(join(threads, "folder-plain"));
    writeFileSync(join(threads, "folder-plain", "thread.md"), `---\nid: folder-plain\ntitle: F branch\n---\n`);
    mkdirSync(join(threads, "folder-no-head"));
    // Not a regular file: left to the full read, which names why. The search does not stat what it opens (#31): a
    // FIFO reads as empty (never blocks), a directory fails to read, a link is not opened; each is a candidate.
    execFileSync("mkfifo", [join(threads, "fifo.md")]);
    mkdirSync(join(threads, "folder-fifo"));
    execFileSync("mkfifo", [join(threads, "folder-fifo", "thread.md")]);
    mkdirSync(join(threads, "folder-dir-head", "thread.md"), { recursive: true });
    mkdirSync(join(threads, "folder-link-head"));
    writeFileSync(join(dir, "elsewhere.md"), `---\nid: folder-link-head\ntitle: F\n---\n`);
    symlinkSync(join(dir, "elsewhere.md"), join(threads, "folder-link-head", "thread.md"));
    symlinkSync(join(threads, "no-branch.md"), join(threads, "link.md"));
    expect(branchLinkCandidates(threads)).toEqual([
      "alias",
      "anchored-key",
      "escaped-key",
      "explicit-key",
      "fifo",
      "flow",
      "folder-dir-head",
      "folder-fifo",
      "folder-link-head",
      "folder-linked",
      "folder-no-head",
      "link",
      "no-closing-fence",
      "plain-key",
      "quoted-key",
      "tagged-key",
    ]);
  });

  it("a folder beside its format-1 file is a candidate when either head may name a branch", () => {
    const threads = join(dir, "both");
    mkdirSync(join(threads, "moved"), { recursive: true });
    writeFileSync(join(threads, "moved", "thread.md"), `---\nid: moved\ntitle: M\n---\n`);
    writeFileSync(join(threads, "moved.md"), legacy("moved", "branch: feat"));
    mkdirSync(join(threads, "still"));
    writeFileSync(join(threads, "still", "thread.md"), `---\nid: still\ntitle: S\n---\n`);
    writeFileSync(join(threads, "still.md"), legacy("still", ""));
    expect(branchLinkCandidates(threads)).toEqual(["moved"]);
  });
});

describe("the open thread linked to a branch", () => {
  it("is found among many threads whatever its head's spelling, as a read of every thread finds it", async () => {
    repo = makeTempRepo({ prefix: "tm-linked-open-" });
    const s = servicesFor(repo.dir);
    await s.projectCreate({ title: "Shop" });
    const threads = join(repo.dir, ".threadmind", "threads", "shop");
    for (let i = 0; i < 200; i++)
      writeFileSync(
        join(threads, `filler-${i}.md`),
        legacy(`filler-${i}`, "").replace(`title: T filler-${i}`, `title: Filler ${i} about the branch`),
      );
    writeFileSync(join(threads, "older.md"), legacy("older", "branch: feat"));
    writeFileSync(
      join(threads, "escaped.md"),
      legacy("escaped", '"br\\x61nch": feat').replace(
        "updatedAt: 2026-01-01T00:00:00.000Z",
        "updatedAt: 2026-03-01T00:00:00.000Z",
      ),
    );
    writeFileSync(
      join(threads, "closed.md"),
      legacy("closed", "branch: feat\nstatus: done").replace(
        "updatedAt: 2026-01-01T00:00:00.000Z",
        "updatedAt: 2026-04-01T00:00:00.000Z",
      ),
    );
    const fresh = servicesFor(repo.dir);
    const byFullRead = [...fresh.store.readAllThreads("shop").threads.values()]
      .filter((t) => t.branch === "feat" && t.status !== "done")
      .sort((a, b) => (a.updatedAt < b.updatedAt ? 1 : -1))[0];
    expect(byFullRead?.id).toBe("escaped");
    expect(servicesFor(repo.dir).linkedOpenThread("shop", "feat")?.id).toBe("escaped");
    expect(servicesFor(repo.dir).linkedOpenThread("shop", "other")).toBeNull();
  });
});
