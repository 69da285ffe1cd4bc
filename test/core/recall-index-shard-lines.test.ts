// The path index's shards as keyed lines, saved and read back: thread keys and paths with quotes, backslashes, unicode,
// __proto__ and anchors that begin others are found as in memory; a damaged line makes the lookup that reads it say so
// (null) while the rest of its shard still answers, and the builder's check refuses it; the earlier layout is never read.
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { encodeKeyedLines } from "../../src/core/recall/keyed-lines.js";
import { buildPathIndex, PATH_INDEX_VERSION, readyFromMemory, shardOf } from "../../src/core/recall/path-index.js";
import {
  indexFilesComplete,
  readIndexHead,
  readyFromFiles,
  recallCacheDir,
  savePathIndex,
} from "../../src/core/recall/path-index-files.js";
import type { Thread } from "../../src/core/types.js";

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function tempStore(): string {
  const store = mkdtempSync(join(tmpdir(), "tm-shard-lines-"));
  dirs.push(store);
  return store;
}

function thread(id: string, paths: string[], parentId: string | null = null): Thread {
  const at = "2026-01-01T00:00:00.000Z";
  const summary = `## Decisions\n- ${id} decided.\n\n## Constraints\n- "${id}" \\ holds.`;
  return { id, title: `Title of ${id}`, parentId, summary, paths, author: "t", createdAt: at, updatedAt: at };
}

const shardFile = (store: string, kind: "paths" | "heads" | "text", key: string) =>
  join(recallCacheDir(store), `${kind}-${String(shardOf(key)).padStart(2, "0")}.jsonl`);

/** The file with `key`'s line replaced by `line` of the same length (the header's size still holds). */
function replaceLine(path: string, key: string, damage: (line: string) => string): void {
  const text = readFileSync(path, "utf8");
  const start = text.indexOf(`\n[${JSON.stringify(key)},`) + 1;
  expect(start).toBeGreaterThan(0);
  const end = text.indexOf("\n", start);
  const line = text.slice(start, end);
  const damaged = damage(line);
  expect(Buffer.byteLength(damaged)).toBe(Buffer.byteLength(line));
  writeFileSync(path, text.slice(0, start) + damaged + text.slice(end));
}

/** A key other than `key` of the same shard (`same`), or of another. */
function keyBeside(key: string, same: boolean): string {
  for (let i = 0; ; i++) if ((shardOf(`dir-${i}`) === shardOf(key)) === same) return `dir-${i}`;
}

const ODD_THREADS = [
  thread('t-"quoted"', ['src/"q"/a.ts', "src/a"]),
  thread("t-back\\slash", ["src/ab/**", "docs/ünï/文件.md"], 't-"quoted"'),
  thread("__proto__", ["__proto__", "src/a/__proto__/**"], "t-back\\slash"),
  thread("ünïcödé-🧵", ["src/a.ts", "src/ab"], "__proto__"),
  thread("constructor", ["**/*.ts"]),
];
const ODD_FILES = [
  'src/"q"/a.ts',
  "src/a/x.ts",
  "src/a.ts",
  "src/ab/y.ts",
  "src/abc/z.ts",
  "docs/ünï/文件.md",
  "__proto__",
  "src/a/__proto__/k.js",
  "other.txt",
];

describe("the path index in shards of keyed lines", () => {
  it("finds through the saved shards what the index in memory finds, for keys and paths with quotes, backslashes, unicode and __proto__", async () => {
    const store = tempStore();
    const index = buildPathIndex(new Map([['sh"op\\', ODD_THREADS]]));
    await savePathIndex(store, index, "full-1", null);
    const head = readIndexHead(store)!;
    expect(indexFilesComplete(store, head)).toBe(true);
    const fromFiles = readyFromFiles(store, head);
    const fromMemory = readyFromMemory(index);
    for (const file of ODD_FILES) {
      const found = fromFiles.covering(file);
      expect(found, file).toEqual(fromMemory.covering(file));
    }
    expect(fromFiles.covering("src/a/x.ts")?.map((t) => t.id)).toEqual(["constructor", 't-"quoted"']);
    expect(fromFiles.covering("__proto__")?.map((t) => t.id)).toEqual(["__proto__"]);
    const keys = ODD_THREADS.map((t) => `sh"op\\/${t.id}`);
    expect(fromFiles.excerpts(keys)).toEqual(fromMemory.excerpts(keys));
    expect(fromFiles.excerpts(keys)?.['sh"op\\/t-"quoted"']).toContain('"t-"quoted"" \\ holds.');
    const chain = fromFiles.chainKeys('sh"op\\', "ünïcödé-🧵") ?? [];
    expect(chain.map((key) => fromFiles.head(key)?.id)).toEqual(["ünïcödé-🧵", "__proto__", "t-back\\slash", 't-"quoted"']);
    expect(chain.map((key) => fromFiles.head(key))).toEqual(chain.map((key) => fromMemory.head(key)));
    expect(fromFiles.chainKeys('sh"op\\', "__proto__")).toEqual(fromMemory.chainKeys('sh"op\\', "__proto__"));
    expect(fromFiles.chainKeys('sh"op\\', "none")).toEqual([]);
  });

  it("a damaged line: the lookup that reads it answers null, another key of its shard still answers, and the builder's check refuses the index", async () => {
    const store = tempStore();
    const neighbour = keyBeside("src/payments", true);
    const index = buildPathIndex(
      new Map([["shop", [thread("refunds", ["src/payments"]), thread("other", [`${neighbour}/x.ts`])]]]),
    );
    await savePathIndex(store, index, "full-1", null);
    const head = readIndexHead(store)!;
    const paths = shardFile(store, "paths", "src/payments");
    const good = readFileSync(paths, "utf8");

    // Not JSON (its last bracket a brace).
    replaceLine(paths, "src/payments", (line) => `${line.slice(0, -1)}}`);
    expect(readyFromFiles(store, head).covering("src/payments/refund.ts")).toBeNull();
    expect(
      readyFromFiles(store, head)
        .covering(`${neighbour}/x.ts`)
        ?.map((t) => t.id),
    ).toEqual(["other"]);
    expect(indexFilesComplete(store, head)).toBe(false);

    // JSON of the wrong shape (an entry that is not [key, path]).
    writeFileSync(paths, good);
    replaceLine(paths, "src/payments", (line) =>
      line.replace('["shop/refunds","src/payments"]', '{"shop/refunds":"src/payments"}'),
    );
    expect(readyFromFiles(store, head).covering("src/payments/refund.ts")).toBeNull();
    expect(indexFilesComplete(store, head)).toBe(false);

    // A thread's head of the wrong shape (a status that is none).
    writeFileSync(paths, good);
    replaceLine(shardFile(store, "heads", "shop/refunds"), "shop/refunds", (line) => line.replace('"active"', '"xctive"'));
    expect(readyFromFiles(store, head).covering("src/payments/refund.ts")).toBeNull();
    expect(readyFromFiles(store, head).chainKeys("shop", "refunds")).toBeNull();
    expect(indexFilesComplete(store, head)).toBe(false);

    // Text that is not a string.
    const text = shardFile(store, "text", "shop/other");
    replaceLine(text, "shop/other", (line) => `["shop/other",${"1".repeat(Buffer.byteLength(line) - 15)}]`);
    expect(readyFromFiles(store, head).excerpts(["shop/other"])).toBeNull();
  });

  it("a shard of another build, of the earlier layout or of another version is not used; saving removes the earlier layout's files", async () => {
    const store = tempStore();
    const index = buildPathIndex(new Map([["shop", [thread("refunds", ["src/payments"])]]]));
    const dir = recallCacheDir(store);
    mkdirSync(dir, { recursive: true });
    const earlier = ["paths-00.json", "heads-17.json", "text-63.json", "paths.json"];
    for (const name of earlier) writeFileSync(join(dir, name), '{"version":4,"full":"full-1"}\n');
    await savePathIndex(store, index, "full-1", null);
    for (const name of earlier) expect(existsSync(join(dir, name)), name).toBe(false);
    const head = readIndexHead(store)!;
    const paths = shardFile(store, "paths", "src/payments");
    const entries = [["src/payments", [["shop/refunds", "src/payments"]]]] as const;
    writeFileSync(paths, encodeKeyedLines({ version: PATH_INDEX_VERSION - 1, full: "full-1" }, entries));
    expect(readyFromFiles(store, head).covering("src/payments/refund.ts")).toBeNull();
    writeFileSync(paths, encodeKeyedLines({ version: PATH_INDEX_VERSION, full: "full-0" }, entries));
    expect(readyFromFiles(store, head).covering("src/payments/refund.ts")).toBeNull();
    writeFileSync(paths, encodeKeyedLines({ version: PATH_INDEX_VERSION, full: "full-1" }, entries));
    expect(
      readyFromFiles(store, head)
        .covering("src/payments/refund.ts")
        ?.map((t) => t.id),
    ).toEqual(["refunds"]);
    expect(indexFilesComplete(store, head)).toBe(true);
    // A head of the earlier layout's version: no index (then it is built again).
    const headFile = join(dir, "head.json");
    writeFileSync(headFile, readFileSync(headFile, "utf8").replace(`"version":${PATH_INDEX_VERSION}`, '"version":4'));
    expect(readIndexHead(store)).toBeNull();
  });

  it("the builder's check refuses a shard holding a key of another shard, or a key twice", async () => {
    const store = tempStore();
    const index = buildPathIndex(new Map([["shop", [thread("refunds", ["src/payments"])]]]));
    await savePathIndex(store, index, "full-1", null);
    const head = readIndexHead(store)!;
    const paths = shardFile(store, "paths", "src/payments");
    const stranger = keyBeside("src/payments", false);
    const entry = ["shop/refunds", "src/payments"] as const;
    writeFileSync(
      paths,
      encodeKeyedLines({ version: PATH_INDEX_VERSION, full: "full-1" }, [
        ["src/payments", [entry]],
        [stranger, [entry]],
      ]),
    );
    expect(indexFilesComplete(store, head)).toBe(false);
    writeFileSync(
      paths,
      encodeKeyedLines({ version: PATH_INDEX_VERSION, full: "full-1" }, [
        ["src/payments", [entry]],
        ["src/payments", [entry]],
      ]),
    );
    expect(indexFilesComplete(store, head)).toBe(false);
  });
});
