// Resources: threadmind://context, threadmind://tree, and threadmind://threads/{threadId} (listed, readable, completable).
import { McpError, ErrorCode, type ReadResourceResult, type Resource } from "@modelcontextprotocol/sdk/types.js";
import { ResourceTemplate, type McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { ThreadMindError } from "../core/errors.js";
import { assertId } from "../core/ids.js";
import { statusWord, threadStatus, type Thread } from "../core/types.js";
import type { ThreadMindServices } from "../core/services.js";
import type { ServerSession } from "./server-session.js";
import { completeThreadId, noProjectYet } from "./thread-ids.js";

const MARKDOWN = "text/markdown";
/** MCP's error code for a resource that does not exist. */
const RESOURCE_NOT_FOUND = -32002;

export const CONTEXT_URI = "threadmind://context";
export const TREE_URI = "threadmind://tree";
export const THREAD_URI_TEMPLATE = "threadmind://threads/{threadId}";
export const threadUri = (id: string) => `threadmind://threads/${id}`;

export function registerResources(server: McpServer, session: ServerSession): void {
  const read = async (uri: URL, text: (services: ThreadMindServices) => Promise<string>): Promise<ReadResourceResult> => {
    try {
      return { contents: [{ uri: uri.href, mimeType: MARKDOWN, text: await text(await session.services()) }] };
    } catch (e) {
      if (!(e instanceof ThreadMindError)) throw e;
      throw new McpError(e.code === "not-found" ? RESOURCE_NOT_FOUND : ErrorCode.InvalidParams, e.message);
    }
  };

  server.registerResource(
    "context",
    CONTEXT_URI,
    {
      title: "ThreadMind context",
      description:
        "Assembled context of this session's active thread (system context, ancestors' decisions and constraints, its summary)",
      mimeType: MARKDOWN,
    },
    (uri) => read(uri, async (services) => (await services.contextGet()).text),
  );

  server.registerResource(
    "tree",
    TREE_URI,
    { title: "ThreadMind thread tree", description: "The active project's threads as an ASCII tree", mimeType: MARKDOWN },
    (uri) => read(uri, async (services) => (await services.threadList()).text),
  );

  server.registerResource(
    "thread",
    new ResourceTemplate(THREAD_URI_TEMPLATE, {
      list: async () => ({ resources: await listThreads(session) }),
      complete: { threadId: (value) => completeThreadId(session, value) },
    }),
    { title: "ThreadMind thread summary", description: "One thread's summary alone (without its ancestors)", mimeType: MARKDOWN },
    (uri, variables) =>
      read(uri, async (services) => {
        const raw = variables.threadId;
        const id = assertId(Array.isArray(raw) ? raw.join("/") : raw, "thread id");
        const thread = services.store.readThread(services.currentProject().id, id);
        return thread.summary.trim() === "" ? `_(Thread "${thread.title}" (${thread.id}) has no summary yet.)_` : thread.summary;
      }),
  );
}

/**
 * Every thread of the active project (none without a project), so that clients can offer them for @-mentions. When the
 * store cannot be listed (a project file left with conflict markers, a linked threads directory), no thread is listed
 * and the static resources stay: reading threadmind://context or threadmind://tree names what failed (a failed
 * resources/list would take them away too).
 */
async function listThreads(session: ServerSession): Promise<Resource[]> {
  let threads: Map<string, Thread>;
  let currentId: string | null = null;
  try {
    const services = await session.services();
    const projectId = services.currentProject().id;
    threads = services.store.readAllThreads(projectId).threads;
    // This window's thread (its id alone: its file may be damaged). When it cannot be told, no thread is marked current:
    // the list still serves every thread (the description is all that depends on it).
    currentId = await services.currentThreadRef().then(
      (ref) => (ref.lost === null && ref.project.id === projectId ? ref.threadId : null),
      () => null,
    );
  } catch (e) {
    if (noProjectYet(e)) return [];
    if (!(e instanceof ThreadMindError)) throw e;
    process.stderr.write(`thread-mind: resources/list lists no thread: ${e.message}\n`);
    return [];
  }
  return [...threads.values()]
    .sort((a, b) => (a.createdAt < b.createdAt ? -1 : a.createdAt > b.createdAt ? 1 : a.id < b.id ? -1 : 1))
    .map((t) => ({
      uri: threadUri(t.id),
      name: t.title,
      // What a client's menu shows (Claude Code's @-menu): the thread's own title, not the template's.
      title: t.title,
      description: `${t.id === currentId ? "current thread of this window, " : ""}${statusWord(threadStatus(t))}${t.mergedInto ? ` (merged into ${t.mergedInto})` : ""}${t.branch ? `, branch ${t.branch}` : ""}; thread ${t.id}`,
      mimeType: MARKDOWN,
    }));
}
