// git's listing of unmerged files (`git ls-files -u -z`) read into paths and the index stages held for each. No imports:
// the SessionStart team check (hook-start.cjs) reads it too.

/** A file git left unmerged: its path from the top of the work tree and the stages the index holds for it. */
export interface UnmergedFile {
  path: string;
  stages: Set<1 | 2 | 3>;
}

/** Each path of `git ls-files -u -z` output once, in listing order, with its stages (:1 base, :2 ours, :3 theirs). */
export function parseUnmergedListing(out: string): UnmergedFile[] {
  const byPath = new Map<string, UnmergedFile>();
  for (const record of out.split("\0")) {
    const m = /^\d+ [0-9a-f]+ ([123])\t(.+)$/s.exec(record);
    if (!m) continue;
    const path = m[2]!;
    const entry = byPath.get(path) ?? { path, stages: new Set() };
    entry.stages.add(Number(m[1]) as 1 | 2 | 3);
    byPath.set(path, entry);
  }
  return [...byPath.values()];
}
