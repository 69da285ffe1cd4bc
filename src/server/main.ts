// Entry of the stdio MCP server (plugin/dist/server.mjs): one process serves one client session.
import { StdioServerTransport } from "@modelcontextprotocol/sdk/server/stdio.js";
import { serverSession } from "../core/session-key.js";
import { bundledAssetsDir, loadTiktokenEncoder } from "../core/tiktoken-encoder.js";
import { createThreadMindServer } from "./create-server.js";

const server = createThreadMindServer({
  env: process.env,
  cwd: process.cwd(),
  session: serverSession(process.env, process.pid, process.ppid),
  // Loaded on the first token count that is not cached (plugin/dist/assets in the bundle, else node_modules).
  encoder: () => loadTiktokenEncoder(bundledAssetsDir(import.meta.url)),
});

await server.connect(new StdioServerTransport());
