// The tree text a write operation returns: the whole tree up to FULL_TREE_LIMIT threads, else the path to the active thread.
import type { Store } from "../store/store.js";
import type { Project, Thread, ThreadFileProblem } from "../types.js";
import { relatedMark, renderTree } from "./tree-render.js";
import { walkToRoot } from "./thread-chain.js";
import { messageOf } from "../error-details.js";

/** Write operations return the whole tree up to this many threads, else the path to the active thread (see treeText). */
export const FULL_TREE_LIMIT = 200;

/**
 * The tree a write operation returns. Up to FULL_TREE_LIMIT threads: the whole tree. Above: the path from the root to
 * the active thread only (reading every thread file on each write would cost seconds at 10,000 threads, and the model
 * would get a tree of that size as the tool result); thread_list still shows the whole tree.
 */
export function treeText(store: Store, project: Project, activeId: string, written?: Thread): string {
  // Shown after the write: a failure here is told in the text, never thrown (the write stands; a retry would repeat it).
  try {
    if (store.threadCountExceeds(project.id, FULL_TREE_LIMIT)) return pathTreeText(store, project, activeId, written);
    const { threads, problems } = store.readAllThreads(project.id);
    return renderTreeOf(project, threads, problems, activeId);
  } catch (e) {
    return `(The change was saved, but the tree could not be shown: ${messageOf(e)}. thread_list shows it.)`;
  }
}

/** The tree after a write, with the line of a step after it that failed (if any). */
export function treeAfter(store: Store, project: Project, activeId: string, note: string | null): string {
  const tree = treeText(store, project, activeId);
  return note === null ? tree : `${tree}\n\n${note}`;
}

/** `written`: the active thread as this operation just wrote it under the lock (not read back a second time). */
function pathTreeText(store: Store, project: Project, activeId: string, written?: Thread): string {
  const active = written?.id === activeId ? written : store.readThread(project.id, activeId);
  const chain = walkToRoot(active, (id) => store.readThread(project.id, id));
  const threads = new Map(chain.threads.map((t) => [t.id, t]));
  const tree = renderTree(threads, {
    title: project.title,
    activeId,
    problems: [],
    extra: (t) => relatedMark(t, { has: (r: string) => store.threadExists(project.id, r) }),
  });
  const note = `(More than ${FULL_TREE_LIMIT} threads: only the path to the active thread is shown. thread_list shows more: its children, siblings and the open threads.)`;
  return [tree, ...chain.notices, note].join("\n");
}

/** The whole tree of a project's threads, with the active marker and the files that could not be read. */
export function renderTreeOf(
  project: Project,
  threads: Map<string, Thread>,
  problems: ThreadFileProblem[],
  activeId: string,
): string {
  return renderTree(threads, {
    title: project.title,
    activeId,
    problems,
    extra: (t) => relatedMark(t, threads),
  });
}
