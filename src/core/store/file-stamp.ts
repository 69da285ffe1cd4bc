// A file's identity and times as one string: any write (in place or by rename) changes it; caches are keyed by it.
import { type BigIntStats, lstatSync } from "node:fs";

/** dev:ino:size:mtime:ctime (nanoseconds) of a regular file; null when it is absent or not a regular file. */
export function fileStamp(path: string): string | null {
  try {
    const s = lstatSync(path, { bigint: true });
    return s.isFile() ? statStamp(s) : null;
  } catch {
    return null;
  }
}

/**
 * The stamp of a source a cache depends on: a regular file's (fileStamp), or, for a path ending with "/", the folder's
 * (its mtime changes when an entry is added, removed or renamed in it); null when absent or of another kind.
 */
export function pathStamp(path: string): string | null {
  if (!path.endsWith("/")) return fileStamp(path);
  try {
    const s = lstatSync(path.slice(0, -1), { bigint: true });
    return s.isDirectory() ? statStamp(s) : null;
  } catch {
    return null;
  }
}

/** dev:ino:size:mtime:ctime (nanoseconds) of a bigint stat: the stamp fileStamp gives. */
export function statStamp(s: BigIntStats): string {
  return `${s.dev}:${s.ino}:${s.size}:${s.mtimeNs}:${s.ctimeNs}`;
}

/** The later of a bigint stat's mtime and ctime, in nanoseconds. */
export function changedNsOf(s: BigIntStats): bigint {
  // biome-ignore lint/complexity/useMathMinMax: these are bigints, which Math.max does not take
  return s.mtimeNs > s.ctimeNs ? s.mtimeNs : s.ctimeNs;
}

/** When a change at `changedNs` can no longer share its stamp with a later one: the change plus the racy margin (ms). */
export function settledAtMs(changedNs: bigint): number {
  return Number(changedNs / 1_000_000n) + racyMarginMs(changedNs);
}

/**
 * When a stamp's change can no longer be shared by a later one (ms): its later time plus the racy margin its resolution
 * needs (racyMarginMs). A source read after this is trusted by its stamp alone.
 */
export function stampSettledAtMs(stamp: string): number {
  const [, , , mtimeNs, ctimeNs] = stamp.split(":");
  const m = BigInt(mtimeNs!);
  const c = BigInt(ctimeNs!);
  return settledAtMs(m > c ? m : c);
}

/** Changes made less than this long apart may share a stamp on a file system whose timestamps are whole seconds. */
export const RACY_MARGIN_MS = 3_000;
/**
 * The same on a file system with sub-second timestamps: its step plus the lag of the kernel's coarse clock behind the
 * wall clock (one tick: 4-10 ms on Linux, 15.6 ms on Windows; exFAT stores 10 ms steps).
 */
export const FINE_RACY_MARGIN_MS = 50;

/**
 * How long after its last change (the later of mtime and ctime, in nanoseconds) a stamp can still be shared by a later
 * change. A change time with a sub-second part proves sub-second timestamps; whole seconds (ext3, HFS+, FAT, some network
 * file systems) keep the wide margin.
 */
export function racyMarginMs(changedNs: bigint): number {
  return changedNs % 1_000_000_000n === 0n ? RACY_MARGIN_MS : FINE_RACY_MARGIN_MS;
}

export interface EntryStamp {
  stamp: string;
  /** The entry's last change (the later of mtime and ctime, ms since the epoch). */
  changedMs: number;
  /** When a stamp taken from now on is trusted: its last change plus the racy margin (ms since the epoch). */
  settledAtMs: number;
  /** Its size in bytes (a directory's grows with its entries on most file systems). */
  bytes: number;
}

/** The stamp of a regular file or a directory (dev:ino:size:mtime:ctime) and when it settles; null when absent or of another kind (a link). */
export function stampOf(path: string, kind: "file" | "dir"): EntryStamp | null {
  try {
    const s = lstatSync(path, { bigint: true });
    if (kind === "file" ? !s.isFile() : !s.isDirectory()) return null;
    const changed = changedNsOf(s);
    return {
      stamp: statStamp(s),
      changedMs: Number(changed / 1_000_000n),
      settledAtMs: settledAtMs(changed),
      bytes: Number(s.size),
    };
  } catch {
    return null;
  }
}
