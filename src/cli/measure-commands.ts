// The measuring commands of the CLI (stats, report, doctor), registered into main.ts's table.
import type { CliCommand } from "./cli-command.js";
import { statsCommand } from "./stats-command.js";
import { reportCommand } from "./report-command.js";
import { doctorCommand } from "./doctor-command.js";

export const MEASURE_COMMANDS: Record<string, CliCommand> = {
  stats: statsCommand,
  report: reportCommand,
  doctor: doctorCommand,
};
