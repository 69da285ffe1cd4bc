// Stale-path warnings: for each thread of a context, how many commits changed its paths since its summary was written.
import { GitError, commitsTouchingSince } from "../git/git.js";
import type { Thread } from "../types.js";

/** True when a thread's warning depends on HEAD: it names a commit and paths to check since. */
export function hasPathsToCheck(t: Thread): t is Thread & { commit: string; paths: string[] } {
  return Boolean(t.commit && t.paths && t.paths.length > 0);
}

/** Thread id → the warning shown above its summary (threads whose paths did not change have none). */
export async function stalePathWarnings(top: string, threads: readonly Thread[]): Promise<Map<string, string>> {
  const warnings = new Map<string, string>();
  await Promise.all(
    threads.map(async (t) => {
      if (!hasPathsToCheck(t)) return;
      let n: number | null;
      try {
        n = await commitsTouchingSince(top, t.commit, t.paths);
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
    }),
  );
  return warnings;
}
