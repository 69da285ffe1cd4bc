// Plain data types of the core: projects, threads, sections, local state. No I/O here.

export type ProjectMode = "solo" | "team";

export interface Project {
  id: string;
  title: string;
  systemContext?: string;
  mode: ProjectMode;
  createdAt: string;
}

export type ClosedStatus = "done" | "abandoned";
export type ThreadStatus = "active" | ClosedStatus;
/** Every thread status, in the order the tools list them. */
export const THREAD_STATUSES = ["active", "done", "abandoned"] as const satisfies readonly ThreadStatus[];

/** Frontmatter of a thread file. Optional keys are present only when set. */
export interface ThreadMeta {
  id: string;
  title: string;
  parentId: string | null;
  author: string;
  createdAt: string;
  updatedAt: string;
  status?: ClosedStatus;
  branch?: string;
  commit?: string;
  paths?: string[];
  mergedInto?: string;
  related?: string[];
}

export interface Thread extends ThreadMeta {
  /** Markdown summary (the file body). */
  summary: string;
}

/** A thread file that could not be read or parsed, reported with its path and the reason. */
export interface ThreadFileProblem {
  path: string;
  threadId: string;
  reason: string;
}

export const SECTION_KEYS = ["decisions", "constraints", "state", "open-questions", "next-steps"] as const;
export type SectionKey = (typeof SECTION_KEYS)[number];

export const SECTION_HEADINGS = {
  decisions: "Decisions",
  constraints: "Constraints",
  state: "State",
  "open-questions": "Open questions",
  "next-steps": "Next steps",
} as const satisfies Record<SectionKey, string>;

/** Identifies one client session (one MCP server process, one Claude Code instance). */
export interface SessionKey {
  key: string;
  /** Process whose death ends the session (pruned from local state then). */
  pid?: number;
}

/**
 * A status as a person reads it: "open" for a thread not closed ("active" is the file's value; "current" is kept for
 * the thread a window is on), "done", "abandoned".
 */
export function statusWord(status: ThreadStatus): "open" | ClosedStatus {
  switch (status) {
    case "active":
      return "open";
    case "done":
    case "abandoned":
      return status;
    default: {
      const unreachable: never = status;
      throw new Error(`unknown thread status ${JSON.stringify(unreachable)}`);
    }
  }
}

/** The statuses as a person names them (the CLI's --status, the tools' status): "open" for a thread not closed. */
export const STATUS_WORDS = ["open", "done", "abandoned"] as const satisfies readonly ReturnType<typeof statusWord>[];
/** What the tools and the CLI accept: the words a person reads, and "active", the file's value, as before. */
export const STATUS_INPUTS = [...STATUS_WORDS, "active"] as const;

/** A status as given (a word of STATUS_INPUTS) → the thread's status. */
export function statusOfWord(word: (typeof STATUS_INPUTS)[number]): ThreadStatus {
  switch (word) {
    case "open":
    case "active":
      return "active";
    case "done":
    case "abandoned":
      return word;
    default: {
      const unreachable: never = word;
      throw new Error(`unknown thread status ${JSON.stringify(unreachable)}`);
    }
  }
}

export function threadStatus(meta: ThreadMeta): ThreadStatus {
  return meta.status ?? "active";
}
