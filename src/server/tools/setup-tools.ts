// Tools threadmind_init (instructions for agents that do not read MCP instructions) and stats_show.
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import {
  DEFAULT_INSTRUCTION_TARGETS,
  renderAgentInstructionsReport,
  writeAgentInstructions,
} from "../../core/agent-instructions.js";
import { collectStats, renderStats } from "../../core/savings/stats.js";
import { agentFileInstructions } from "../instructions.js";
import { clientsSchema } from "../schemas.js";
import { toolHandler, type ToolContext } from "../tool-result.js";
import { annotations } from "./annotations.js";
import { ThreadMindError } from "../../core/errors.js";
import type { Store } from "../../core/store/store.js";

export function registerSetupTools(server: McpServer, ctx: ToolContext): void {
  server.registerTool(
    "threadmind_init",
    {
      title: "Write agent instructions",
      description:
        "Write ThreadMind's instructions into files that agents read: AGENTS.md, CLAUDE.md, a Cursor rule, " +
        ".threadmind/instructions.md. In Markdown files only the section between <!-- threadmind:start --> and " +
        "<!-- threadmind:end --> is written; the rest is kept byte for byte. Rerunning updates it in place.",
      inputSchema: { clients: clientsSchema.optional() },
      annotations: annotations("Write agent instructions", "write", true),
    },
    toolHandler(ctx, "threadmind_init", async (services, args) => {
      const root = services.workspace.root;
      const report = await writeAgentInstructions(root, args.clients ?? DEFAULT_INSTRUCTION_TARGETS, agentFileInstructions());
      // Thread files merge by meaning once committed with these attributes (the driver itself: `thread-mind-mcp git-setup`).
      return `${renderAgentInstructionsReport(report, root)}${attributesLine(services.store)}`;
    }),
  );

  server.registerTool(
    "stats_show",
    {
      title: "Show stats",
      description:
        "ThreadMind statistics: threads by status, the current thread's context size, each summary's size, and the " +
        "conversation sizes measured by the Claude Code plugin (sizes before and after restarts).",
      annotations: annotations("Show stats", "read", true),
    },
    toolHandler(ctx, "stats_show", async (services) => renderStats(await collectStats(services))),
  );
}

/** The line on `.threadmind/.gitattributes`: a file that cannot be written is said after the instructions written, not instead of them. */
function attributesLine(store: Store): string {
  if (!store.exists()) return "";
  try {
    return store.ensureAttributes()
      ? "\nWrote .threadmind/.gitattributes (thread and project files merge by meaning; commit it)."
      : "";
  } catch (e) {
    if (!(e instanceof ThreadMindError)) throw e;
    return `\n.threadmind/.gitattributes was not written (${e.message}): thread files merge line by line until it is fixed.`;
  }
}
