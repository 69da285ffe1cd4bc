// The whole tree of a project's threads as text (thread_list up to FULL_TREE_LIMIT threads, the CLI's tree command).
import type { Project, Thread, ThreadFileProblem } from "../types.js";
import { relatedMark, renderTree } from "./tree-render.js";

/**
 * thread_list reads every thread file up to this many threads; above, its threads come from the search catalog (see
 * ThreadMindServices.threadList). Write tools return no tree at any size: a few lines, thread_list shows the tree.
 */
export const FULL_TREE_LIMIT = 200;

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
