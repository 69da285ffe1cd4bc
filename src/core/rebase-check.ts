// thread_rebase's guard against cycles: walks up from the new parent; the moved thread must not be above it, and every
// file on the way must be readable (a damaged one could hide the moved thread, and the cycle would appear once repaired).
import { errors, ThreadMindError, UnreadableFileError } from "./errors.js";
import type { Thread } from "./types.js";

/** Throws isDescendant when `threadId` is an ancestor of `newParent`, rebaseChainDamaged when that cannot be told. */
export function assertNotAboveNewParent(threadId: string, newParent: Thread, read: (id: string) => Thread): void {
  const seen = new Set<string>();
  let current = newParent;
  for (;;) {
    if (current.id === threadId) throw errors.isDescendant(newParent.id, threadId);
    if (current.parentId === null || seen.has(current.id)) return; // the root, or an existing cycle the thread is not on
    seen.add(current.id);
    try {
      current = read(current.parentId);
    } catch (e) {
      if (e instanceof UnreadableFileError) throw errors.rebaseChainDamaged(threadId, newParent.id, e.path, e.reason);
      if (e instanceof ThreadMindError && e.code === "not-found") return; // a detached chain: the thread is not above
      throw e;
    }
  }
}
