// CLI entry (thread-mind-mcp): no arguments or `serve` runs the MCP stdio server; `hook <name>` a hook; the rest are for humans.
import { optionParserAvailable, parseCommandArgs, UsageError } from "./cli-options.js";
import { COMMANDS, commandNamed } from "./commands/index.js";
import { BUNDLE_VERSION } from "../core/version.js";
import { ThreadMindError } from "../core/errors.js";
import { MIN_NODE } from "../core/doctor/doctor-runtime-checks.js";

function help(): string {
  const lines = ["ThreadMind — memory for AI coding sessions", "", "Usage: thread-mind-mcp <command> [options]", "", "Commands:"];
  for (const c of COMMANDS) lines.push(`  ${c.name.padEnd(10)} ${c.summary}`);
  lines.push("", "Run `thread-mind-mcp <command> --help` for a command's options.");
  return lines.join("\n");
}

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
  if (rest.includes("--help") || rest.includes("-h")) {
    console.log(`${command.summary}\n\nUsage: ${command.usage}`);
    return 0;
  }
  if (!optionParserAvailable()) {
    console.error(`thread-mind-mcp: needs Node.js ${MIN_NODE} or later (this is ${process.version})`);
    return 1;
  }
  try {
    return await command.run(parseCommandArgs(rest, command.options));
  } catch (e) {
    if (e instanceof UsageError) {
      console.error(`thread-mind-mcp ${name}: ${e.message}\nUsage: ${command.usage}`);
      return 2;
    }
    if (e instanceof ThreadMindError) {
      console.error(`thread-mind-mcp ${name}: ${e.message}`);
      return 1;
    }
    throw e;
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    if (code >= 0) process.exitCode = code;
  },
  (e: unknown) => {
    console.error(e instanceof Error ? (e.stack ?? e.message) : String(e));
    process.exitCode = 1;
  },
);
