// Tools summary_update and context_get.
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import * as z from "zod";
import { LIMITS } from "../../core/limits.js";
import { idSchema, maxTokensSchema, pathsSchema, relatedSchema, sectionSchema, summaryContentSchema } from "../schemas.js";
import { toolHandler, type ToolContext } from "../tool-result.js";
import { annotations } from "./annotations.js";
import { contextBudget, warningLines } from "../reply-budget.js";

const fmt = (n: number) => n.toLocaleString("en-US");

export function registerSummaryTools(server: McpServer, ctx: ToolContext): void {
  server.registerTool(
    "summary_update",
    {
      title: "Update summary",
      description:
        "Write a thread's summary (default: the current thread). With section: adds the lines to that section (or replaces " +
        "it with replaceSection), creating it if needed. Without section: REPLACES the whole summary. Use sections " +
        "(## Decisions, ## Constraints, ## State, ## Open questions, ## Next steps). Text that looks like a credential is refused. " +
        `Limits: ${fmt(LIMITS.summaryChars)} characters per summary, ${fmt(LIMITS.sectionChars)} per section update.`,
      inputSchema: {
        content: summaryContentSchema,
        threadId: idSchema("Thread id").optional().describe("Thread to update (default: the current thread)"),
        section: sectionSchema.optional(),
        replaceSection: z.boolean().optional().describe("With section: replace the section's text instead of adding to it"),
        paths: pathsSchema.optional(),
        related: relatedSchema.optional(),
      },
      annotations: annotations("Update summary", "destructive", false),
    },
    toolHandler(ctx, { name: "summary_update", changesContext: true }, async (services, args) => {
      const { thread, chars, tokens, warnings, pathsAdded, unchanged } = await services.summaryUpdate(args);
      const what = args.section
        ? `section ${args.section} ${args.replaceSection ? "replaced" : "added to"}`
        : "whole summary replaced";
      const size = `${fmt(chars)} characters, ~${fmt(tokens)} tokens (limit ${fmt(LIMITS.summaryChars)} characters)`;
      const lines = [
        unchanged
          ? `Nothing to write: ${whyUnchanged(thread, args.content, args.section)}: ${size}.`
          : `Updated the summary of "${thread.title}" (${thread.id}; ${what}): ${size}.`,
      ];
      if (pathsAdded.length > 0) {
        lines.push(
          `Paths: ${pathsAdded.join(", ")} (changed in this conversation) joined the thread's paths; pass paths to set or clear them.`,
        );
      }
      lines.push(...warningLines(warnings));
      return lines.join("\n");
    }),
  );

  server.registerTool(
    "context_get",
    {
      title: "Get context",
      description:
        "The assembled context of this session's current thread: the project's system context, the Decisions and Constraints " +
        "of its ancestors, its own summary, and a footer with the size. Call once at the start of a session unless it is already loaded.",
      inputSchema: { maxTokens: maxTokensSchema.optional() },
      annotations: annotations("Get context", "read", true),
    },
    toolHandler(ctx, "context_get", async (services, args) => {
      return (await services.contextGet(contextBudget("context_get", "", args.maxTokens))).text;
    }),
  );
}

/** Why a summary_update wrote nothing: its content was empty, or the thread held it all already. */
function whyUnchanged(thread: { title: string; id: string }, content: string, section: string | undefined): string {
  const name = `the summary of "${thread.title}" (${thread.id})`;
  if (content.trim() === "") return `the content is empty; ${name} is unchanged`;
  return `${name} already holds this${section ? ` (section ${section})` : ""}`;
}
