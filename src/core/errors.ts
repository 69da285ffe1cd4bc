// The core's error type and the exact error texts the tools return.

export type ErrorCode =
  | "no-project"
  | "no-active-project"
  | "not-found"
  | "invalid-input"
  | "forbidden"
  | "unreadable"
  | "conflict"
  | "secret"
  | "lock-timeout"
  | "lock-lost";

export class ThreadMindError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = "ThreadMindError";
  }
}

/** Several projects and none chosen yet in this workspace (a fresh clone): carries the ids, for a terminal's own advice. */
export class NoActiveProjectError extends ThreadMindError {
  constructor(readonly ids: readonly string[]) {
    super("no-active-project", `No active project. Existing projects: ${ids.join(", ")}. Use project_switch to select one.`);
  }
}

export const errors = {
  noProject: () =>
    new ThreadMindError(
      "no-project",
      "No ThreadMind project in this workspace. Only create one (project_create) if the user asks for it.",
    ),
  noActiveProject: (ids: string[]) => new NoActiveProjectError(ids),
  projectNotFound: (id: string, ids: string[]) =>
    new ThreadMindError("not-found", `Project "${id}" not found${ids.length ? `. Existing projects: ${ids.join(", ")}` : ""}`),
  threadNotFound: (id: string) => new ThreadMindError("not-found", `Thread "${id}" not found`),
  sessionThreadGone: (lost: string, instead: string) =>
    new ThreadMindError(
      "not-found",
      `The thread "${lost}" this session was on has no file here (deleted, or on another branch since it was chosen): without a thread id this would change "${instead}" instead. Pass threadId, or thread_switch to the thread to write to.`,
    ),
  parentNotFound: (id: string) => new ThreadMindError("not-found", `Parent thread "${id}" not found`),
  cannotDeleteMain: () => new ThreadMindError("forbidden", "Cannot delete the main thread"),
  cannotRebaseMain: () => new ThreadMindError("forbidden", "Cannot rebase the main thread"),
  cannotCloseMain: () => new ThreadMindError("forbidden", "The main thread cannot be closed"),
  isDescendant: (id: string, of: string) => new ThreadMindError("invalid-input", `"${id}" is a descendant of "${of}"`),
  notOwner: (id: string, owner: string) => new ThreadMindError("forbidden", `Cannot update thread "${id}": owned by "${owner}"`),
  invalid: (message: string) => new ThreadMindError("invalid-input", message),
  projectTitleTaken: (title: string, id: string) =>
    new ThreadMindError(
      "conflict",
      `A project titled "${title}" exists already (id ${id}). Nothing was created: project_switch ${id} works in it, ` +
        "or give the new project another title.",
    ),
  emptySummaryReplacement: () =>
    new ThreadMindError(
      "invalid-input",
      "The content is empty: without a section it would erase the whole summary. Nothing was written. To empty one " +
        "section, pass that section with replaceSection: true.",
    ),
  pathOutsideWorkspace: (path: string, root: string) =>
    new ThreadMindError(
      "invalid-input",
      `The path "${path}" is outside the workspace ${root}: a thread's paths are relative to it (src/auth/, ` +
        "src/**/*.ts) and cover its files only. Nothing was written.",
    ),
  rebaseChainDamaged: (id: string, newParentId: string, path: string, reason: string) =>
    new ThreadMindError(
      "unreadable",
      `Cannot rebase "${id}" under "${newParentId}": the chain above "${newParentId}" holds a thread file that cannot be ` +
        `read (${path}: ${reason}), so ThreadMind cannot tell whether "${newParentId}" is under "${id}" (that would make ` +
        "a cycle). Fix or remove that file, then retry. Nothing was changed.",
    ),
  migrationFileGone: (path: string) =>
    new ThreadMindError("unreadable", `Cannot migrate ${path}: it disappeared during the migration. Nothing was changed.`),
  linkOutsideRepository: (rel: string, target: string) =>
    new ThreadMindError(
      "forbidden",
      `Cannot update ${rel}: it leads outside the repository (to ${target}), through a symbolic link; ThreadMind never ` +
        "writes outside the repository. Nothing was changed. Replace the link with a file, or leave this client out.",
    ),
  workspaceMissing: (root: string, source: string) =>
    new ThreadMindError(
      "invalid-input",
      `The workspace ${root} (from ${source}) is not an existing directory: ThreadMind creates .threadmind/ only inside one. ` +
        (source === "THREADMIND_ROOT"
          ? "Set THREADMIND_ROOT, in the MCP client's configuration, to the repository's directory. Nothing was created."
          : "Start the server in the repository's directory. Nothing was created."),
    ),
  codexLaunchDirUnknown: (pid: number) =>
    new ThreadMindError(
      "unreadable",
      `Cannot read the directory Codex (pid ${pid}) was started in, which is the workspace of its plugin's MCP server: ` +
        "set THREADMIND_ROOT to the repository's directory in the server's env ([mcp_servers.thread-mind.env] in Codex's config.toml). Nothing was created.",
    ),
  storeDirUnusable: (path: string, problem: string) =>
    new ThreadMindError(
      "unreadable",
      `${path} ${problem}: ThreadMind keeps its threads only in a real .threadmind directory inside the workspace, and ` +
        "never follows it elsewhere. Replace it with a directory (move the real one here), or remove it.",
    ),
  threadIdNotFileName: (path: string, id: string, fileId: string) =>
    new UnreadableFileError(path, `frontmatter id "${id}" does not match the file name "${fileId}"`),
  indexStageNotUtf8: (path: string, stage: string) =>
    new UnreadableFileError(`${stage} version of ${path} in git's index`, "is not valid UTF-8"),
  notRegularFile: (path: string, kind: string) =>
    new UnreadableFileError(path, `is ${kind}, not a regular file; ThreadMind opens only regular files`),
  lockLost: (lockPath: string, detail: string) =>
    new ThreadMindError(
      "lock-lost",
      `Refused to write: this process lost the ThreadMind lock ${lockPath} before writing (${detail}); it stalled for ` +
        "longer than the stale limit and another process took the lock. This write was not made, so no later write was " +
        "overwritten; an earlier write of the same operation may have landed. Check the thread and retry.",
    ),
} as const;

/** A file in .threadmind/ that exists but cannot be used; carries the path and the reason separately. */
export class UnreadableFileError extends ThreadMindError {
  constructor(
    readonly path: string,
    readonly reason: string,
  ) {
    super("unreadable", `Cannot read ${path}: ${reason}. Fix or remove the file; ThreadMind will not overwrite it.`);
  }
}
