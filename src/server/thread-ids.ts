// Thread ids of the session's active project, for completions (prompt arguments and the thread resource template).
import { ThreadMindError } from "../core/errors.js";
import type { ServerSession } from "./server-session.js";

/** At most this many completion values are returned (the MCP limit). */
const MAX_COMPLETIONS = 100;

/** Ids of the active project's threads starting with `prefix`; none when there is no project yet. */
export async function completeThreadId(
  session: ServerSession,
  prefix: string,
  exclude: readonly string[] = [],
): Promise<string[]> {
  let ids: string[];
  try {
    const services = await session.services();
    const project = services.currentProject();
    ids = [...services.store.readAllThreads(project.id).threads.keys()];
  } catch (e) {
    if (noProjectYet(e)) return []; // nothing to complete
    throw e;
  }
  const needle = prefix.toLowerCase();
  return ids
    .filter((id) => id.startsWith(needle) && !exclude.includes(id))
    .sort()
    .slice(0, MAX_COMPLETIONS);
}

/** The workspace has no project, or none is selected: lists and completions are empty rather than failing. */
export function noProjectYet(error: unknown): boolean {
  return error instanceof ThreadMindError && (error.code === "no-project" || error.code === "no-active-project");
}
