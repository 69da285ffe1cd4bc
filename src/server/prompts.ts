// Prompts (slash commands): tm-help/context/tree/stats embed their result; the others ask the model to call the tool.
import { completable } from "@modelcontextprotocol/sdk/server/completable.js";
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { GetPromptResult } from "@modelcontextprotocol/sdk/types.js";
import { ThreadMindError } from "../core/errors.js";
import { LIMITS } from "../core/limits.js";
import type { ThreadMindServices } from "../core/services.js";
import { collectStats, renderStats } from "../core/savings/stats.js";
import { sectionTemplate } from "../core/store/summary-sections.js";
import { SHORTCUTS } from "./instructions.js";
import { idSchema, promptTextSchema, titleSchema } from "./schemas.js";
import type { ServerSession } from "./server-session.js";
import { completeThreadId } from "./thread-ids.js";

function message(text: string, description: string): GetPromptResult {
  return { description, messages: [{ role: "user", content: { type: "text", text } }] };
}

export function registerPrompts(server: McpServer, session: ServerSession): void {
  /** Runs `text` on the services; an expected failure (no project…) is shown in the message instead. */
  const embedded = async (
    description: string,
    text: (services: ThreadMindServices) => Promise<string>,
  ): Promise<GetPromptResult> => {
    try {
      return message(await text(await session.services()), description);
    } catch (e) {
      if (!(e instanceof ThreadMindError)) throw e;
      return message(`ThreadMind could not do this: ${e.message}`, description);
    }
  };
  const threadIdArg = (what: string, exclude: (args: Record<string, string> | undefined) => string[] = () => []) =>
    completable(idSchema(what), (value, context) => completeThreadId(session, value, exclude(context?.arguments)));

  const help = () =>
    message(
      [
        "ThreadMind shortcuts (type them in the chat; the model does the rest):",
        ...SHORTCUTS.map((s) => `- ${s.shortcut}: ${s.action}`),
        "",
        "The same actions exist as MCP prompts: tm-context, tm-tree, tm-create, tm-switch, tm-summary, tm-rebase, tm-stats, tm-init, tm-help.",
        "Show this list to the user as it is.",
      ].join("\n"),
      "ThreadMind shortcuts",
    );
  server.registerPrompt("tm-help", { title: "ThreadMind help", description: "List ThreadMind's tm: shortcuts" }, help);

  const contextPrompt = () =>
    embedded("The current thread's context", async (services) => {
      const context = await services.contextGet();
      return `ThreadMind context of the current thread (already loaded: no need to call context_get):\n\n${context.text}`;
    });
  server.registerPrompt(
    "tm-context",
    { title: "ThreadMind context", description: "Load the current thread's context into the conversation" },
    contextPrompt,
  );
  server.registerPrompt(
    "start-thread",
    { title: "Start with ThreadMind context", description: "Same as tm-context: load the current thread's context" },
    contextPrompt,
  );

  server.registerPrompt("tm-tree", { title: "ThreadMind tree", description: "Show the thread tree" }, () =>
    embedded("The thread tree", async (services) => `ThreadMind thread tree:\n\n${(await services.threadList()).text}`),
  );

  server.registerPrompt("tm-stats", { title: "ThreadMind stats", description: "Show ThreadMind statistics" }, () =>
    embedded(
      "ThreadMind statistics",
      async (services) =>
        `ThreadMind statistics (show them to the user as they are):\n\n${renderStats(await collectStats(services))}`,
    ),
  );

  server.registerPrompt(
    "tm-create",
    {
      title: "New ThreadMind thread",
      description: "Create a thread (a child of the current thread)",
      argsSchema: { title: titleSchema("Thread title") },
    },
    ({ title }) =>
      message(
        `Create a new ThreadMind thread: call thread_create with title ${JSON.stringify(title)}. Then continue in that thread.`,
        "Create a thread",
      ),
  );

  server.registerPrompt(
    "tm-switch",
    {
      title: "Switch ThreadMind thread",
      description: "Switch to another thread",
      argsSchema: { threadId: threadIdArg("Thread id") },
    },
    ({ threadId }) =>
      message(
        `Switch to the ThreadMind thread "${threadId}": call thread_switch with threadId "${threadId}", then continue from the context it returns.`,
        "Switch thread",
      ),
  );

  server.registerPrompt(
    "tm-rebase",
    {
      title: "Move ThreadMind thread",
      description: "Move a thread under another parent",
      argsSchema: {
        threadId: threadIdArg("Thread id"),
        newParentId: threadIdArg("New parent thread id", (args) => (args?.threadId ? [args.threadId] : [])),
      },
    },
    ({ threadId, newParentId }) =>
      message(
        `Move the ThreadMind thread "${threadId}" under "${newParentId}": call thread_rebase with threadId "${threadId}" and newParentId "${newParentId}".`,
        "Move thread",
      ),
  );

  const summarize = (topic: string | undefined) =>
    embedded("Update the current thread's summary", async (services) => {
      const { thread } = await services.currentThread();
      const current = thread.summary.trim() === "" ? "(empty: this thread has no summary yet)" : thread.summary;
      return [
        `Update the summary of the current ThreadMind thread "${thread.title}" (${thread.id}) from this conversation${topic ? `, focusing on: ${topic}` : ""}.`,
        "Keep what still holds, add the decisions, constraints, state, open questions and next steps that are new, drop what is obsolete. Short bullet points; no secrets.",
        "",
        "Current summary:",
        current,
        "",
        "Section template:",
        sectionTemplate(),
        "",
        `Then call summary_update with the whole new summary as content (at most ${LIMITS.summaryChars.toLocaleString("en-US")} characters).`,
      ].join("\n");
    });
  const topicArg = promptTextSchema("What the summary should focus on", LIMITS.titleChars).optional();
  server.registerPrompt(
    "tm-summary",
    {
      title: "Update ThreadMind summary",
      description: "Update the current thread's summary: with content, record it; without, summarize this conversation",
      argsSchema: {
        content: promptTextSchema("What to record in the summary", LIMITS.sectionChars).optional(),
        topic: topicArg,
      },
    },
    ({ content, topic }) => {
      if (content === undefined || content.trim() === "") return summarize(topic);
      return message(
        [
          "Record this in the current ThreadMind thread's summary: call summary_update with it as content and the section it belongs to " +
            "(decisions, constraints, state, open-questions or next-steps), rewording it as short bullet points if needed.",
          "",
          content,
        ].join("\n"),
        "Record in the summary",
      );
    },
  );
  server.registerPrompt(
    "summarize-thread",
    {
      title: "Summarize ThreadMind thread",
      description: "Same as tm-summary without content: summarize this conversation into the current thread",
      argsSchema: { topic: topicArg },
    },
    ({ topic }) => summarize(topic),
  );

  server.registerPrompt(
    "tm-init",
    {
      title: "Write ThreadMind agent instructions",
      description: "Write ThreadMind's instructions into AGENTS.md and other agent files",
    },
    () =>
      message(
        "Call threadmind_init to write ThreadMind's instructions into the files other agents read (by default AGENTS.md and .threadmind/instructions.md; " +
          'pass clients with "claude" for CLAUDE.md or "cursor" for a Cursor rule if the user uses them). Then tell the user which files changed.',
        "Write agent instructions",
      ),
  );
}
