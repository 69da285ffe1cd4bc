// thread_list's threads of a large project, from the search catalog (kept fresh by a directory watch), with their tree.
import { basename } from "node:path";
import { searchIndexFor } from "../search/index.js";
import type { ThreadFileProblem } from "../types.js";
import { listDerived, type ListDerived, type ListedThread } from "./thread-list-view.js";

export interface CatalogThreads {
  threads: Map<string, ListedThread>;
  derived: ListDerived;
  problems: ThreadFileProblem[];
}

/** Keeps the last answer while the catalog is unchanged (the usual case between two calls). */
export class CatalogThreadList {
  private kept: (CatalogThreads & { projectId: string; catalog: object; version: number }) | null = null;

  /** The project's threads as the catalog has them now (no file read or lstat per thread on a warm server). */
  async read(storeDir: string, projectId: string): Promise<CatalogThreads> {
    const index = searchIndexFor(storeDir);
    return index.exclusive(async () => {
      const catalog = index.project(projectId);
      await catalog.refresh();
      // The threads and the tree's shape are kept while the catalog is unchanged (the usual case between two calls).
      const kept = this.kept;
      if (kept !== null && kept.projectId === projectId && kept.catalog === catalog && kept.version === catalog.version)
        return kept;
      const threads = new Map<string, ListedThread>();
      for (const meta of catalog.catalogIndex.live()) threads.set(meta.id, meta);
      const problems: ThreadFileProblem[] = catalog
        .problems()
        .map((p) => ({ ...p, threadId: basename(p.path).replace(/\.md$/, "") }));
      this.kept = { projectId, catalog, version: catalog.version, threads, derived: listDerived(threads), problems };
      return this.kept;
    });
  }
}
