// Entry of the stdio MCP server (plugin/dist/server.mjs): one process serves one client session.
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
// node:crypto before initialize: every write hashes and takes the lock with it (the core requires it at first use, for
// the hooks' sake), and a fresh server's first write should not load it (~5 ms cold).
import "node:crypto";
import { AGENT_ENV, serverSession } from "../core/session-key.js";
import { processCwd } from "../agents/codex/launch-dir.js";
import { errors } from "../core/errors.js";
import { bundledAssetsDir, loadTiktokenEncoder } from "../core/context/tiktoken-encoder.js";
import type { Encoder } from "../core/context/token-estimate.js";
import { loadTokenizerOnWorker, tokenizerWorkerScript } from "../core/context/tokenizer-thread.js";
import { hooksBuildIn } from "../core/context/context-cache.js";
import { fileURLToPath } from "node:url";
import { createThreadMindServer } from "./create-server.js";

// Loaded once per process, in the background after initialize (plugin/dist/assets in the bundle, else node_modules), on
// a worker thread beside the bundle (tokenizer-worker.cjs): loading it here held every call for ~0.3-0.7 s. A failed
// load, or a worker that ended, is tried again by the next count that needs it.
const bundleDir = fileURLToPath(new URL(".", import.meta.url));
let loading: Promise<Encoder> | null = null;
const load = (): Promise<Encoder> => {
  const assets = bundledAssetsDir(import.meta.url);
  const script = tokenizerWorkerScript(bundleDir);
  if (script === null) return loadTiktokenEncoder(assets);
  return loadTokenizerOnWorker(script, assets, () => {
    loading = null;
  });
};
const encoder = (): Promise<Encoder> => {
  loading ??= load().catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
};

/**
 * Where the server starts looking for the workspace: its cwd; under Codex (the plugin's .mcp.json sets AGENT_ENV), which
 * starts it in the installed plugin's folder, the cwd of Codex itself (its parent), unless THREADMIND_ROOT is set.
 */
function startDir(): string {
  if (process.env[AGENT_ENV] !== "codex" || process.env.THREADMIND_ROOT) return process.cwd();
  const dir = processCwd(process.ppid);
  if (dir !== null) return dir;
  process.stderr.write(`thread-mind: ${errors.codexLaunchDirUnknown(process.ppid).message}\n`);
  process.exit(1);
}

const server = createThreadMindServer({
  env: process.env,
  cwd: startDir(),
  session: serverSession(process.env, process.pid, process.ppid),
  encoder,
  // hook-core.cjs beside this bundle: the hooks' build, whose fast path reads the context cache this server refreshes.
  hooksBuild: () => hooksBuildIn(bundleDir),
  cliPath: fileURLToPath(new URL("cli.mjs", import.meta.url)),
});

await server.connect(new StdioServerTransport());
// The SDK's stdio transport does not notice the end of its input: the client closing our stdin ends the session, and
// the process exits once queued work is done, without starting background work (warm-up, tokenizer).
process.stdin.once("end", () => void server.close());
