// Deep thread chains and long parentId cycles written straight to a store (thousands of files in a second, without the
// services' per-write lock and tree): for the tests that context assembly, the hooks and doctor stay linear on them.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { serializeThread } from "../../src/core/store/frontmatter.js";
import type { Thread } from "../../src/core/types.js";

export interface ChainSpec {
  /** The workspace root (holds .threadmind/). */
  root: string;
  projectId: string;
  /** Ancestors of "main" (the thread every session starts on), nearest first: main → t-1 → t-2 → … → t-n. */
  ancestors: number;
  /** t-n's parent is main again (a cycle through every thread) instead of none (t-n is the root). */
  cycle?: boolean;
  title?: (i: number) => string;
  /** An ancestor's summary (default: one decision naming it). */
  summary?: (i: number) => string;
  /** main's summary. */
  mainSummary?: string;
}

export const ancestorId = (i: number) => `t-${i}`;

/** Writes the project file and main plus its ancestors; existing files of the same ids are replaced. */
export function writeChain(spec: ChainSpec): void {
  const store = join(spec.root, ".threadmind");
  const threadsDir = join(store, "threads", spec.projectId);
  mkdirSync(join(store, "projects"), { recursive: true });
  mkdirSync(threadsDir, { recursive: true });
  const at = "2026-01-01T00:00:00.000Z";
  writeFileSync(
    join(store, "projects", `${spec.projectId}.json`),
    `${JSON.stringify({ id: spec.projectId, title: "Deep", mode: "solo", createdAt: at }, null, 2)}\n`,
  );
  const thread = (id: string, title: string, parentId: string | null, summary: string): Thread => ({
    id,
    title,
    parentId,
    author: "tester",
    createdAt: at,
    updatedAt: at,
    summary,
  });
  const write = (t: Thread) => writeFileSync(join(threadsDir, `${t.id}.md`), serializeThread(t));
  write(
    thread(
      "main",
      "Main",
      spec.ancestors > 0 ? ancestorId(1) : null,
      spec.mainSummary ?? "## State\n- the active thread's own state",
    ),
  );
  for (let i = 1; i <= spec.ancestors; i++) {
    const parent = i < spec.ancestors ? ancestorId(i + 1) : spec.cycle ? "main" : null;
    write(
      thread(
        ancestorId(i),
        spec.title?.(i) ?? `Ancestor ${i}`,
        parent,
        spec.summary?.(i) ?? `## Decisions\n- decision of ancestor ${i}`,
      ),
    );
  }
}
