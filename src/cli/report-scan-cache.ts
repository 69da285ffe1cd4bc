// Where the report keeps its per-file scan cache (.threadmind/cache/report-scans.json) and which build wrote it; THREADMIND_SCAN_CACHE=0 turns it off.
import { lstatSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { fileStamp } from "../core/store/file-stamp.js";
import { makeDir } from "../core/store/make-dir.js";
import type { ScanCacheLocation } from "../core/savings/scan-cache.js";
import { scanCachePath } from "../core/savings/scan-cache-path.js";

/** The running bundle's own file (a CommonJS bundle knows it as __filename, an ES module one by import.meta.url). */
function runningFile(): string | null {
  if (typeof __filename === "string") return __filename;
  const url = new URL(import.meta.url);
  return url.protocol === "file:" ? fileURLToPath(url) : null;
}

/**
 * The build that scans: the stamps of the running bundle and of the scan worker's bundle beside it (both hold the
 * scanner; a scan of another build may count differently). Null outside the bundles (sources run by a test runner, no
 * scan-worker.cjs beside): then nothing is cached.
 */
export function scanBuild(): string | null {
  const self = runningFile();
  if (self === null) return null;
  const own = fileStamp(self);
  const worker = fileStamp(join(dirname(self), "scan-worker.cjs"));
  return own === null || worker === null ? null : `${own}|${worker}`;
}

/**
 * The cache of a workspace's report: in its store's cache folder (gitignored, beside the hooks' caches), only when the
 * workspace has a store (a report elsewhere writes nothing) and THREADMIND_SCAN_CACHE is not "0"; null otherwise. The
 * folder is made when missing; a store that is not a plain directory gets no cache.
 */
export function reportScanCacheLocation(
  storeDir: string,
  env: Record<string, string | undefined>,
  builtBy: string | null = scanBuild(),
): ScanCacheLocation | null {
  if (env.THREADMIND_SCAN_CACHE === "0" || builtBy === null) return null;
  const store = lstatSync(storeDir, { throwIfNoEntry: false });
  if (store === undefined || !store.isDirectory()) return null;
  const path = scanCachePath(storeDir);
  makeDir(dirname(path));
  return { path, builtBy };
}
