// Client roots: asked for after `notifications/initialized` (when the client declares them) and on roots/list_changed; THREADMIND_ROOT wins.
import type { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import { RootsListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import type { ServerSession } from "./server-session.js";

/** How long the server waits for the client's answer to roots/list before keeping the workspace it has. */
export const ROOTS_TIMEOUT_MS = 10_000;

export function watchRoots(server: McpServer, session: ServerSession, onWorkspaceChanged: () => void): void {
  if (session.rootIsFixed) return;
  const refresh = () => {
    const lookup = server.server.listRoots(undefined, { timeout: ROOTS_TIMEOUT_MS }).then((r) => r.roots.map((root) => root.uri));
    session.applyRoots(lookup).then(
      (changed) => {
        if (changed) onWorkspaceChanged();
      },
      (error: unknown) => {
        process.stderr.write(
          `thread-mind: applying the client's roots failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
        );
      },
    );
  };
  server.server.oninitialized = () => {
    if (server.server.getClientCapabilities()?.roots) refresh();
  };
  server.server.setNotificationHandler(RootsListChangedNotificationSchema, () => {
    if (server.server.getClientCapabilities()?.roots) refresh();
  });
}
