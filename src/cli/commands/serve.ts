// `thread-mind-mcp serve` (and no arguments): runs the MCP stdio server from its own bundle.
import { siblingBundle } from "../plugin-root.js";
import type { CliCommand } from "./command.js";

export const serveCommand: CliCommand = {
  name: "serve",
  summary: "run the MCP server on stdio (the default with no arguments)",
  usage: "thread-mind-mcp [serve]",
  options: {},
  run: async () => {
    await import(siblingBundle("server.mjs"));
    return -1; // the server keeps the process alive
  },
};
