// Runs one CLI command from its arguments: its --help, the Node check, option parsing, and the exit code and message of each error.
import { optionParserAvailable, parseCommandArgs, UsageError } from "./cli-options.js";
import { ThreadMindError } from "../core/errors.js";
import { MIN_NODE } from "../core/version.js";
import type { CliCommand } from "./commands/command.js";

/** `thread-mind-mcp <command.name> ...rest`: its exit code (a negative value keeps the process running). */
export async function runCommand(command: CliCommand, rest: string[]): Promise<number> {
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
      console.error(`thread-mind-mcp ${command.name}: ${e.message}\nUsage: ${command.usage}`);
      return 2;
    }
    if (e instanceof ThreadMindError) {
      console.error(`thread-mind-mcp ${command.name}: ${e.message}`);
      return 1;
    }
    throw e;
  }
}
