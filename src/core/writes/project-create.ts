// project_create: a new project with its main thread, selected for this session.
import { MAIN_THREAD_ID, uniqueId } from "../ids.js";
import { checkLength, checkNotBlank, LIMITS } from "../limits.js";
import { nextTimestamp } from "../clock.js";
import { assertNoSecrets } from "../secrets/secret-scan.js";
import { oneOf } from "../thread-input-checks.js";
import type { Project, ProjectMode, Thread } from "../types.js";
import { addNotice } from "../notices.js";
import { errors } from "../errors.js";
import { readProjects } from "../project-list.js";
import type { Store } from "../store/store.js";
import type { WriteContext } from "./write-context.js";

export async function createProject(
  ctx: WriteContext,
  input: { title: string; systemContext?: string; mode?: ProjectMode },
): Promise<{ project: Project; thread: Thread }> {
  oneOf("mode", input.mode, ["solo", "team"] as const, true);
  checkNotBlank("The project title", input.title);
  checkLength("The project title", input.title, LIMITS.titleChars);
  if (input.systemContext !== undefined) {
    checkLength("The system context", input.systemContext, LIMITS.systemContextChars);
    assertNoSecrets(input.systemContext, "the project's system context");
  }
  assertNoSecrets(input.title, "the project title");
  const author = await ctx.author();
  const result = await ctx.store.locked(async () => {
    ctx.store.ensureLayout();
    await ctx.migrateIfNeeded();
    // A title taken already: a retry of a call whose answer was lost, or a project not looked for first. Two projects of
    // one title could not be told apart in a list; nothing is made.
    const same = projectTitled(ctx.store, input.title);
    if (same !== null) throw errors.projectTitleTaken(same.title, same.id);
    // A threads/<id>/ left without its project file is someone's data too: the new project takes another id.
    const id = uniqueId(input.title, (c) => ctx.store.projectExists(c) || ctx.store.threadsDirExists(c));
    const now = nextTimestamp();
    const project: Project = { id, title: input.title, mode: input.mode ?? "solo", createdAt: now };
    if (input.systemContext?.trim()) project.systemContext = input.systemContext.trim();
    const thread: Thread = {
      id: MAIN_THREAD_ID,
      title: input.title,
      parentId: null,
      author,
      createdAt: now,
      updatedAt: now,
      summary: "",
    };
    await ctx.store.writeProject(project);
    await ctx.store.writeThread(id, thread);
    // The project exists from here on: a failure to select it is a note, never a failed call (a retry would make a second one).
    const unremembered = await ctx.rememberAfterWrite(id, MAIN_THREAD_ID);
    if (unremembered !== null) addNotice(ctx.notices, unremembered);
    return { project, thread };
  });
  return result;
}

/** Case and surrounding spaces aside (Unicode NFC), the same title. */
function titleKey(title: string): string {
  return title.normalize("NFC").trim().toLowerCase();
}

/**
 * The project of this title, or null. A project file that cannot be read is passed over here: project_list names it,
 * and its title cannot be known.
 */
function projectTitled(store: Store, title: string): Project | null {
  const key = titleKey(title);
  return readProjects(store).projects.find((project) => titleKey(project.title) === key) ?? null;
}
