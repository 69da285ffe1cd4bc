// Guards #31's cache size: an entry's startup, clear and compact starts share the assembled context (their headers
// differ), and the entry file holds it once; read back, every start is its whole text again.
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import {
  CONTEXT_CACHE_VERSION,
  contextCachePath,
  readContextCacheEntry,
  type ContextCacheEntry,
} from "../../src/core/context/context-cache.js";
import { saveContextCacheEntry } from "../../src/core/context/context-cache-write.js";
import type { CachedStart } from "../../src/core/context/context-cache-starts.js";

const store = mkdtempSync(join(tmpdir(), "tm-cache-once-"));
afterAll(() => rmSync(store, { recursive: true, force: true }));

const body = `## Thread: Refunds (current)\n${"- a decision that is part of the context\n".repeat(200)}`;
const start = (header: string): CachedStart => ({
  text: `${header}\n${body}`,
  contentHash: `hash-${header.length}`,
  fingerprint: `fp-${header.length}`,
  tokens: 2_000,
  omitted: 0,
  userMessage: null,
});

function entry(starts: Record<string, CachedStart>, threadId = "t"): ContextCacheEntry {
  return {
    version: CONTEXT_CACHE_VERSION,
    builtBy: "build",
    projectId: "p",
    threadId,
    threadStatus: "active",
    // An entry must name its thread's own file among its sources (#30; format 2: the folder's head).
    sources: { [`threads/p/${threadId}/thread.md`]: "1:2:3:4:5" },
    head: null,
    starts,
  };
}

describe("a context cache entry", () => {
  test("holds the shared context once: the file is barely larger than one start, and reads back whole", async () => {
    const starts = {
      startup: start("ThreadMind context (new session):"),
      clear: start("ThreadMind context (after /clear):"),
      compact: start("ThreadMind context (after compaction):"),
    };
    saveContextCacheEntry(store, entry(starts));
    const bytes = statSync(contextCachePath(store, "p", "t")).size;
    expect(bytes).toBeLessThan(body.length * 1.2);
    expect(readContextCacheEntry(store, "p", "t")?.starts).toEqual(starts);
  });

  test("a start that shares nothing is stored whole; a stored tail that names no start voids the entry", async () => {
    const starts = { startup: start("A"), clear: { ...start("B"), text: "a different, short text" } };
    saveContextCacheEntry(store, entry(starts, "u"));
    expect(readContextCacheEntry(store, "p", "u")?.starts).toEqual(starts);
    const path = contextCachePath(store, "p", "u");
    const stored = JSON.parse(readFileSync(path, "utf8")) as Record<string, unknown>;
    writeFileSync(
      path,
      JSON.stringify({
        ...stored,
        starts: { clear: { ...start("B"), text: undefined, prefix: "B", tailOf: "gone", tailChars: 3 } },
      }),
    );
    expect(readContextCacheEntry(store, "p", "u")).toBeNull();
  });
});
