// The CLI (plugin/dist/cli-main.mjs, loaded by the entry cli.mjs): no arguments or `serve` runs the MCP stdio server; `hook <name>` a hook; the rest are for humans.
import { COMMANDS, commandNamed } from "./commands/index.js";
import { BUNDLE_VERSION } from "../core/version.js";
import { runCommand } from "./run-command.js";

function help(): string {
  const lines = ["ThreadMind — memory for AI coding sessions", "", "Usage: thread-mind-mcp <command> [options]", "", "Commands:"];
  const width = Math.max(...COMMANDS.map((c) => c.name.length));
  for (const c of COMMANDS) lines.push(`  ${c.name.padEnd(width)} ${c.summary}`);
  lines.push("", "Run `thread-mind-mcp <command> --help` for a command's options.");
  return lines.join("\n");
}

/** `thread-mind-mcp ...argv`: the exit code (a negative value keeps the process running). */
export async function main(argv: string[]): Promise<number> {
  const [name = "serve", ...rest] = argv;
  if (name === "--help" || name === "-h" || name === "help") {
    console.log(help());
    return 0;
  }
  if (name === "--version" || name === "-v") {
    // The bundle's own version, never npm_package_version: under `npm run`/`npx` in a user's project that is the project's.
    console.log(BUNDLE_VERSION);
    return 0;
  }
  const command = commandNamed(name);
  if (!command) {
    console.error(`thread-mind-mcp: unknown command "${name}"\n\n${help()}`);
    return 2;
  }
  return runCommand(command, rest);
}
