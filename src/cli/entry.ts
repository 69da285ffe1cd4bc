// The CLI's entry (plugin/dist/cli.cjs, the package's bin; cli.mjs runs it under the name earlier installs wrote into configs): CommonJS and small, so that a command compiles only its own bundle; `report` starts its scan's worker first.
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { earlyScanWorker } from "../core/savings/scan-worker-start.js";
import { earlyScanGuess } from "./early-scan-folder.js";

/** A bundle beside this one in plugin/dist (this entry only ever runs bundled, as CommonJS). */
function sibling(name: string): string {
  return join(__dirname, name);
}

async function run(argv: string[]): Promise<number> {
  if (argv[0] === "report") {
    const rest = argv.slice(1);
    // The worker's start (~20 ms, on another core) overlaps loading the report's code and locating its files. Only for
    // a scan that will take it: otherwise it would cost that much CPU for nothing (see earlyScanWorker).
    const help = rest.includes("--help") || rest.includes("-h");
    // Transcripts unchanged since the scan cache was written are not scanned: they do not count towards a worker.
    const guess = help ? null : earlyScanGuess(process.env, process.cwd());
    const early = guess === null ? null : earlyScanWorker(process.env, guess.folder, guess.changedAfterMs);
    // CommonJS, required: an ES module would start Node's ESM loader, which also copies every export of each builtin it
    // imports (node:fs's streams and promises among them): ~7 ms of a small report.
    const report = require(sibling("cli-report.cjs")) as typeof import("./report-main.js");
    return report.runReport(rest, early);
  }
  // The status line runs after every response: its own small bundle, CommonJS and required as the report's (its
  // --help is the table's, in cli-main).
  if (argv[0] === "statusline" && argv.length === 1) {
    const statusline = require(sibling("cli-statusline.cjs")) as typeof import("./statusline-main.js");
    return statusline.main();
  }
  // git's merge driver, once per conflicted file: the merge's own bundle (~1 MB less to compile than cli-main.mjs).
  if (argv[0] === "merge-file") {
    const merge = require(sibling("cli-merge.cjs")) as typeof import("./merge-main.js");
    return merge.runMergeFile(argv.slice(1));
  }
  const cli = (await import(pathToFileURL(sibling("cli-main.mjs")).href)) as typeof import("./main.js");
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
