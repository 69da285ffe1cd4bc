// Point-of-action recall's matching (exact, directory, glob; absolute, relative and Windows-style tool paths; paths that
// no longer exist; a link that leaves the repository) and its budget (at most 3 threads, 2,000 characters, nearest first).
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { matchPath, nearestMatch, patternOf, repoRelative } from "../../src/core/recall/path-match.js";
import { recallCandidates, recallText, RECALL_MAX_CHARS, RECALL_MAX_THREADS } from "../../src/core/recall/recall-pick.js";
import { type IndexedThread, readyFromMemory } from "../../src/core/recall/path-index.js";
import { repoFileOf } from "../../src/hooks/tool-recall.js";

const thread = (id: string, paths: string[], extra: Partial<IndexedThread> = {}): IndexedThread => ({
  projectId: "shop",
  id,
  title: id.toUpperCase(),
  status: "active",
  parentId: "main",
  paths: paths.map(patternOf), // as the path index stores them
  commit: null,
  ...extra,
});

describe("matching a file against a thread's paths", () => {
  it("covers the exact file, a directory above it (with or without a trailing slash or ./), and nothing beside it", () => {
    expect(matchPath("src/payments/refund.ts", "src/payments/refund.ts")?.kind).toBe("exact");
    expect(matchPath("src/payments/", "src/payments/refund.ts")?.kind).toBe("directory");
    expect(matchPath("./src/payments", "src/payments/refund.ts")?.kind).toBe("directory");
    expect(matchPath("src/pay", "src/payments/refund.ts")).toBeNull();
    expect(matchPath("src/payments/refund.ts", "src/payments/refund.tsx")).toBeNull();
  });

  it("covers by glob: * within a name, ** across directories, ? and sets; a glob's directory covers what is below it", () => {
    expect(matchPath("src/**/*.ts", "src/payments/deep/refund.ts")?.kind).toBe("glob");
    expect(matchPath("src/*/refund.ts", "src/payments/refund.ts")?.kind).toBe("glob");
    expect(matchPath("src/*/refund.ts", "src/a/b/refund.ts")).toBeNull();
    expect(matchPath("src/payments/refund.?s", "src/payments/refund.ts")).not.toBeNull();
    expect(matchPath("src/[pq]ayments/*.ts", "src/payments/refund.ts")).not.toBeNull();
    expect(matchPath("src/[!p]ayments/*.ts", "src/payments/refund.ts")).toBeNull();
    expect(matchPath("src/pay*", "src/payments/refund.ts")?.kind).toBe("glob");
    expect(matchPath("**/*.md", "src/payments/refund.ts")).toBeNull();
  });

  it("ranks the nearest first: exact, then glob, then the deepest directory", () => {
    const file = "src/payments/refund.ts";
    const scores = ["src/", "src/payments/", "src/**/*.ts", "src/payments/refund.ts"].map((p) => matchPath(p, file)!.score);
    expect([...scores].sort((a, b) => a - b)).toEqual(scores);
    expect(nearestMatch(["src/", "src/payments/refund.ts", "docs/"], file)?.pattern).toBe("src/payments/refund.ts");
  });

  it("stays quick on a hostile glob (no exponential backtracking)", () => {
    const glob = `${"*a".repeat(40)}b`;
    expect(matchPath(glob, "a".repeat(400))).toBeNull();
  });
});

describe("the tool's file path, relative to the repository", () => {
  it("takes absolute paths, paths relative to the hook's cwd and Windows-style paths (drive letter in any case)", () => {
    expect(repoRelative("/repo/src/a.ts", "/repo", "/repo")).toBe("src/a.ts");
    expect(repoRelative("a.ts", "/repo/src", "/repo")).toBe("src/a.ts");
    expect(repoRelative("../lib/b.ts", "/repo/src", "/repo")).toBe("lib/b.ts");
    expect(repoRelative("C:\\Work\\Repo\\src\\a.ts", "c:\\Work\\Repo", "c:\\Work\\Repo")).toBe("src/a.ts");
    expect(repoRelative("src\\a.ts", "/repo", "/repo")).toBe("src/a.ts");
  });

  it("refuses paths outside the repository, ones that climb out of it, and the root itself", () => {
    expect(repoRelative("/repo-other/a.ts", "/repo", "/repo")).toBeNull();
    expect(repoRelative("../../etc/passwd", "/repo/src", "/repo")).toBeNull();
    expect(repoRelative("/repo", "/repo", "/repo")).toBeNull();
    expect(repoRelative("", "/repo", "/repo")).toBeNull();
  });
});

describe("a tool path on disk (repoFileOf)", () => {
  let dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
    dirs = [];
  });
  const temp = () => {
    const d = realpathSync(mkdtempSync(join(tmpdir(), "tm-recall-path-")));
    dirs.push(d);
    return d;
  };

  it("matches a file that does not exist (yet, or any more) by its nearest existing directory", () => {
    const root = temp();
    mkdirSync(join(root, "src"));
    expect(repoFileOf(join(root, "src/new/file.ts"), root, root)).toBe("src/new/file.ts");
  });

  it("refuses a file reached through a link that leaves the repository", () => {
    const root = temp();
    const outside = temp();
    writeFileSync(join(outside, "secret.ts"), "x");
    symlinkSync(outside, join(root, "linked"));
    expect(repoFileOf(join(root, "linked/secret.ts"), root, root)).toBeNull();
    expect(repoFileOf(join(root, "linked/new.ts"), root, root)).toBeNull();
  });
});

describe("choosing threads and the injection's budget", () => {
  const threads = [
    thread("main", [], { parentId: null }),
    thread("search", ["src/search/"]),
    thread("refunds", ["src/payments/"], { status: "done" }),
    thread("ledger", ["src/payments/refund.ts"]),
    thread("wide", ["src/"]),
    thread("globs", ["src/**/*.ts"]),
  ];

  it("lists covering threads nearest first and leaves out the conversation's chain and threads already given", () => {
    const found = recallCandidates(threads, "src/payments/refund.ts", new Set());
    expect(found.map((c) => c.thread.id)).toEqual(["ledger", "globs", "refunds", "wide"]);
    const skip = new Set(readyFromMemory({ threads, excerpts: {} }).chainKeys("shop", "ledger"));
    expect([...skip]).toEqual(["shop/ledger", "shop/main"]);
    skip.add("shop/globs");
    expect(recallCandidates(threads, "src/payments/refund.ts", skip).map((c) => c.thread.id)).toEqual(["refunds", "wide"]);
  });

  it("names title, id, status and the covering path, and says nothing for threads without decisions", () => {
    const [c] = recallCandidates([thread("refunds", ["src/payments/"], { status: "done" })], "src/payments/a.ts", new Set());
    const text = recallText("src/payments/a.ts", [
      { candidate: c!, excerpt: "## Decisions\n- No refunds after 30 days.", warning: "_⚠ 2 commits changed src/payments/a.ts_" },
    ]);
    expect(text?.text).toContain(
      "### REFUNDS (refunds) · done · covers directory src/payments/\n_⚠ 2 commits changed src/payments/a.ts_\n## Decisions\n- No refunds after 30 days.",
    );
    expect(recallText("src/payments/a.ts", [{ candidate: c!, excerpt: "", warning: null }])).toBeNull();
  });

  it("keeps to 3 threads and 2,000 characters, the nearest whole when it fits, the others cut with a pointer", () => {
    const many = Array.from({ length: 6 }, (_, i) => thread(`t${i}`, [i === 0 ? "src/a.ts" : "src/"]));
    const found = recallCandidates(many, "src/a.ts", new Set());
    const long = (n: number) =>
      `## Decisions\n${Array.from({ length: n }, (_, i) => `- decision number ${i} of a long list`).join("\n")}`;
    const blocks = found.map((candidate, i) => ({ candidate, excerpt: i === 0 ? long(20) : long(60), warning: null }));
    const text = recallText("src/a.ts", blocks)!;
    expect(text.text.length).toBeLessThanOrEqual(RECALL_MAX_CHARS);
    expect(text.included.length).toBe(RECALL_MAX_THREADS);
    expect(text.included[0]).toBe("shop/t0");
    expect(text.text).toContain(long(20)); // the nearest, whole
    expect(text.text).toContain("(cut: the whole summary is in thread");
  });
});
