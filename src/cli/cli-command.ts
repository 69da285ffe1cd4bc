// The shape of a CLI command (as main.ts's COMMANDS table holds them), for commands defined in their own files.
import type { ParsedArgs } from "./cli-args.js";

export interface CliCommand {
  summary: string;
  /** Shown by `--help`: the usage line, then the options, one per line. */
  usage: string;
  flags: Record<string, "value" | "boolean">;
  /** Exit code (a negative value keeps the process running). */
  run: (args: ParsedArgs) => Promise<number>;
}
