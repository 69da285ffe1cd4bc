// Stale-path warnings: for each thread of a context, how many commits changed its paths since its summary was written.
import { GitError, commitsTouchingSince } from "../git/git.js";
import type { Thread } from "../types.js";

/** True when a thread's warning depends on HEAD: it names a commit and paths to check since. */
export function hasPathsToCheck(t: Thread): t is Thread & { commit: string; paths: string[] } {
  return Boolean(t.commit && t.paths && t.paths.length > 0);
}

/** At most this many threads are checked at once (two git processes each): a long chain must not start hundreds. */
const CHECKS_AT_ONCE = 4;

/**
 * Thread id → the warning shown above its summary (threads whose paths did not change have none). `root`: the workspace
 * root, in a git repository. A thread's paths are relative to it (as recall keeps them), and git reads a pathspec from
 * the directory it runs in: asked from the repository's top, a store in a subfolder would match none of them.
 */
export async function stalePathWarnings(root: string, threads: readonly Thread[]): Promise<Map<string, string>> {
  const warnings = new Map<string, string>();
  const toCheck = threads.filter(hasPathsToCheck);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(CHECKS_AT_ONCE, toCheck.length) }, async () => {
      for (let t = toCheck[next++]; t !== undefined; t = toCheck[next++]) await checkOne(root, t, warnings);
    }),
  );
  return warnings;
}

/** Sets `t`'s warning when commits changed its paths since its summary was written, or when git refuses to say. */
async function checkOne(
  root: string,
  t: Thread & { commit: string; paths: string[] },
  warnings: Map<string, string>,
): Promise<void> {
  let n: number | null;
  try {
    n = await commitsTouchingSince(root, t.commit, t.paths);
  } catch (e) {
    // A path git refuses (outside the repository, bad pathspec) must not cost the whole context: say so instead.
    if (!(e instanceof GitError)) throw e;
    warnings.set(
      t.id,
      `_⚠ Could not check whether ${t.paths.join(", ")} changed since this summary was written (${e.message.split("\n")[0]}). Fix the thread's paths._`,
    );
    return;
  }
  if (n && n > 0) {
    warnings.set(
      t.id,
      `_⚠ ${n} commit${n === 1 ? "" : "s"} changed ${t.paths.join(", ")} since this summary was written: check it is still accurate._`,
    );
  }
}
