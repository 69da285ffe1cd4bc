// The CLI's commands, one table: `--help` lists them in this order, main.ts dispatches by name.
import type { CliCommand } from "./command.js";
import { serveCommand } from "./serve.js";
import { hookCommand } from "./hook.js";
import { treeCommand } from "./tree.js";
import { contextCommand } from "./context.js";
import { statsCommand } from "./stats.js";
import { reportCommand } from "./report.js";
import { doctorCommand } from "./doctor.js";
import { searchCommand } from "./search.js";
import { historyCommand } from "./history.js";
import { mergeFileCommand } from "./merge-file.js";
import { gitSetupCommand } from "./git-setup.js";
import { resolveCommand } from "./resolve.js";
import { statuslineCommand } from "./statusline.js";
import { migrateCommand } from "./migrate.js";
import { recallIndexCommand } from "./recall-index.js";
import { conflictSweepCommand } from "./conflict-sweep.js";

export const COMMANDS: readonly CliCommand[] = [
  serveCommand,
  hookCommand,
  treeCommand,
  contextCommand,
  statsCommand,
  reportCommand,
  doctorCommand,
  searchCommand,
  historyCommand,
  mergeFileCommand,
  gitSetupCommand,
  resolveCommand,
  statuslineCommand,
  migrateCommand,
  recallIndexCommand,
  conflictSweepCommand,
];

export function commandNamed(name: string): CliCommand | undefined {
  return COMMANDS.find((c) => c.name === name);
}
