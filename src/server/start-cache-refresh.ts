// After a write, the MCP server saves its session thread's SessionStart contexts to the context cache, so that the /clear that usually follows is served by the hooks' fast path.
import { join } from "node:path";
import { racyPaths, sameRecord, sourceFingerprint, stampsOf } from "../core/context/context-cache.js";
import { saveContextCacheEntry, threadCacheEntry } from "../core/context/context-cache-write.js";
import type { ThreadMindServices } from "../core/services.js";
import { assembleStarts, userLine } from "../core/context/start-context.js";

/** Every source the hook may serve from the entry: /clear and compaction (this instance's thread), a new session on the branch's thread. */
const SOURCES = ["clear", "compact", "startup"] as const;

/**
 * Saves the entry and returns true; false when nothing could be trusted to the cache (no project, a notice to report,
 * a file or HEAD that changed meanwhile). The hooks check an entry exactly as they check their own: stamps of every
 * file, HEAD, the build. Files changed too recently for their stamps alone (the "racy" rule of context-cache.ts: the
 * server refreshes once the threads directories settled, so this is a store on whole-second timestamps or a large one,
 * see create-server.ts): the entry also carries the fingerprint of their text, taken before and after a second assembly
 * that read them from disk, and the hook compares it with the file's text.
 */
export async function refreshStartCache(services: ThreadMindServices, builtBy: string): Promise<boolean> {
  if (!services.hasProjects() || services.hasOldLayout() || services.notices.length > 0) return false;
  const storeDir = services.store.dir;
  const startedAt = Date.now();
  const headBefore = services.headCommitFromFiles();
  const { project, thread } = await services.currentThread();
  const leading = () => services.notices.map(userLine);
  const first = await assembleStarts(services, project, thread, SOURCES, leading);
  const stamps = stampsOf(storeDir, first.sources);
  const racy = racyPaths(stamps, startedAt);
  let chosen = first;
  let verify: Record<string, string> | undefined;
  if (racy.length > 0) {
    const before = fingerprintsOf(storeDir, racy);
    if (before === null) return false;
    services.store.forgetParsed(racy.map((rel) => join(storeDir, rel)));
    const second = await assembleStarts(services, project, thread, SOURCES, leading);
    const after = fingerprintsOf(storeDir, racy);
    if (after === null || !sameRecord(before, after) || !sameRecord(stamps, stampsOf(storeDir, second.sources))) return false;
    chosen = second;
    verify = before;
  }
  if (services.notices.length > 0) return false;
  let head: string | null = null;
  if (chosen.dependsOnHead) {
    const now = services.headCommitFromFiles();
    if (typeof now !== "string" || now !== headBefore) return false;
    head = now;
  }
  saveContextCacheEntry(
    storeDir,
    threadCacheEntry(builtBy, project.id, thread, { sources: stamps, head, starts: chosen.starts, verify }),
  );
  return true;
}

function fingerprintsOf(storeDir: string, rels: readonly string[]): Record<string, string> | null {
  const out: Record<string, string> = {};
  for (const rel of rels) {
    const fingerprint = sourceFingerprint(storeDir, rel);
    if (fingerprint === null) return null;
    out[rel] = fingerprint;
  }
  return out;
}
