// Resources: threadmind://context, threadmind://tree, and threadmind://threads/{threadId} (listed, readable, completable).
import {
  ErrorCode,
  ListResourcesRequestSchema,
  McpError,
  type ListResourcesResult,
  type ReadResourceResult,
  type Resource,
} from "@modelcontextprotocol/sdk/types.js";
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
/** resources/list answers at most this many threads a page (MCP cursors for the rest): 20,000 threads made one 4.1 MB reply. */
export const RESOURCES_PAGE_SIZE = 500;

const CONTEXT_META = {
  title: "ThreadMind context",
  description:
    "Assembled context of this session's current thread (system context, ancestors' decisions and constraints, its summary)",
  mimeType: MARKDOWN,
};
const TREE_META = {
  title: "ThreadMind thread tree",
  description: "The active project's threads as an ASCII tree",
  mimeType: MARKDOWN,
};
const THREAD_META = {
  title: "ThreadMind thread summary",
  description: "One thread's summary alone (without its ancestors)",
  mimeType: MARKDOWN,
};

/** A page's cursor: the index of its first thread, opaque to clients. */
const cursorOf = (offset: number) => `threads:${offset}`;
function offsetOf(cursor: string | undefined): number {
  if (cursor === undefined) return 0;
  const m = /^threads:(\d{1,9})$/.exec(cursor);
  if (m === null)
    throw new McpError(ErrorCode.InvalidParams, `Invalid cursor for resources/list: ${JSON.stringify(cursor.slice(0, 80))}`);
  return Number(m[1]);
}

export function registerResources(server: McpServer, session: ServerSession): void {
  const read = async (uri: URL, text: (services: ThreadMindServices) => Promise<string>): Promise<ReadResourceResult> => {
    try {
      return { contents: [{ uri: uri.href, mimeType: MARKDOWN, text: await text(await session.services()) }] };
    } catch (e) {
      if (!(e instanceof ThreadMindError)) throw e;
      throw new McpError(e.code === "not-found" ? RESOURCE_NOT_FOUND : ErrorCode.InvalidParams, e.message);
    }
  };

  server.registerResource("context", CONTEXT_URI, CONTEXT_META, (uri) =>
    read(uri, async (services) => (await services.contextGet()).text),
  );

  server.registerResource("tree", TREE_URI, TREE_META, (uri) =>
    read(uri, async (services) => (await services.threadList()).text),
  );

  server.registerResource(
    "thread",
    new ResourceTemplate(THREAD_URI_TEMPLATE, {
      list: async () => ({ resources: await listThreads(session) }),
      complete: { threadId: (value) => completeThreadId(session, value) },
    }),
    THREAD_META,
    (uri, variables) =>
      read(uri, async (services) => {
        const raw = variables.threadId;
        const id = assertId(Array.isArray(raw) ? raw.join("/") : raw, "thread id");
        const thread = services.store.readThread(services.currentProject().id, id);
        return thread.summary.trim() === "" ? `_(Thread "${thread.title}" (${thread.id}) has no summary yet.)_` : thread.summary;
      }),
  );

  // The SDK's resources/list answers every resource at once; this one pages the threads with MCP cursors (the two
  // static resources come first, on the first page).
  server.server.setRequestHandler(ListResourcesRequestSchema, async (request): Promise<ListResourcesResult> => {
    const offset = offsetOf(request.params?.cursor);
    const threads = await listThreads(session);
    const page = threads.slice(offset, offset + RESOURCES_PAGE_SIZE).map((r) => ({ ...THREAD_META, ...r }));
    const statics =
      offset === 0
        ? [
            { uri: CONTEXT_URI, name: "context", ...CONTEXT_META },
            { uri: TREE_URI, name: "tree", ...TREE_META },
          ]
        : [];
    const next = offset + RESOURCES_PAGE_SIZE;
    return { resources: [...statics, ...page], ...(next < threads.length ? { nextCursor: cursorOf(next) } : {}) };
  });
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
      title: t.title,
      // What Claude Code's @-menu shows beside the resource's address (its title is never shown there), cut at 60
      // characters: the thread's title first, then its status and whether it is this window's thread.
      description: `${t.title} · ${statusWord(threadStatus(t))}${t.id === currentId ? ", current thread of this window" : ""}${t.mergedInto ? ` (merged into ${t.mergedInto})` : ""}${t.branch ? `, branch ${t.branch}` : ""}; thread ${t.id}`,
      mimeType: MARKDOWN,
    }));
}
