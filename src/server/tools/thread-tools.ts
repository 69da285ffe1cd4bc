// Tools thread_create, thread_switch, thread_list, thread_status, thread_merge, thread_delete, thread_rebase.
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import * as z from "zod";
import { STATUS_INPUTS, statusOfWord, statusWord, threadStatus } from "../../core/types.js";
import { idSchema, maxTokensSchema, parentSummarySchema, reasonSchema, relatedSchema, titleSchema } from "../schemas.js";
import { toolHandler, type ToolContext } from "../tool-result.js";
import { annotations } from "./annotations.js";
import { contextBudget, someIds, warningLines } from "../reply-budget.js";
import { LIMITS } from "../../core/limits.js";
import { titleLine } from "../../core/context/title-line.js";

/** The last line of a write that changed the tree: the tree itself is thread_list's (a write's reply stays a few lines). */
const TREE_HINT = "thread_list shows the tree.";

export function registerThreadTools(server: McpServer, ctx: ToolContext): void {
  server.registerTool(
    "thread_create",
    {
      title: "Create thread",
      description:
        "Start a new thread for a new topic, as a child of the current thread (or of parentId), and make it this session's " +
        "current thread. On a feature branch the thread is linked to the branch. Returns its id (thread_list shows the tree). " +
        "Limit: title 200 characters.",
      inputSchema: {
        title: titleSchema("Thread title"),
        parentId: idSchema("Parent thread id").optional().describe("Parent thread id (default: the current thread)"),
        related: relatedSchema.optional(),
      },
      annotations: annotations("Create thread", "write", false),
    },
    toolHandler(ctx, { name: "thread_create", changesContext: true }, async (services, args) => {
      const created = await services.threadCreate(args);
      const t = created.thread;
      const lines = [
        `Created thread "${t.title}" (id ${t.id}), a child of "${t.parentId}"; it is now this session's current thread.`,
      ];
      if (created.linkedBranch) lines.push(`Linked to git branch ${created.linkedBranch}: sessions on that branch start on it.`);
      lines.push(...warningLines(created.warnings));
      lines.push(`Next: record its decisions with summary_update as they are made. ${TREE_HINT}`);
      return { text: lines.join("\n"), resourcesChanged: true };
    }),
  );

  server.registerTool(
    "thread_switch",
    {
      title: "Switch thread",
      description:
        "Make another thread this session's current thread; returns its assembled context (ancestors' decisions and constraints, its summary).",
      inputSchema: { threadId: idSchema("Thread id"), maxTokens: maxTokensSchema.optional() },
      annotations: annotations("Switch thread", "write", true),
    },
    toolHandler(ctx, { name: "thread_switch", changesContext: true }, async (services, args) => {
      // The line before the context names the thread: its title on one line of at most LIMITS.titleChars (a hand-written
      // file may hold any title), its id at most LIMITS.idLength.
      const prefix = (title: string, id: string) => `Switched to thread "${titleLine(title, LIMITS.titleChars)}" (${id}).\n\n`;
      const room = prefix("x".repeat(LIMITS.titleChars), "x".repeat(LIMITS.idLength));
      const { thread, context } = await services.threadSwitch(
        args.threadId,
        contextBudget("thread_switch", room, args.maxTokens),
      );
      return `${prefix(thread.title, thread.id)}${context.text}`;
    }),
  );

  server.registerTool(
    "thread_list",
    {
      title: "Thread tree",
      description:
        "The project's threads as an ASCII tree, with statuses, linked branches and the current thread marked. A large tree " +
        "comes as a bounded view (the path to the current thread, its children and siblings, open threads by recency, counts " +
        "of the rest; at most 8 KB); rootId, depth and status narrow it.",
      inputSchema: {
        rootId: idSchema("Thread id").optional().describe("Show only the subtree of this thread"),
        depth: z.number().int().min(0).max(10_000).optional().describe("Levels below the root to show (0: the root alone)"),
        status: z
          .enum(STATUS_INPUTS)
          .optional()
          .describe('Show only threads with this status, "open", "done" or "abandoned" (and the ancestors that connect them)'),
      },
      annotations: annotations("Thread tree", "read", true),
    },
    toolHandler(
      ctx,
      "thread_list",
      async (services, args) =>
        (
          await services.threadList({
            ...(args.rootId !== undefined ? { rootId: args.rootId } : {}),
            ...(args.depth !== undefined ? { depth: args.depth } : {}),
            ...(args.status !== undefined ? { status: statusOfWord(args.status) } : {}),
          })
        ).text,
    ),
  );

  server.registerTool(
    "thread_status",
    {
      title: "Set thread status",
      description:
        "Mark a thread (default: the current one) done, abandoned, or open again; a reason is added to its Decisions. " +
        "Closing the current thread moves this session to its parent. The main thread cannot be closed. " +
        "Limit: reason 2,000 characters.",
      inputSchema: {
        status: z.enum(STATUS_INPUTS).describe('New status: "done", "abandoned", or "open" to reopen'),
        threadId: idSchema("Thread id").optional().describe("Thread id (default: the current thread)"),
        reason: reasonSchema.optional(),
      },
      annotations: annotations("Set thread status", "write", false),
    },
    toolHandler(ctx, { name: "thread_status", changesContext: true }, async (services, args) => {
      const { thread, activeId, moved, warnings, unchanged } = await services.threadStatus({
        ...args,
        status: statusOfWord(args.status),
      });
      const status = statusWord(threadStatus(thread));
      const lines = [
        unchanged
          ? `Thread "${thread.title}" (${thread.id}) is ${status} already: nothing to change.`
          : `Thread "${thread.title}" (${thread.id}) is now ${status}.`,
      ];
      if (moved) lines.push(`This session is now on "${activeId}".`);
      lines.push(...warningLines(warnings), TREE_HINT);
      return { text: lines.join("\n"), resourcesChanged: true };
    }),
  );

  server.registerTool(
    "thread_merge",
    {
      title: "Merge thread into parent",
      description:
        "Finish a thread (default: the current one): REPLACES its parent's summary with parentSummary (write the parent's " +
        "whole new summary, folding in this thread's outcome), closes the thread as done and moves this session to the " +
        "parent. Limit: parentSummary 32,000 characters. The current thread's context shows only the " +
        "parent's Decisions and Constraints: read the parent's whole summary first (thread_switch to the parent, then " +
        "pass threadId), or its other sections are lost.",
      inputSchema: {
        parentSummary: parentSummarySchema,
        threadId: idSchema("Thread id").optional().describe("Thread to merge (default: the current thread)"),
      },
      annotations: annotations("Merge thread into parent", "destructive", false),
    },
    toolHandler(ctx, { name: "thread_merge", changesContext: true }, async (services, args) => {
      const { thread, parent, warnings } = await services.threadMerge(args);
      const lines = [
        `Merged "${thread.id}" into "${parent.id}": the parent's summary was replaced and "${thread.id}" is closed as done. This session is now on "${parent.id}".`,
        ...warningLines(warnings),
        TREE_HINT,
      ];
      return { text: lines.join("\n"), resourcesChanged: true };
    }),
  );

  server.registerTool(
    "thread_delete",
    {
      title: "Delete thread",
      description:
        "Delete a thread AND all its descendants (their files are removed; git history keeps them). The main thread cannot " +
        "be deleted. Ask the user first.",
      inputSchema: { threadId: idSchema("Thread id") },
      annotations: annotations("Delete thread", "destructive", true),
    },
    toolHandler(ctx, { name: "thread_delete", changesContext: true }, async (services, args) => {
      const { deleted, activeId, warnings } = await services.threadDelete(args.threadId);
      const lines = [`Deleted ${deleted.length} thread${deleted.length === 1 ? "" : "s"}: ${someIds(deleted)}.`];
      lines.push(`This session is on "${activeId}".`, ...warningLines(warnings), TREE_HINT);
      return { text: lines.join("\n"), resourcesChanged: true };
    }),
  );

  server.registerTool(
    "thread_rebase",
    {
      title: "Move thread",
      description:
        "Move a thread (with its descendants) under another parent. Not the main thread, not under its own descendant.",
      inputSchema: { threadId: idSchema("Thread id"), newParentId: idSchema("New parent thread id") },
      annotations: annotations("Move thread", "write", true),
    },
    toolHandler(ctx, { name: "thread_rebase", changesContext: true }, async (services, args) => {
      const { thread } = await services.threadRebase(args.threadId, args.newParentId);
      return { text: `Moved "${thread.id}" under "${thread.parentId}". ${TREE_HINT}`, resourcesChanged: true };
    }),
  );
}
