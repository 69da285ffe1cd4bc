// The report's per-file scan cache: each transcript's ScannedSession kept under its file's stamp, so that a report run again reads only the transcripts that changed.
import { readRegularFile } from "../store/regular-file.js";
import { writeFileAtomicSync } from "../store/atomic-write.js";
import { stampOf } from "../store/file-stamp.js";
import type { ScannedSession } from "./savings-scan.js";

/** What the cache file says it is: a report scan cache of this layout. */
const KIND = "threadmind-report-scans";
const VERSION = 1;
/** A cache file larger than this is not read (it is rebuilt): a few hundred sessions take a few MB. */
export const SCAN_CACHE_MAX_BYTES = 64 * 1024 * 1024;

interface CacheEntry {
  /** The transcript's stamp (dev:ino:size:mtime:ctime) when it was scanned. */
  stamp: string;
  session: ScannedSession;
}

/** Where the cache lives and which build may use it (a scan of another build may count differently). */
export interface ScanCacheLocation {
  path: string;
  builtBy: string;
}

/** A transcript's stamp, taken before its scan, and whether it can be trusted alone (its last change has settled). */
export interface TranscriptStamp {
  stamp: string;
  settled: boolean;
}

export class ScanCache {
  private readonly kept = new Map<string, CacheEntry>();
  private changed = false;

  private constructor(
    readonly location: ScanCacheLocation,
    private readonly entries: Map<string, CacheEntry>,
  ) {}

  /**
   * The cache at `location`: empty when there is none yet, or when the file is not one this build wrote (another build,
   * another layout, damaged, too large, not a regular file): it is then rebuilt, as a cache is, and nothing is lost.
   */
  static open(location: ScanCacheLocation): ScanCache {
    return new ScanCache(location, readEntries(location));
  }

  /** The transcript's stamp now; null when it is not a regular file (any more): it is then scanned, never cached. */
  static stampOf(path: string, nowMs: number = Date.now()): TranscriptStamp | null {
    const s = stampOf(path, "file");
    return s === null ? null : { stamp: s.stamp, settled: s.settledAtMs < nowMs };
  }

  /** The scan kept for the transcript at `path` while its stamp is still `stamp`; null otherwise. */
  get(path: string, stamp: TranscriptStamp | null): ScannedSession | null {
    const entry = stamp === null ? undefined : this.entries.get(path);
    if (entry === undefined || entry.stamp !== stamp!.stamp) return null;
    this.kept.set(path, entry);
    return entry.session;
  }

  /**
   * Keeps a scan of `path` made after its stamp `stamp` was taken. A stamp whose change had not settled when it was taken
   * (a write within the file system's timestamp step could share it) is not kept: the next run scans the file again.
   */
  set(path: string, stamp: TranscriptStamp | null, session: ScannedSession): void {
    if (stamp === null || !stamp.settled) return;
    this.kept.set(path, { stamp: stamp.stamp, session });
    this.changed = true;
  }

  /**
   * Writes the scans kept by this run (the transcripts it met: entries of files gone are dropped) when anything changed.
   * A failure is thrown to the caller, which reports it: the report itself never depends on the cache.
   */
  save(): void {
    if (!this.changed && this.kept.size === this.entries.size) return;
    const entries: Record<string, CacheEntry> = {};
    for (const [path, entry] of [...this.kept].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) entries[path] = entry;
    writeFileAtomicSync(
      this.location.path,
      JSON.stringify({ kind: KIND, version: VERSION, builtBy: this.location.builtBy, entries }),
    );
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * The entries of the cache file, checked to the depth that matters: the file's kind, layout and build, and each entry's
 * stamp and the path its session names. A session's fields are not checked one by one: only this build writes them, and
 * an entry is used only while its stamp (device, inode, size and nanosecond times of the user's own transcript) is
 * unchanged, which a file made elsewhere (a repository's committed copy, say) cannot know.
 */
function readEntries(location: ScanCacheLocation): Map<string, CacheEntry> {
  const entries = new Map<string, CacheEntry>();
  let bytes: Buffer | null;
  try {
    bytes = readRegularFile(location.path, SCAN_CACHE_MAX_BYTES);
  } catch {
    return entries;
  }
  if (bytes === null || bytes.length > SCAN_CACHE_MAX_BYTES) return entries;
  let parsed: unknown;
  try {
    parsed = JSON.parse(bytes.toString("utf8"));
  } catch {
    return entries;
  }
  if (!isRecord(parsed) || parsed.kind !== KIND || parsed.version !== VERSION || parsed.builtBy !== location.builtBy)
    return entries;
  if (!isRecord(parsed.entries)) return entries;
  for (const [path, entry] of Object.entries(parsed.entries)) {
    if (!isRecord(entry) || typeof entry.stamp !== "string" || !isRecord(entry.session)) continue;
    if (entry.session.path !== path) continue;
    entries.set(path, { stamp: entry.stamp, session: entry.session as unknown as ScannedSession });
  }
  return entries;
}
