// doctor's check of the threads still in format 1 (one threads/<project>/<id>.md file each, #25): they work, but two
// branches that write one of them conflict under plain git (a pull request merged on the server); the fix is
// `thread-mind-mcp migrate`, then a commit.
import type { ThreadMindServices } from "../services.js";
import { ThreadMindError } from "../errors.js";
import { formatCount } from "../format-count.js";
import { ok, warn, type DoctorCheck } from "./doctor-types.js";

const ID = "format-1";
const TITLE = "Threads still in format 1";
/** At most this many ids are named per project (the count says the rest). */
const NAMED = 5;

export const FORMAT_ONE_FIX =
  'Run `thread-mind-mcp migrate` (every thread written as a folder; its <id>.md is left frozen), then commit the change: `git add .threadmind && git commit -m "ThreadMind: threads migrated to folders"`.';

const plural = (n: number, one: string, many: string) => `${formatCount(n)} ${n === 1 ? one : many}`;

function named(ids: readonly string[]): string {
  const shown = ids.slice(0, NAMED).join(", ");
  return ids.length > NAMED ? `${shown} and ${formatCount(ids.length - NAMED)} more` : shown;
}

/**
 * How many threads of each project are still format-1 files (and migrated threads whose format-1 file was edited since,
 * which `migrate` absorbs too); ok when none. Null when there is no project to look at, or projects/ cannot be listed
 * (the thread files' check names it); a project or thread that cannot be read is left to that check.
 */
export function checkFormatOne(services: ThreadMindServices): DoctorCheck | null {
  const store = services.store;
  let ids: string[];
  try {
    ids = store.projectIds();
  } catch (e) {
    if (e instanceof ThreadMindError) return null;
    throw e;
  }
  if (ids.length === 0) return null;
  const lines: string[] = [];
  let unmigrated = 0;
  let edited = 0;
  let projects = 0;
  for (const id of ids) {
    let left: ReturnType<typeof store.threadsToMigrate>;
    try {
      store.readProject(id);
      left = store.threadsToMigrate(id);
    } catch (e) {
      if (e instanceof ThreadMindError) continue;
      throw e;
    }
    const parts: string[] = [];
    if (left.unmigrated.length > 0)
      parts.push(`${plural(left.unmigrated.length, "thread", "threads")} in format 1 (${named(left.unmigrated)})`);
    if (left.edited.length > 0)
      parts.push(
        `${plural(left.edited.length, "migrated thread whose <id>.md was", "migrated threads whose <id>.md were")} edited since, by a branch that had not migrated (${named(left.edited)})`,
      );
    if (parts.length === 0) continue;
    projects += 1;
    unmigrated += left.unmigrated.length;
    edited += left.edited.length;
    lines.push(`${id}: ${parts.join("; ")}`);
  }
  if (lines.length === 0) return ok(ID, TITLE, "none: every thread is a folder (format 2)");
  const counts = [
    ...(unmigrated > 0 ? [`${plural(unmigrated, "thread", "threads")} still in format 1`] : []),
    ...(edited > 0 ? [`${plural(edited, "migrated thread", "migrated threads")} with an edited format-1 file`] : []),
  ];
  const why =
    unmigrated > 0
      ? ": a thread in format 1 conflicts under plain git (a pull request merged on the server) when two branches write it"
      : "";
  return warn(ID, TITLE, FORMAT_ONE_FIX, `${counts.join(" and ")} in ${plural(projects, "project", "projects")}${why}`, ...lines);
}
