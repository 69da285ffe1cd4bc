// The report command on its own (plugin/dist/cli-report.cjs, required by the entry cli.cjs for `report`): no Store, YAML, MCP SDK or tokenizer code to load.
import { reportCommandWith } from "./commands/report.js";
import { runCommand } from "./run-command.js";
import type { StartedScanWorker } from "../core/savings/scan-worker-start.js";

/** `thread-mind-mcp report ...rest`, its scan taking `early` (started by the entry) as its first worker lane when it has one. */
export function runReport(rest: string[], early: StartedScanWorker | null): Promise<number> {
  return runCommand(reportCommandWith(early), rest);
}
