// Single entries as the conflict-marker sweep sees them (node builtins only: the hooks run it): a stamp and when it settles, a short digest of a stamp, a bounded read for markers.
import { lstatSync } from "node:fs";
import { hasConflictMarkers } from "./conflict-markers.js";
import { changedNsOf, settledAtMs, statStamp } from "./file-stamp.js";
import { readRegularFile } from "./regular-file.js";
import { textFingerprint } from "../text-fingerprint.js";

export interface Stamp {
  stamp: string;
  /** The entry's last change (the later of mtime and ctime, ms since the epoch). */
  changedMs: number;
  /** When a stamp taken from now on is trusted: its last change plus the racy margin (ms since the epoch). */
  settledAtMs: number;
}

/** The stamp of a regular file or a directory (dev:ino:size:mtime:ctime) and when it settles; null when absent or of another kind (a link). */
export function stampOf(path: string, kind: "file" | "dir"): Stamp | null {
  try {
    const s = lstatSync(path, { bigint: true });
    if (kind === "file" ? !s.isFile() : !s.isDirectory()) return null;
    const changed = changedNsOf(s);
    return { stamp: statStamp(s), changedMs: Number(changed / 1_000_000n), settledAtMs: settledAtMs(changed) };
  } catch {
    return null;
  }
}

/**
 * 53 bits of a stamp (cyrb53, base 36: ~11 characters instead of ~60), which is all the saved sweep needs to tell that
 * an entry changed: a change that kept the digest would go unseen with a chance of 2^-53.
 */
export function stampDigest(stamp: string): string {
  return Number.parseInt(textFingerprint(stamp), 16).toString(36);
}

/** Whether the first `maxBytes` of a regular file hold git conflict markers (never a FIFO or device); false when it cannot be read. */
export function fileHasMarkers(path: string, maxBytes: number): boolean {
  try {
    const bytes = readRegularFile(path, maxBytes);
    return bytes !== null && hasConflictMarkers(bytes.subarray(0, maxBytes).toString("utf8"));
  } catch {
    return false;
  }
}
