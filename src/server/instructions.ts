// The server instructions sent at initialize (at most 2,048 characters: Claude Code truncates at 2 KB), also written by threadmind_init.

/** Claude Code truncates server instructions (and tool descriptions) at 2 KB. */
export const INSTRUCTIONS_MAX_CHARS = 2048;

/** The `tm:` shortcuts the user may type, and what the model does for each (also the tm-help prompt). */
export const SHORTCUTS: readonly { shortcut: string; action: string }[] = [
  { shortcut: "tm:help", action: "list these shortcuts" },
  { shortcut: "tm:context", action: "context_get" },
  { shortcut: "tm:tree", action: "thread_list" },
  { shortcut: "tm:create <title>", action: "thread_create" },
  { shortcut: "tm:switch <id>", action: "thread_switch" },
  {
    shortcut: "tm:summary [content]",
    action: "summary_update (without content: rewrite it whole from this conversation, keeping what still holds)",
  },
  { shortcut: "tm:merge", action: "thread_merge" },
  { shortcut: "tm:done [reason]", action: "thread_status done" },
  { shortcut: "tm:abandon <reason>", action: "thread_status abandoned" },
  { shortcut: "tm:stats", action: "stats_show" },
  { shortcut: "tm:search <query>", action: "thread_search (any thread, closed ones too; by meaning when words match weakly)" },
  { shortcut: "tm:history [id]", action: "thread_history" },
  { shortcut: "tm:delete <id>", action: "thread_delete (confirm with the user first: it deletes the descendants too)" },
  { shortcut: "tm:rebase <id> <parent>", action: "thread_rebase" },
  { shortcut: "tm:init", action: "threadmind_init" },
  { shortcut: "tm:project <title>", action: "project_create" },
  { shortcut: "tm:projects", action: "project_list (then project_switch if the user picks one)" },
];

export const SERVER_INSTRUCTIONS = [
  "ThreadMind keeps this project's memory as a tree of threads, each with a Markdown summary in .threadmind/ (committed with the code).",
  "- Call context_get once at the start of a session, unless ThreadMind context is already in the conversation (the Claude Code and Codex plugins load it at startup, after /clear and after compaction).",
  "- Write summaries in sections (## Decisions, ## Constraints, ## State, ## Open questions, ## Next steps). Keep the summary current: after each decision or finished task, add a few lines to one section with summary_update (section=…), and update it before the user clears the conversation (/clear): what is not in the summary is lost then. When ThreadMind says the summary is behind, record what was decided since first. Never write secrets.",
  "- When the topic changes, call thread_list, then thread_switch to an existing thread or thread_create for a new one (a child of the current thread).",
  "- When a thread is finished, close it: thread_merge folds its outcome into the parent (parentSummary = the parent's whole new summary), or thread_status marks it done or abandoned with a reason.",
  "- Create a project (project_create) only when the user asks for one.",
  "The user may type these shortcuts; do what each one asks:",
  ...SHORTCUTS.map((s) => `${s.shortcut}: ${s.action}`),
].join("\n");

/** The same instructions for files that agents read (AGENTS.md, CLAUDE.md, Cursor rule, .threadmind/instructions.md). */
export function agentFileInstructions(): string {
  return `## ThreadMind (thread memory, through the ThreadMind MCP tools)\n\n${SERVER_INSTRUCTIONS}`;
}
