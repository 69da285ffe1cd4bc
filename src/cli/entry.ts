// The CLI's entry (plugin/dist/cli.mjs, the package's bin): small, so that a command compiles only its own bundle; `report` starts its scan's worker first.
import { siblingBundle } from "./plugin-root.js";
import { earlyScanWorker } from "../core/savings/scan-worker-start.js";
import { earlyScanFolder } from "./early-scan-folder.js";

async function run(argv: string[]): Promise<number> {
  if (argv[0] === "report") {
    const rest = argv.slice(1);
    // The worker's start (~20 ms, on another core) overlaps loading the report's code and locating its files. Only for
    // a scan that will take it: otherwise it would cost that much CPU for nothing (see earlyScanWorker).
    const help = rest.includes("--help") || rest.includes("-h");
    const early = help ? null : earlyScanWorker(process.env, earlyScanFolder(process.env, process.cwd()));
    const report = (await import(siblingBundle("cli-report.mjs"))) as typeof import("./report-main.js");
    return report.runReport(rest, early);
  }
  // The status line runs after every response: its own small bundle (its --help is the table's, in cli-main).
  if (argv[0] === "statusline" && argv.length === 1) {
    const statusline = (await import(siblingBundle("cli-statusline.mjs"))) as typeof import("./statusline-main.js");
    return statusline.main();
  }
  const cli = (await import(siblingBundle("cli-main.mjs"))) as typeof import("./main.js");
  return cli.main(argv);
}

run(process.argv.slice(2)).then(
  (code) => {
    if (code >= 0) process.exitCode = code;
  },
  (e: unknown) => {
    console.error(e instanceof Error ? (e.stack ?? e.message) : String(e));
    process.exitCode = 1;
  },
);
