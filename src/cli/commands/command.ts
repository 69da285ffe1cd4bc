// The shape of a CLI command: one file per command in this folder, all listed in commands/index.ts.
import type { OptionKinds, ParsedArgs } from "../cli-options.js";

export interface CliCommand {
  /** What the user types: `thread-mind-mcp <name>`. */
  name: string;
  /** One line in the command list of `--help`. */
  summary: string;
  /** Shown by `<name> --help`: the usage line, then the options, one per line. */
  usage: string;
  options: OptionKinds;
  /** Exit code (a negative value keeps the process running). */
  run: (args: ParsedArgs) => Promise<number>;
}
