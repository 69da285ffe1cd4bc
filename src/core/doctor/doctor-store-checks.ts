// Doctor checks of the workspace's `.threadmind/`: readable, every project and thread file parses, no cycle or orphan,
// local state usable, and the context a session would load against Claude Code's 10,000-character cap.
import { accessSync, constants } from "node:fs";
import { join, relative } from "node:path";
import { buildTree, detachedReason } from "../context/tree-render.js";
import type { LocalStateRead } from "../store/local-state.js";
import { measurementLogPath } from "../measure/measurement-log.js";
import type { MeasurementLogRead } from "../measure/measurement-log-read.js";
import type { ThreadMindServices } from "../services.js";
import type { StoreDirState, Workspace } from "../store/store-dir.js";
import { errors, ThreadMindError } from "../errors.js";
import { fail, ok, warn, type DoctorCheck } from "./doctor-types.js";
import { CHARACTER_CAP, contextHeader } from "../context/context-header.js";
import { messageOf } from "../error-details.js";
import { readFreshnessConfig } from "../freshness/freshness-config.js";

export function checkWorkspace(workspace: Workspace, state: StoreDirState): DoctorCheck {
  const title = "Workspace";
  const where = `${workspace.root} (chosen from ${workspace.source})`;
  if (state === "absent") {
    return warn(
      "workspace",
      title,
      "Create a project: run /thread-mind:project <title> in Claude Code here (or ask the agent to create a ThreadMind project).",
      `${where}: no .threadmind/ project yet`,
    );
  }
  if (state !== "directory") {
    const refusal = errors.storeDirUnusable(workspace.storeDir, state.problem).message;
    return fail(
      "workspace",
      title,
      `Move ${workspace.storeDir} away: ThreadMind keeps its threads in a real .threadmind/ directory there.`,
      refusal,
    );
  }
  try {
    accessSync(workspace.storeDir, constants.R_OK | constants.W_OK | constants.X_OK);
  } catch (e) {
    return fail(
      "workspace",
      title,
      `Give your user read and write access to ${workspace.storeDir} (e.g. \`chmod -R u+rwX .threadmind\`).`,
      `${workspace.storeDir} is not readable and writable: ${messageOf(e)}`,
    );
  }
  return ok("workspace", title, where, `${workspace.storeDir} is readable and writable`);
}

/** Every project file and thread file parses; no thread sits in a parentId cycle or under a missing parent. */
export function checkThreads(services: ThreadMindServices): DoctorCheck {
  const title = "Thread files";
  const store = services.store;
  const rel = (p: string) => relative(services.workspace.root, p) || p;
  const problems: string[] = [];
  let threadCount = 0;
  let ids: string[];
  try {
    ids = store.projectIds();
  } catch (e) {
    if (!(e instanceof ThreadMindError)) throw e;
    return fail(
      "threads",
      title,
      `Move ${join(store.dir, "projects")} away: ThreadMind keeps its projects in a real directory there.`,
      e.message,
    );
  }
  for (const id of ids) {
    try {
      store.readProject(id);
    } catch (e) {
      problems.push(messageOf(e));
      continue;
    }
    let read: ReturnType<typeof store.readAllThreads>;
    try {
      read = store.readAllThreads(id);
    } catch (e) {
      // Its threads directory is a link out of .threadmind/ or not a directory: named here, the other checks still run.
      problems.push(messageOf(e));
      continue;
    }
    const { threads, problems: unreadable } = read;
    threadCount += threads.size;
    for (const p of unreadable) problems.push(`${rel(p.path)}: ${p.reason}`);
    for (const d of buildTree(threads).detached)
      problems.push(`${rel(store.threadPath(id, d.id))}: ${detachedReason(d, threads, unreadable)}`);
  }
  if (ids.length === 0)
    return warn(
      "threads",
      title,
      "Create a project: run /thread-mind:project <title> in Claude Code here.",
      "no project in .threadmind/projects/",
    );
  if (problems.length > 0) {
    return fail(
      "threads",
      title,
      "Fix or remove the files named above (they are plain Markdown with YAML frontmatter; `git log -p` shows their last good content). ThreadMind never overwrites a file it cannot read.",
      `${problems.length} problem${problems.length === 1 ? "" : "s"} in ${ids.length} project${ids.length === 1 ? "" : "s"}`,
      ...problems,
    );
  }
  return ok(
    "threads",
    title,
    `${ids.length} project${ids.length === 1 ? "" : "s"}, ${threadCount} thread${threadCount === 1 ? "" : "s"}: every file parses, no cycle, no orphan`,
  );
}

/**
 * A project's `"freshness": { "nudgeTokens": N }` that cannot be used (a string, a negative number...): the hooks apply
 * the default instead, so a setting meant to turn the reminders off would otherwise be ignored without a word. No check
 * at all when every project's setting is usable or absent.
 */
export function checkFreshnessSettings(services: ThreadMindServices): DoctorCheck[] {
  let ids: string[];
  try {
    ids = services.store.projectIds();
  } catch (e) {
    if (!(e instanceof ThreadMindError)) throw e;
    return []; // named by the thread files' check
  }
  const problems: string[] = [];
  for (const id of ids) {
    try {
      services.store.readProject(id);
    } catch (e) {
      if (!(e instanceof ThreadMindError)) throw e;
      continue; // an unreadable project file is named by the thread files' check
    }
    const { problem } = readFreshnessConfig(services.workspace.storeDir, id);
    const file = relative(services.workspace.root, services.store.projectPath(id));
    if (problem !== undefined) problems.push(`${file}: ${problem}`);
  }
  if (problems.length === 0) return [];
  return [
    warn(
      "freshness",
      "Summary reminders",
      'Set "freshness": { "nudgeTokens": N } in the project file to a whole number of tokens (0 turns the reminders off), or remove it.',
      ...problems,
    ),
  ];
}

/** The measurement log as runDoctor read it: what it holds, or why it could not be read. */
export type DoctorLogRead = { read: MeasurementLogRead } | { error: unknown };

/** config.json and measurements.jsonl, from what runDoctor read (once) of each. */
export function checkLocalState(storeDir: string, local: LocalStateRead, log: DoctorLogRead): DoctorCheck {
  if (local.problem !== undefined) {
    return warn(
      "local-state",
      "Local state",
      "Nothing to do by hand: the next write sets the file aside (config.json.corrupt-<time>) and starts a new one. Thread files and measurements.jsonl are not affected.",
      `${storeDir}/config.json cannot be used: ${local.problem}`,
    );
  }
  const path = measurementLogPath(storeDir);
  if ("error" in log) {
    const e = log.error;
    return warn(
      "local-state",
      "Local state",
      `Move ${path} away (the hooks start a new one); stats and the report show no measurements until then.`,
      `${path} cannot be read: ${messageOf(e)}`,
    );
  }
  const unreadable = log.read.unreadableLines;
  if (unreadable > 0) {
    return warn(
      "local-state",
      "Local state",
      "Nothing to do by hand: those lines are left out of stats and the report (a write cut short by a crash leaves one such line).",
      `${unreadable} line${unreadable === 1 ? "" : "s"} of ${path} ${unreadable === 1 ? "is" : "are"} not measurement records`,
    );
  }
  return ok("local-state", "Local state", `${storeDir}/config.json and measurements.jsonl are usable`);
}

/**
 * The context a new session here would load (the branch's thread), whole and as the SessionStart hook fits it. Asked as
 * a starting process (newProcess), like SessionStart(startup): no conversation to follow, so the log is not read again.
 */
export async function checkContextSize(services: ThreadMindServices): Promise<DoctorCheck> {
  const title = "Context size";
  const cap = CHARACTER_CAP.toLocaleString("en-US");
  const { project, thread } = await services.currentThread({ newProcess: true });
  const header = contextHeader("startup", thread.id, thread.title);
  // What the hook loads first: its walk stops at the cap, so a deep chain costs no more than a shallow one.
  const fitted = await services.contextFor(project, thread, { maxChars: Math.max(0, CHARACTER_CAP - header.length) });
  const trimmed = fitted.omitted.length > 0 || fitted.omittedBeyond || fitted.systemContextOmitted || fitted.truncated;
  if (!trimmed) {
    return ok(
      "context-size",
      title,
      `${(header.length + fitted.text.length).toLocaleString("en-US")} of ${cap} characters for thread "${thread.id}" (reaches the model whole)`,
    );
  }
  const whole = await services.contextFor(project, thread, {});
  const wholeChars = header.length + whole.text.length;
  if (fitted.truncated) {
    return fail(
      "context-size",
      title,
      `Shorten the summary of "${thread.id}" (summary_update or /thread-mind:summary): over ${cap} characters Claude Code shows the model only a 2 KB preview, so the hook cuts it.`,
      `thread "${thread.id}" needs ${wholeChars.toLocaleString("en-US")} characters; even without its ancestors and the project's system context, its summary (${thread.summary.trim().length.toLocaleString("en-US")} characters) does not fit ${cap}: sessions start with it cut`,
    );
  }
  const ancestors = `${fitted.omitted.length}${fitted.omittedBeyond ? " or more" : ""} ancestor${fitted.omitted.length === 1 && !fitted.omittedBeyond ? "" : "s"}`;
  const left = [
    ...(fitted.omitted.length > 0 || fitted.omittedBeyond ? [ancestors] : []),
    ...(fitted.systemContextOmitted ? ["the project's system context"] : []),
  ];
  return warn(
    "context-size",
    title,
    "Shorten the ancestors' summaries or the project's system context (or merge finished threads) so the whole chain fits.",
    `thread "${thread.id}" with its ancestors needs ${wholeChars.toLocaleString("en-US")} characters, over the ${cap}-character cap: sessions start without ${left.join(" and ")}`,
  );
}
