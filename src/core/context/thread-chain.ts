// Walks from a thread to the root through parentIds, one parent at a time, stopping (with a notice) at a missing,
// unreadable or cyclic link. Linear: each step reads one file and checks one set.
import { UnreadableFileError, ThreadMindError } from "../errors.js";
import type { Thread } from "../types.js";

export interface Chain {
  /** Root first, the starting thread last. */
  threads: Thread[];
  notices: string[];
}

/** Reads a thread's ancestors nearest first, on demand: a caller that has enough stops asking, and the rest is never read. */
export class AncestorWalk {
  readonly notices: string[] = [];
  private readonly seen: Set<string>;
  private current: Thread;
  private done = false;
  /** How many ancestors were read. */
  count = 0;

  constructor(
    start: Thread,
    private readonly read: (id: string) => Thread,
  ) {
    this.current = start;
    this.seen = new Set([start.id]);
  }

  /** True when the walk reached the root or stopped at a notice: there is nothing more to read. */
  get ended(): boolean {
    return this.done || this.current.parentId === null;
  }

  /** The next ancestor, or null when the walk has ended (root reached, or a missing, unreadable or cyclic parent). */
  next(): Thread | null {
    if (this.ended) return null;
    const parentId = this.current.parentId!;
    if (this.seen.has(parentId)) {
      this.notices.push(
        `_⚠ The parentIds of "${this.current.id}" form a cycle through "${parentId}": ancestors beyond it are not shown. Fix the parentId in the thread files._`,
      );
      this.done = true;
      return null;
    }
    let parent: Thread;
    try {
      parent = this.read(parentId);
    } catch (e) {
      if (e instanceof UnreadableFileError) {
        this.notices.push(
          `_⚠ Ancestor "${parentId}" could not be read (${e.path}: ${e.reason}); its context and anything above it are not shown._`,
        );
      } else if (e instanceof ThreadMindError && e.code === "not-found") {
        this.notices.push(`_⚠ Parent thread "${parentId}" of "${this.current.id}" does not exist; ancestors are not shown._`);
      } else throw e;
      this.done = true;
      return null;
    }
    this.seen.add(parentId);
    this.current = parent;
    this.count++;
    return parent;
  }
}

/** The whole chain from `start` to the root (or to what cut it short, named in a notice). */
export function walkToRoot(start: Thread, read: (id: string) => Thread): Chain {
  const walk = new AncestorWalk(start, read);
  const nearestFirst: Thread[] = [start];
  for (let t = walk.next(); t !== null; t = walk.next()) nearestFirst.push(t);
  return { threads: nearestFirst.reverse(), notices: walk.notices };
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
