// A file's identity and times as one string: any write (in place or by rename) changes it; caches are keyed by it.
import { lstatSync } from "node:fs";

/** dev:ino:size:mtime:ctime (nanoseconds) of a regular file; null when it is absent or not a regular file. */
export function fileStamp(path: string): string | null {
  try {
    const s = lstatSync(path, { bigint: true });
    return s.isFile() ? `${s.dev}:${s.ino}:${s.size}:${s.mtimeNs}:${s.ctimeNs}` : null;
  } catch {
    return null;
  }
}

/** The later of a stamp's mtime and ctime, in milliseconds (for the "written too recently to trust" rule). */
export function stampChangedAtMs(stamp: string): number {
  const [, , , mtimeNs, ctimeNs] = stamp.split(":");
  return Number((BigInt(mtimeNs!) > BigInt(ctimeNs!) ? BigInt(mtimeNs!) : BigInt(ctimeNs!)) / 1_000_000n);
}
