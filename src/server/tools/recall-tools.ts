// Tools thread_search and thread_history (read-only recall across threads and through git history).
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import * as z from "zod";
import { SEARCH_INTENTS, SEARCH_LIMIT, SEARCH_SCOPES } from "../../core/search/index.js";
import { HISTORY_LIMIT } from "../../core/thread-history.js";
import { STATUS_INPUTS, statusOfWord } from "../../core/types.js";
import { idSchema } from "../schemas.js";
import { toolHandler, type ToolContext } from "../tool-result.js";
import { annotations } from "./annotations.js";

export function registerRecallTools(server: McpServer, ctx: ToolContext): void {
  server.registerTool(
    "thread_search",
    {
      title: "Search threads",
      description:
        "Find threads by topic across the whole tree (also sibling branches and closed threads, which the loaded context leaves out). " +
        "Cheapest first: ids, titles, branches, paths and section headings; then the summaries' text (a Decisions match ranks " +
        "above a State match), closed threads too when open ones match weakly; then by meaning (word vectors: finds some " +
        "questions asked in other words); deep: word beginnings and any single word. Each hit: thread id, title, status, matching " +
        "section, a short snippet and how it was found (scores and tiers only in the CLI's --json). Read a hit with thread_switch or its thread resource.",
      inputSchema: {
        query: z
          .string()
          .max(2000)
          .describe(
            'Words to look for, e.g. "rate limiting". For a question in your own words, add the words a summary would use ("throttle clients: rate limit, requests per minute"): meaning alone finds fewer',
          ),
        scope: z.enum(SEARCH_SCOPES).optional().describe('"project" (default) or "all-projects" of this workspace'),
        status: z
          .enum(STATUS_INPUTS)
          .optional()
          .describe(
            'Only threads with this status: "open", "done" or "abandoned" (a closed status also searches those threads\' summaries)',
          ),
        limit: z
          .number()
          .int()
          .min(SEARCH_LIMIT.min)
          .max(SEARCH_LIMIT.max)
          .optional()
          .describe(
            `Most hits to return, ${SEARCH_LIMIT.min}–${SEARCH_LIMIT.max} (default ${SEARCH_LIMIT.default}; ${SEARCH_LIMIT.deepDefault} for deep)`,
          ),
        intent: z
          .enum(SEARCH_INTENTS)
          .optional()
          .describe(
            'Deepest tier allowed: "overview" (metadata only), "lookup" (+ words of the summaries, open threads first), "semantic" (default: + similarity of meaning), "deep" (+ relaxed word matching)',
          ),
      },
      annotations: annotations("Search threads", "read", true),
    },
    toolHandler(
      ctx,
      "thread_search",
      async (services, { status, ...args }) =>
        (await services.threadSearch({ ...args, ...(status !== undefined ? { status: statusOfWord(status) } : {}) })).text,
    ),
  );

  server.registerTool(
    "thread_history",
    {
      title: "Thread history",
      description:
        "How a thread's summary changed: its versions from git history (commit, author, date, subject), newest first, each " +
        "with the lines added and removed per section (decisions added, constraints removed…) and metadata changes; " +
        "uncommitted changes come first. Needs the workspace to be a git repository.",
      inputSchema: {
        threadId: idSchema("Thread id").optional().describe("Thread id (default: the current thread)"),
        limit: z
          .number()
          .int()
          .min(HISTORY_LIMIT.min)
          .max(HISTORY_LIMIT.max)
          .optional()
          .describe(`Most versions to show, ${HISTORY_LIMIT.min}–${HISTORY_LIMIT.max} (default ${HISTORY_LIMIT.default})`),
      },
      annotations: annotations("Thread history", "read", true),
    },
    toolHandler(ctx, "thread_history", async (services, args) => (await services.threadHistory(args)).text),
  );
}
