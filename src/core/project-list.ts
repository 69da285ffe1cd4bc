// project_list: every project of the store (unreadable ones reported, not fatal) and which one is active.
import { ThreadMindError } from "./errors.js";
import type { Store } from "./store/store.js";
import type { Project } from "./types.js";
import { messageOf } from "./error-details.js";

/** `currentProject`: the session's active project; its ThreadMindError (none chosen, none at all) means no active one. */
export function listProjects(
  store: Store,
  currentProject: () => Project,
): { projects: Project[]; activeId: string | null; problems: string[] } {
  const { projects, problems } = readProjects(store);
  let activeId: string | null = null;
  try {
    activeId = currentProject().id;
  } catch (e) {
    if (!(e instanceof ThreadMindError)) throw e;
  }
  return { projects, activeId, problems };
}

/** Every project of the store that can be read, and what keeps each other one from being read (one line each). */
export function readProjects(store: Store): { projects: Project[]; problems: string[] } {
  const projects: Project[] = [];
  const problems: string[] = [];
  for (const id of store.exists() ? store.projectIds() : []) {
    try {
      projects.push(store.readProject(id));
    } catch (e) {
      problems.push(messageOf(e));
    }
  }
  return { projects, problems };
}
