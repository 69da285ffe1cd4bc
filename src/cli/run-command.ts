// Runs one CLI command from its arguments: its --help, the Node check, option parsing, and the exit code and message of each error.
import { optionParserAvailable, parseCommandArgs, UsageError } from "./cli-options.js";
import { NoActiveProjectError, ThreadMindError } from "../core/errors.js";
import { MIN_NODE } from "../core/version.js";
import type { CliCommand } from "./commands/command.js";
import { cliWorkspace } from "./cli-workspace.js";

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
    if (e instanceof ThreadMindError && e.code === "no-project") {
      // The core's text speaks to a model (project_create is a tool): a person at a terminal is told the command.
      console.error(
        `thread-mind-mcp ${command.name}: no ThreadMind project in ${cliWorkspace().root}. Create one with /thread-mind:project <title> in Claude Code.`,
      );
      return 1;
    }
    if (e instanceof NoActiveProjectError) {
      // project_switch is a tool: a person at a terminal is told the command that chooses the project on this machine.
      console.error(
        `thread-mind-mcp ${command.name}: ${cliWorkspace().root} has several ThreadMind projects (${e.ids.join(", ")}) and none is chosen on this machine yet. Choose one in Claude Code with /thread-mind:project switch <id>.`,
      );
      return 1;
    }
    if (e instanceof ThreadMindError) {
      console.error(`thread-mind-mcp ${command.name}: ${e.message}`);
      return 1;
    }
    throw e;
  }
}
