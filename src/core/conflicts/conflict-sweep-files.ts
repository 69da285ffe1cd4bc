// Single entries as the conflict-marker sweep sees them (node builtins only: the hooks run it): a stamp and when it settles, a short digest of a stamp, a bounded read for markers.
import { hasConflictMarkers } from "../store/conflict-markers.js";
import { readRegularFile } from "../store/regular-file.js";
import { textFingerprint } from "../text-fingerprint.js";

// A stamp of a file or directory and when it settles lives with the other stamps (file-stamp.ts): the sweep and recall's quick stamp use it.
export { type EntryStamp as Stamp, stampOf } from "../store/file-stamp.js";

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
