// The search indexes of one `.threadmind/` store (one per project), shared by every services object of this process.
import { join } from "node:path";
import { ProjectIndex } from "./project-index.js";

export class StoreSearchIndex {
  private projects = new Map<string, ProjectIndex>();
  private queue: Promise<unknown> = Promise.resolve();

  constructor(readonly storeDir: string) {}

  /** The index of one project (created on first use; its files are read by `refresh`). Ids are validated by the caller. */
  project(projectId: string): ProjectIndex {
    let index = this.projects.get(projectId);
    if (!index) {
      index = new ProjectIndex(projectId, join(this.storeDir, "threads", projectId), this.storeDir);
      this.projects.set(projectId, index);
    }
    return index;
  }

  /** Runs `fn` after every earlier call has finished: one search at a time updates the indexes and their files. */
  exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.queue.then(fn, fn);
    this.queue = run.catch(() => undefined);
    return run;
  }

  close(): void {
    for (const p of this.projects.values()) p.close();
    this.projects.clear();
  }
}

const shared = new Map<string, StoreSearchIndex>();

/** The process-wide index of a store: a long-lived server keeps it warm across calls and services objects. */
export function searchIndexFor(storeDir: string): StoreSearchIndex {
  let index = shared.get(storeDir);
  if (!index) {
    index = new StoreSearchIndex(storeDir);
    shared.set(storeDir, index);
  }
  return index;
}

/** Stops every directory watcher and forgets the warm indexes (the cache files stay). */
export function closeSearchIndexes(): void {
  for (const index of shared.values()) index.close();
  shared.clear();
}
