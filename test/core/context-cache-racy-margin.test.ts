// The context cache trusts a source by its stamp once it has settled: 50 ms after its last change on sub-second timestamps, 3 s on whole seconds (as the conflict-marker sweep); an entry a crash left damaged is not used (entries are written without fsync).
import { afterAll, describe, expect, test } from "vitest";
import { lstatSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  CONTEXT_CACHE_VERSION,
  contextCachePath,
  readContextCacheEntry,
  racyPaths,
  sameRecord,
  stampsOf,
  trustedStamps,
} from "../../src/core/context/context-cache.js";
import { saveContextCacheEntry } from "../../src/core/context/context-cache-write.js";

const dir = mkdtempSync(join(tmpdir(), "tm-racy-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The later of the file's mtime and ctime, in ms. */
function changedMs(rel: string): number {
  const s = lstatSync(join(dir, rel), { bigint: true });
  // biome-ignore lint/complexity/useMathMinMax: these are bigints, which Math.max does not take
  return Number((s.mtimeNs > s.ctimeNs ? s.mtimeNs : s.ctimeNs) / 1_000_000n);
}

describe("trusting a source's stamp", () => {
  test("a file with sub-second timestamps is trusted from 50 ms after its last change", () => {
    writeFileSync(join(dir, "fine.md"), "x\n");
    const at = changedMs("fine.md");
    // ext4, tmpfs, APFS, NTFS: the change time has a sub-second part (a whole second here would take the 3 s margin).
    if (lstatSync(join(dir, "fine.md"), { bigint: true }).ctimeNs % 1_000_000_000n === 0n) {
      expect(trustedStamps(dir, ["fine.md"], at + 51)).toBeNull();
      return;
    }
    expect(trustedStamps(dir, ["fine.md"], at + 50)).toBeNull();
    expect(trustedStamps(dir, ["fine.md"], at + 51)).toEqual(stampsOf(dir, ["fine.md"]));
  });

  test("a file whose timestamps are whole seconds is trusted only 3 s after its last change", () => {
    writeFileSync(join(dir, "coarse.md"), "x\n");
    const s = Math.ceil(Date.now() / 1000) + 1; // a whole second, later than the change time the write left
    utimesSync(join(dir, "coarse.md"), s, s);
    expect(racyPaths(stampsOf(dir, ["coarse.md"]), s * 1000 + 2_999)).toEqual(["coarse.md"]);
    expect(trustedStamps(dir, ["coarse.md"], s * 1000 + 2_999)).toBeNull();
    expect(trustedStamps(dir, ["coarse.md"], s * 1000 + 3_001)).not.toBeNull();
  });

  test("an absent source is trusted as absent", () => {
    expect(trustedStamps(dir, ["missing.md"], Date.now())).toEqual({ "missing.md": null });
  });

  test("records are the same whatever the order of their keys", () => {
    expect(sameRecord({ a: "1", b: null }, { b: null, a: "1" })).toBe(true);
    expect(sameRecord({ a: "1" }, { a: "1", b: null })).toBe(false);
    expect(sameRecord({ a: "1" }, { a: "2" })).toBe(false);
  });
});

describe("an entry written without fsync", () => {
  test("is read back as written, and one a crash left empty or cut short is not used", async () => {
    const entry = {
      version: CONTEXT_CACHE_VERSION as typeof CONTEXT_CACHE_VERSION,
      builtBy: "build",
      projectId: "p",
      threadId: "t",
      threadStatus: "active" as const,
      sources: { "threads/p/t.md": "1:2:3:4:5", "projects/p.json": null },
      head: null,
      starts: { startup: { text: "ctx", contentHash: "h", fingerprint: "f", tokens: 1, omitted: 0, userMessage: null } },
    };
    saveContextCacheEntry(dir, entry);
    expect(readContextCacheEntry(dir, "p", "t")).toEqual(entry);
    const path = contextCachePath(dir, "p", "t");
    const text = readFileSync(path, "utf8");
    for (const damaged of ["", text.slice(0, text.length / 2), "\0".repeat(text.length)]) {
      writeFileSync(path, damaged);
      expect(readContextCacheEntry(dir, "p", "t")).toBeNull();
    }
  });

  test("one whose start is damaged by hand (valid JSON, wrong shape) is not used", async () => {
    const start = { text: "ctx", contentHash: "h", fingerprint: "f", tokens: 1, omitted: 0, userMessage: null };
    const entry = {
      version: CONTEXT_CACHE_VERSION as typeof CONTEXT_CACHE_VERSION,
      builtBy: "build",
      projectId: "p",
      threadId: "d",
      threadStatus: "active" as const,
      sources: { "threads/p/d.md": "1:2:3:4:5" },
      head: null,
      starts: { startup: start },
    };
    saveContextCacheEntry(dir, entry);
    expect(readContextCacheEntry(dir, "p", "d")).toEqual(entry);
    const path = contextCachePath(dir, "p", "d");
    for (const damaged of [{ ...start, text: 5 }, { ...start, tokens: "1" }, { ...start, userMessage: 0 }, null, "ctx"]) {
      writeFileSync(path, JSON.stringify({ ...entry, starts: { startup: damaged } }));
      expect(readContextCacheEntry(dir, "p", "d")).toBeNull();
    }
  });
});
