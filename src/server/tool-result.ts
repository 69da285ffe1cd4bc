// The one place that turns tool outcomes and errors into CallToolResults (errors are results with isError, never a crash).
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { ThreadMindError } from "../core/errors.js";
import type { ThreadMindServices } from "../core/services.js";
import type { ServerSession } from "./server-session.js";
import { fitReply, type ToolId } from "./reply-budget.js";

export interface ToolOutcome {
  text: string;
  /** The operation changed which threads exist or their place/status: resources/list_changed is sent. */
  resourcesChanged?: boolean;
}

export interface ToolContext {
  session: ServerSession;
  /** Sends notifications/resources/list_changed. */
  resourcesChanged(): void;
  /** A tool that may change the session thread's context succeeded (the SessionStart cache is refreshed after it). */
  contextWritten(): void;
}

/** The text a failure shows the model: the core's own texts for expected errors, a labelled message otherwise. */
export function errorText(error: unknown): string {
  if (error instanceof ThreadMindError) return error.message;
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return `ThreadMind failed unexpectedly: ${message}. The operation may not have completed; check with thread_list before retrying.`;
}

/**
 * A tool's name, flagged where the tool is registered when it may change the session thread's context (its summary, an
 * ancestor's, which thread it is): after such a tool succeeds, the session's SessionStart cache entry is refreshed.
 */
export type ToolName = ToolId | { name: ToolId; changesContext: true };

/**
 * Runs a tool body against the session's services and wraps the outcome, held to the tool's reply budget
 * (reply-budget.ts); notes pending for the session go along once.
 */
export function toolHandler<Args>(
  ctx: ToolContext,
  tool: ToolName,
  run: (services: ThreadMindServices, args: Args) => Promise<string | ToolOutcome>,
): (args: Args) => Promise<CallToolResult> {
  const [name, changesContext] = typeof tool === "string" ? [tool, false] : [tool.name, tool.changesContext];
  return (args: Args) => ctx.session.serial(() => runTool(ctx, name, changesContext, args, run));
}

async function runTool<Args>(
  ctx: ToolContext,
  name: ToolId,
  changesContext: boolean,
  args: Args,
  run: (services: ThreadMindServices, args: Args) => Promise<string | ToolOutcome>,
): Promise<CallToolResult> {
  let result: CallToolResult;
  try {
    const services = await ctx.session.services();
    const outcome = await run(services, args);
    const { text, resourcesChanged } = typeof outcome === "string" ? { text: outcome, resourcesChanged: false } : outcome;
    result = { content: [{ type: "text", text: fitReply(name, text) }] };
    if (resourcesChanged) ctx.resourcesChanged();
    if (changesContext) ctx.contextWritten();
  } catch (error) {
    if (!(error instanceof ThreadMindError)) {
      process.stderr.write(
        `thread-mind: ${name} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
      );
    }
    result = { content: [{ type: "text", text: errorText(error) }], isError: true };
  }
  for (const note of ctx.session.takeNotes()) result.content.push({ type: "text", text: `Note: ${note}` });
  return result;
}
