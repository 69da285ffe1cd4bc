// Builds the ThreadMind McpServer: instructions, capabilities, tools, resources, prompts, roots handling, for one client session.
import { McpServer } from "@modelcontextprotocol/sdk/server/mcp.js";
import type { EncoderLoader } from "../core/context/token-estimate.js";
import type { SessionKey } from "../core/types.js";
import { SERVER_INSTRUCTIONS } from "./instructions.js";
import { registerPrompts } from "./prompts.js";
import { registerResources } from "./resources.js";
import { watchRoots } from "./roots.js";
import { ServerSession } from "./server-session.js";
import { refreshStartCache } from "./start-cache-refresh.js";
import { refreshPathIndex } from "./path-index-refresh.js";
import { startBackgroundSweep } from "../core/background/conflict-sweep-background.js";
import { dirname } from "node:path";
import { catchUpSweep, conflictSweepKeeper } from "./conflict-sweep-refresh.js";
import type { ToolContext } from "./tool-result.js";
import { registerProjectTools } from "./tools/project-tools.js";
import { registerRecallTools } from "./tools/recall-tools.js";
import { registerSetupTools } from "./tools/setup-tools.js";
import { registerSummaryTools } from "./tools/summary-tools.js";
import { registerThreadTools } from "./tools/thread-tools.js";
import { SERVER_NAME, SERVER_VERSION } from "./version.js";
import { messageOf } from "../core/error-details.js";

/**
 * How long after initialize the tokenizer starts loading. Its load holds the event loop for ~0.3 s (the ranks are
 * parsed synchronously): starting it once the start-up exchange (tools/list, resources/list, roots) and a first quick
 * call are over keeps those answers prompt; a model's first write comes later than that.
 */
export const TOKENIZER_PRELOAD_DELAY_MS = 1_000;

/** The warm-up (warm-up.ts) waits for the client to have asked for nothing for this long. */
export const WARM_UP_IDLE_MS = 100;

/**
 * The work after a write (cache refresh, sweep) waits for the client to have asked for nothing for this long: a model's
 * next call in the same turn (a summary_update right after a thread_create) comes sooner and does not wait for it.
 */
export const AFTER_WRITE_IDLE_MS = 100;

export interface ThreadMindServerOptions {
  env: Record<string, string | undefined>;
  cwd: string;
  /** The one client session this process serves. */
  session: SessionKey;
  encoder: EncoderLoader | null;
  /** The stamp of the hooks' build beside this server (context cache entries are per build); null: no cache refresh. */
  hooksBuild?: () => string | null;
  /** The CLI beside this server (a large store's recall index is built by its `recall-index`, see path-index-refresh.ts). */
  cliPath?: string | null;
}

/**
 * Requests the SDK has no handler for (such as Claude Code's `server/discover` probe sent before `initialize`) are
 * answered with JSON-RPC "Method not found" by the SDK, and the session carries on.
 */
export function createThreadMindServer(options: ThreadMindServerOptions): McpServer {
  const session = new ServerSession(options);
  const server = new McpServer(
    { name: SERVER_NAME, title: "ThreadMind", version: SERVER_VERSION },
    {
      instructions: SERVER_INSTRUCTIONS,
      capabilities: { tools: {}, resources: { listChanged: true }, prompts: {}, completions: {} },
    },
  );
  const resourcesChanged = () => {
    if (!server.isConnected()) return;
    server.server.sendResourceListChanged().catch((error: unknown) => {
      process.stderr.write(`thread-mind: could not send resources/list_changed: ${messageOf(error)}\n`);
    });
  };
  const cliPath = options.cliPath ?? null;
  /** Starts `conflict-sweep` in a process of its own (one at a time); null without a CLI to run. */
  const sweepInBackground =
    cliPath === null
      ? null
      : (storeDir: string) => {
          startBackgroundSweep(storeDir, dirname(storeDir), cliPath);
        };
  const ctx: ToolContext = {
    session,
    resourcesChanged,
    contextWritten: startCacheRefresher(session, options.hooksBuild ?? null, cliPath, sweepInBackground),
  };
  registerProjectTools(server, ctx);
  registerThreadTools(server, ctx);
  registerSummaryTools(server, ctx);
  registerSetupTools(server, ctx);
  registerRecallTools(server, ctx);
  registerResources(server, session);
  registerPrompts(server, session);
  watchRoots(server, session, resourcesChanged);
  // The tokenizer loads in the background once the client is connected: the first summary_update does not wait for it.
  // Before that, once the client has been idle a moment, the write path is warmed up on a scratch store (warm-up.ts).
  const initialized = server.server.oninitialized;
  server.server.oninitialized = () => {
    initialized?.();
    // After the warm-up, point-of-action recall's path index is brought up to date (in the session's queue), so that the
    // PreToolUse hook of a large store finds it current from the first edit; then, still in idle time, the
    // conflict-marker sweep is completed (after a checkout a start reads 200 files at most).
    session.warmUpWhenIdle(WARM_UP_IDLE_MS, () => {
      void session.serial(async () => {
        try {
          await refreshPathIndex(await session.services(), { cliPath: options.cliPath ?? null });
        } catch (error) {
          process.stderr.write(`thread-mind: could not refresh the recall path index: ${messageOf(error)}\n`);
        }
      });
      catchUpSweep(session.workspace.storeDir, () => session.idleFor(WARM_UP_IDLE_MS), session.closingSignal, sweepInBackground);
    });
    setTimeout(() => session.preloadTokenizer(), TOKENIZER_PRELOAD_DELAY_MS).unref();
  };
  const closed = server.server.onclose;
  server.server.onclose = () => {
    closed?.();
    session.close();
  };
  return server;
}

/** How long the after-write refresh waits for the files just written to settle before saving the recall index. */
const AFTER_WRITE_SETTLE_MS = 100;

/**
 * After a write, once the client pauses (AFTER_WRITE_IDLE_MS with nothing asked, see ServerSession.afterIdle), the
 * session thread's SessionStart contexts are saved to the cache and the conflict-marker sweep is brought up to date, in
 * the session's queue. One refresh for a burst of writes; a call that comes sooner never waits for it. Failing costs
 * nothing but the cache: it is reported on stderr.
 */
function startCacheRefresher(
  session: ServerSession,
  hooksBuild: (() => string | null) | null,
  cliPath: string | null,
  sweepInBackground: ((storeDir: string) => void) | null,
): () => void {
  let pending = false;
  const keepSweep = conflictSweepKeeper(undefined, sweepInBackground);
  return () => {
    if (hooksBuild === null || pending) return;
    pending = true;
    session.afterIdle(AFTER_WRITE_IDLE_MS, async () => {
      pending = false;
      try {
        const builtBy = hooksBuild();
        const services = await session.services();
        // Once the threads directories settled (when that is a short wait): the files just written are then trusted by
        // their stamps, and the entry needs neither a second assembly nor the fingerprints a start would check.
        await keepSweep(
          services.store.dir,
          async () => {
            if (builtBy !== null) await refreshStartCache(services, builtBy);
            // Point-of-action recall's path index, from the threads this process holds parsed (else, and for a large
            // store, in a process of its own: see path-index-refresh.ts): the PreToolUse hook then finds it current
            // (building it there, for a large store, could outlast the hook's deadline). Files it just wrote are waited
            // for (50 ms on sub-second timestamps), so that the index is saved now.
            await refreshPathIndex(services, { cliPath, settleMs: AFTER_WRITE_SETTLE_MS });
          },
          session.closingSignal,
        );
      } catch (error) {
        process.stderr.write(`thread-mind: could not refresh the SessionStart context cache: ${messageOf(error)}\n`);
      }
    });
  };
}
