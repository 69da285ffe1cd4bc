// Where a new session on a branch starts when local state chooses no thread (a fresh clone or worktree: config.json is per machine): the thread the hooks proper last started on there, trusted while the project's threads directory keeps its stamp.
import { lstatSync } from "node:fs";
import { dirname, join } from "node:path";
import { readRegularFile } from "../store/regular-file.js";
import { assertNoLinksBelow } from "../store/read-strict.js";
import { statStamp } from "../store/file-stamp.js";
import { isValidId } from "../id-pattern.js";
import { makeDir } from "../store/make-dir.js";
import { writeFileAtomicSync } from "../store/atomic-write.js";

/** Branches (start keys) remembered per project: the most recent ones; the file stays a few KB. */
const MAX_BRANCHES = 32;
const FILE_MAX_BYTES = 64 * 1024;

/** One branch's start: the thread, and the stamp of threads/<project>/ when the hooks proper chose it. */
interface BranchStart {
  threadId: string;
  threadsDir: string;
}

/**
 * Beside the project's context cache entries; `_` is in no id, so no thread's entry can take this name. Derived data:
 * the rule it stands for (services' startThreadId: the open thread linked to the branch, else main) reads thread files,
 * and any thread file written, added, removed or renamed (ThreadMind writes by rename, git checks files out anew)
 * changes the threads directory's stamp, which voids every branch's start.
 */
export function branchStartsPath(storeDir: string, projectId: string): string {
  if (!isValidId(projectId)) throw new Error(`invalid project id for the context cache: ${projectId}`);
  return join(storeDir, "cache", "context", projectId, "_branch-starts.json");
}

/** The stamp of threads/<project>/ (a real directory), or null. */
export function threadsDirStamp(storeDir: string, projectId: string): string | null {
  try {
    const s = lstatSync(join(storeDir, "threads", projectId), { bigint: true });
    return s.isDirectory() ? statStamp(s) : null;
  } catch {
    return null;
  }
}

function readStarts(storeDir: string, projectId: string): Record<string, BranchStart> {
  try {
    const path = branchStartsPath(storeDir, projectId);
    assertNoLinksBelow(storeDir, path);
    const bytes = readRegularFile(path, FILE_MAX_BYTES);
    if (bytes === null || bytes.length > FILE_MAX_BYTES) return {};
    const data: unknown = JSON.parse(bytes.toString("utf8"));
    if (typeof data !== "object" || data === null || Array.isArray(data)) return {};
    const out = Object.create(null) as Record<string, BranchStart>; // a branch named __proto__ is a key like any other
    for (const [key, v] of Object.entries(data)) {
      if (typeof v !== "object" || v === null) continue;
      const { threadId, threadsDir } = v as Record<string, unknown>;
      if (typeof threadId === "string" && isValidId(threadId) && typeof threadsDir === "string") {
        out[key] = { threadId, threadsDir };
      }
    }
    return out;
  } catch {
    return {}; // absent, unreadable or not ours: no start known (the hooks proper decide)
  }
}

/** The thread a new session on `startKey` starts on, when the threads directory still has the stamp it had then; else null. */
export function branchStart(storeDir: string, projectId: string, startKey: string): string | null {
  const starts = readStarts(storeDir, projectId);
  // Own keys only: a branch named "constructor" must not find Object's.
  const known = Object.hasOwn(starts, startKey) ? starts[startKey] : undefined;
  if (known === undefined) return null;
  return threadsDirStamp(storeDir, projectId) === known.threadsDir ? known.threadId : null;
}

/** Records `threadId` as the start on `startKey` for the threads directory stamped `threadsDir` (the latest MAX_BRANCHES kept). */
export function saveBranchStart(
  storeDir: string,
  projectId: string,
  startKey: string,
  threadId: string,
  threadsDir: string,
): void {
  const path = branchStartsPath(storeDir, projectId);
  const others = Object.entries(readStarts(storeDir, projectId)).filter(([key]) => key !== startKey);
  const kept = Object.fromEntries([...others.slice(-(MAX_BRANCHES - 1)), [startKey, { threadId, threadsDir }]]);
  assertNoLinksBelow(storeDir, path);
  makeDir(dirname(path));
  // Synchronously, as the context cache: no load of node:fs's promises at a hook's first start.
  writeFileAtomicSync(path, `${JSON.stringify(kept)}\n`, undefined, { durable: false });
}
