// Walks from a thread to the root through parentIds, stopping (with a notice) at a missing, unreadable or cyclic link.
import { UnreadableFileError, ThreadMindError } from "./errors.js";
import type { Thread } from "./types.js";

export interface Chain {
  /** Root first, the starting thread last. */
  threads: Thread[];
  notices: string[];
}

export function walkToRoot(start: Thread, read: (id: string) => Thread): Chain {
  const threads: Thread[] = [start];
  const notices: string[] = [];
  const seen = new Set<string>([start.id]);
  let current = start;
  while (current.parentId !== null) {
    const parentId = current.parentId;
    if (seen.has(parentId)) {
      notices.push(`_⚠ The parentIds of "${current.id}" form a cycle through "${parentId}": ancestors beyond it are not shown. Fix the parentId in the thread files._`);
      break;
    }
    let parent: Thread;
    try {
      parent = read(parentId);
    } catch (e) {
      if (e instanceof UnreadableFileError) {
        notices.push(`_⚠ Ancestor "${parentId}" could not be read (${e.path}: ${e.reason}); its context and anything above it are not shown._`);
      } else if (e instanceof ThreadMindError && e.code === "not-found") {
        notices.push(`_⚠ Parent thread "${parentId}" of "${current.id}" does not exist; ancestors are not shown._`);
      } else throw e;
      break;
    }
    seen.add(parentId);
    threads.unshift(parent);
    current = parent;
  }
  return { threads, notices };
}

/** Ids of every descendant of `id` (not including it), from a map of threads. */
export function descendantsOf(id: string, threads: Map<string, Thread>): string[] {
  const children = new Map<string, string[]>();
  for (const t of threads.values()) {
    if (t.parentId === null) continue;
    const list = children.get(t.parentId) ?? [];
    list.push(t.id);
    children.set(t.parentId, list);
  }
  const out: string[] = [];
  const seen = new Set<string>([id]);
  const queue = [id];
  while (queue.length > 0) {
    for (const child of children.get(queue.shift()!) ?? []) {
      if (seen.has(child)) continue;
      seen.add(child);
      out.push(child);
      queue.push(child);
    }
  }
  return out;
}
