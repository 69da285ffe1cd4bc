// Point-of-action recall's path index kept in shards: a lookup through the saved files finds exactly what a scan of every
// thread's paths finds (exact, directory, glob, the whole repository, a file named __proto__), a shard of another build
// or a damaged one is never used, and the quick stamp changes on every ThreadMind write and git command but not by itself.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import {
  anchorOf,
  anchorsOf,
  buildPathIndex,
  type IndexedThread,
  PATH_INDEX_SHARDS,
  PATH_INDEX_VERSION,
  readyFromMemory,
  shardOf,
} from "../../src/core/recall/path-index.js";
import {
  indexFilesComplete,
  readIndexHead,
  readyFromFiles,
  recallCacheDir,
  savePathIndex,
} from "../../src/core/recall/path-index-files.js";
import { encodeKeyedLines } from "../../src/core/recall/keyed-lines.js";
import { recallQuickStamp, threadFilesStamp } from "../../src/core/recall/path-index-stamp.js";
import { nearestMatch } from "../../src/core/recall/path-match.js";
import type { Thread } from "../../src/core/types.js";
import { makeTempRepo, type TempRepo } from "../support/temp-repo.js";
import { servicesFor } from "../support/core-services.js";

const dirs: string[] = [];
const repos: TempRepo[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  for (const r of repos.splice(0)) r.cleanup();
});

function thread(id: string, paths: string[], summary = `## Decisions\n- ${id} decided.`): Thread {
  const at = "2026-01-01T00:00:00.000Z";
  return { id, title: id.toUpperCase(), parentId: "main", summary, paths, author: "t", createdAt: at, updatedAt: at };
}

/** What a scan of every thread finds for `file`: the reference the shards must agree with. */
function scanned(threads: readonly IndexedThread[], file: string): string[] {
  return threads.filter((t) => nearestMatch(t.paths, file, true) !== null).map((t) => t.id);
}

const PATTERNS = [
  "src/payments/refund.ts",
  "src/payments",
  "src/payments/",
  "src/**/*.ts",
  "src/*/index.ts",
  "docs",
  "*.md",
  "",
  "__proto__",
  "src/pay*",
  "lib/a/b/c.ts",
  "lib/[ab]/**",
];
const FILES = [
  "src/payments/refund.ts",
  "src/payments/deep/x.ts",
  "src/search/index.ts",
  "README.md",
  "docs/guide.md",
  "__proto__",
  "lib/a/b/c.ts",
  "lib/b/z.js",
  "other/file.txt",
];

describe("the path index in shards", () => {
  it("a lookup through the saved shards finds exactly the threads a scan of every path finds", async () => {
    const store = mkdtempSync(join(tmpdir(), "tm-shards-"));
    dirs.push(store);
    // Each thread one or two patterns, so that one thread is found through several anchors at once.
    const threads = PATTERNS.map((p, i) => thread(`t-${i}`, i % 3 === 0 ? [p, PATTERNS[(i + 5) % PATTERNS.length]!] : [p]));
    const index = buildPathIndex(new Map([["shop", threads]]));
    await savePathIndex(store, index, "full-1", "quick-1");
    const head = readIndexHead(store)!;
    expect(head).toEqual({ full: "full-1", quick: "quick-1", threads: threads.length, withPaths: threads.length });
    expect(indexFilesComplete(store, head)).toBe(true);
    const fromFiles = readyFromFiles(store, head);
    const fromMemory = readyFromMemory(index);
    for (const file of FILES) {
      // Order is the lookup's own (recallCandidates ranks them): compared sorted.
      const want = scanned(index.threads, file).sort();
      expect(
        fromFiles
          .covering(file)
          ?.map((t) => t.id)
          .sort(),
        file,
      ).toEqual(want);
      expect(
        fromMemory
          .covering(file)
          ?.map((t) => t.id)
          .sort(),
        file,
      ).toEqual(want);
    }
    expect(fromFiles.excerpts(["shop/t-0", "shop/none"])).toEqual(fromMemory.excerpts(["shop/t-0", "shop/none"]));
    expect(fromFiles.excerpts(["shop/t-0"])?.["shop/t-0"]).toContain("t-0 decided.");
    expect(fromFiles.head("shop/t-1")).toEqual(fromMemory.head("shop/t-1"));
    expect(fromFiles.head("shop/t-1")?.title).toBeTruthy();
    expect(fromFiles.head("shop/none")).toBeUndefined();
    expect(fromFiles.chainKeys("shop", "t-1")).toEqual(["shop/t-1"]); // its parent "main" is not in this index
    expect(fromFiles.chainKeys("shop", "none")).toEqual([]);
  });

  it("anchors: a literal path is its own, a glob's is the literal directories before it; a file is looked up from each of its directories", () => {
    expect(anchorOf("src/payments")).toBe("src/payments");
    expect(anchorOf("src/**/*.ts")).toBe("src");
    expect(anchorOf("*.md")).toBe("");
    expect(anchorOf("lib/[ab]/**")).toBe("lib");
    expect(anchorsOf("src/a/b.ts")).toEqual(["", "src", "src/a", "src/a/b.ts"]);
    for (const key of ["", "src", "shop/t-1"]) expect(shardOf(key)).toBeLessThan(PATH_INDEX_SHARDS);
  });

  it("a shard of another build, a damaged one or a missing one is never used: the lookup says so (null) and the index is incomplete", async () => {
    const store = mkdtempSync(join(tmpdir(), "tm-shards-"));
    dirs.push(store);
    const index = buildPathIndex(new Map([["shop", [thread("refunds", ["src/payments"])]]]));
    await savePathIndex(store, index, "full-1", null);
    const head = readIndexHead(store)!;
    const shard = join(recallCacheDir(store), `paths-${String(shardOf("src/payments")).padStart(2, "0")}.jsonl`);
    const good = readFileSync(shard, "utf8");
    writeFileSync(shard, good.replace('"full-1"', '"full-0"'));
    expect(readyFromFiles(store, head).covering("src/payments/refund.ts")).toBeNull();
    expect(indexFilesComplete(store, head)).toBe(false);
    writeFileSync(shard, good.slice(0, good.length - 9)); // cut short
    expect(readyFromFiles(store, head).covering("src/payments/refund.ts")).toBeNull();
    const gone = encodeKeyedLines({ version: PATH_INDEX_VERSION, full: "full-1" }, [
      ["src/payments", [["shop/gone", "src/payments"]]],
    ]);
    writeFileSync(shard, gone);
    expect(readyFromFiles(store, head).covering("src/payments/refund.ts")).toBeNull(); // a thread the index does not have
    rmSync(shard);
    expect(readyFromFiles(store, head).covering("src/payments/refund.ts")).toBeNull();
    expect(indexFilesComplete(store, head)).toBe(false);
  });
});

describe("the quick stamp", () => {
  it("changes with each ThreadMind write and each git command that rewrites the index, and not otherwise; a hand edit inside a thread folder waits for the next of either", async () => {
    const r = makeTempRepo({ prefix: "tm-quick-" });
    repos.push(r);
    r.commit("code", { "src/a.ts": "export {};\n" });
    const s = servicesFor(r.dir);
    await s.projectCreate({ title: "Shop" });
    await s.summaryUpdate({ content: "## Decisions\n- One.", paths: ["src/a.ts"] });
    const store = join(r.dir, ".threadmind");
    const quick = () => recallQuickStamp(store, r.dir)?.stamp;
    const first = quick();
    expect(first).toBeDefined();
    expect(quick()).toBe(first); // stable
    await s.summaryUpdate({ content: "## Decisions\n- Two." });
    const afterWrite = quick();
    expect(afterWrite).not.toBe(first);
    r.git("add", "-A");
    r.git("commit", "-q", "-m", "threads");
    const afterCommit = quick();
    expect(afterCommit).not.toBe(afterWrite);
    // By hand, inside the thread's folder: the full stamp sees the new file, the quick one only after git sees it.
    const fullBefore = threadFilesStamp(store)?.stamp;
    const folder = join(store, "threads");
    const project = readdirSync(folder)[0]!;
    const threadDir = join(folder, project, "main", "decisions");
    writeFileSync(join(threadDir, "zz-by-hand.md"), "- Added by hand.\n");
    expect(threadFilesStamp(store)?.stamp).not.toBe(fullBefore);
    expect(quick()).toBe(afterCommit);
    r.git("add", "-A");
    expect(quick()).not.toBe(afterCommit);
  });
});
