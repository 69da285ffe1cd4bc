// `thread-mind-mcp report`: the savings report of this workspace's Claude Code transcripts (Markdown, JSON, SVG, HTML).
import { mkdirSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join, resolve } from "node:path";
import { messageOf } from "../../core/error-details.js";
import { writeStdout } from "../../core/write-stdout.js";
import { readLocalState } from "../../core/store/local-state.js";
import { readMeasurementLog } from "../../core/measure/measurement-log-read.js";
import { recallLines } from "../../core/measure/recall-events.js";
import { claudeProjectsDir } from "../../core/savings/transcript-locations.js";
import { buildSavingsReport } from "../../core/savings/savings-report.js";
import { expectNoArguments, UsageError } from "../cli-options.js";
import { cliWorkspace } from "../cli-workspace.js";
import { storeDirState, type Workspace } from "../../core/store/store-dir.js";
import { reportDocument, type ReportDocument } from "../report-tables.js";
import { renderMarkdown } from "../report-markdown.js";
import { renderSvg } from "../report-svg.js";
import { renderHtml } from "../report-html.js";
import { stderrProgress } from "../scan-progress.js";
import { workspaceFreshnessThreshold } from "../../core/freshness/freshness-config.js";
import type { StartedScanWorker } from "../../core/savings/scan-worker-start.js";
import { ScanCache } from "../../core/savings/scan-cache.js";
import { reportScanCacheLocation } from "../report-scan-cache.js";
import type { CliCommand } from "./command.js";

function fileFlag(value: string | true | undefined, name: string): string | null {
  if (value === undefined) return null;
  if (value === true || value === "") throw new UsageError(`--${name} needs a file name`);
  return resolve(value);
}

/** Why `file` cannot be written as a chart or page, checked before the scan so that a typo does not cost it; null when it can be tried. */
function outputProblem(file: string): string | null {
  const folder = statSync(dirname(file), { throwIfNoEntry: false });
  if (folder === undefined) return `its folder does not exist (${dirname(file)})`;
  if (!folder.isDirectory()) return `${dirname(file)} is not a folder`;
  if (statSync(file, { throwIfNoEntry: false })?.isDirectory()) return "it is a directory";
  return null;
}

/**
 * Where --page writes the HTML page (what /thread-mind:report runs, from wherever Claude Code was started): the
 * workspace's .threadmind/cache/report.html (cache/ made when missing: it is gitignored local state), or, in a workspace
 * without a .threadmind directory (the report also measures sessions from before ThreadMind), the system temp folder.
 */
function pageFile(workspace: Workspace): string {
  if (storeDirState(workspace.storeDir) === "directory") {
    const cache = join(workspace.storeDir, "cache");
    try {
      mkdirSync(cache, { recursive: true });
    } catch {
      // outputProblem names the folder that is missing
    }
    return join(cache, "report.html");
  }
  return join(tmpdir(), `thread-mind-report-${basename(workspace.root) || "workspace"}.html`);
}

/** Writes one output file; a failure is one line naming the file, never a stack trace. */
function writeOutput(file: string, text: string): boolean {
  try {
    writeFileSync(file, text);
    return true;
  } catch (e) {
    console.error(`thread-mind-mcp report: cannot write ${file}: ${messageOf(e)}`);
    return false;
  }
}

/** The report command, its scan taking `earlyWorker` (started by the CLI's entry, see report-main.ts) when it has one. */
export function reportCommandWith(earlyWorker: StartedScanWorker | null): CliCommand {
  return {
    name: "report",
    summary: "measure restarts (/clear, compaction) in this workspace's Claude Code transcripts, with and without ThreadMind",
    usage: [
      "thread-mind-mcp report [--json] [--svg FILE] [--html FILE | --page]",
      "",
      "Scans ~/.claude/projects/<this workspace>/ (and its subdirectories' folders; CLAUDE_CONFIG_DIR is honoured),",
      "history from before ThreadMind included, and prints a Markdown report on stdout.",
      "  --json       print the report as JSON instead",
      "  --svg FILE   also write a chart of conversation size per session (restarts and ThreadMind context marked)",
      "  --html FILE  also write an HTML page with the chart and the tables",
      "  --page       the same page in this workspace's .threadmind/cache/report.html, wherever you are in it (in the",
      "               system temp folder when it has no .threadmind); the path is printed (/thread-mind:report uses it)",
    ].join("\n"),
    options: { json: "boolean", svg: "value", html: "value", page: "boolean" },
    run: async (args) => {
      expectNoArguments(args);
      const svgFile = fileFlag(args.flags.get("svg"), "svg");
      if (args.flags.has("page") && args.flags.has("html")) throw new UsageError("give --html FILE or --page, not both");
      const htmlFile = args.flags.has("page") ? pageFile(cliWorkspace()) : fileFlag(args.flags.get("html"), "html");
      for (const file of [svgFile, htmlFile]) {
        const problem = file === null ? null : outputProblem(file);
        if (problem !== null) {
          console.error(`thread-mind-mcp report: cannot write ${file}: ${problem}. Nothing was scanned.`);
          return 1;
        }
      }
      const workspace = cliWorkspace();
      const local = readLocalState(workspace.storeDir);
      if (local.problem)
        console.error(
          `thread-mind-mcp report: ${workspace.storeDir}/config.json could not be used (${local.problem}); the hook records it still held are left out.`,
        );
      const logged = readMeasurementLog(workspace.storeDir, local.state.measurements);
      if (logged.unreadableLines > 0)
        console.error(
          `thread-mind-mcp report: ${logged.unreadableLines} line(s) of ${workspace.storeDir}/measurements.jsonl are not measurement records; they are left out.`,
        );
      // Scans of transcripts unchanged since the last report are taken from its cache: a report run again reads only
      // what changed. The cache never decides the report: one that cannot be used is said so, and the scan reads all.
      let scanCache: ScanCache | null = null;
      try {
        const location = reportScanCacheLocation(workspace.storeDir, process.env);
        if (location !== null) scanCache = ScanCache.open(location);
      } catch (e) {
        console.error(`thread-mind-mcp report: the scan cache cannot be used (${messageOf(e)}); every transcript is read.`);
      }
      const progress = stderrProgress();
      const report = await buildSavingsReport({
        workspaceRoot: workspace.root,
        projectsDir: claudeProjectsDir(process.env),
        measurements: logged.measurements,
        onProgress: progress.update,
        freshnessThreshold: workspaceFreshnessThreshold(workspace.storeDir, local.state.lastProjectId),
        env: process.env,
        earlyWorker,
        scanCache,
      });
      progress.done();
      try {
        scanCache?.save();
      } catch (e) {
        console.error(
          `thread-mind-mcp report: the scan cache was not saved (${messageOf(e)}); the next report reads every transcript again.`,
        );
      }
      // The tables are built once, and only for what prints them (the Markdown, the HTML page): --json alone does not.
      let doc: ReportDocument | undefined;
      const document = (): ReportDocument => (doc ??= reportDocument(report));
      // Point-of-action recall and subagent context come from ThreadMind's own log: how often each fired, and their
      // delivery as the SessionEnd/PreCompact hooks settled it from the transcripts (doctor shows the same figures).
      // Written on fd 1 (writeStdout): process.stdout would load node:stream, and node:net for a pipe (~4 ms).
      if (args.flags.get("json") === true)
        await writeStdout(`${JSON.stringify({ ...report, recall: logged.recall }, null, 2)}\n`);
      else
        await writeStdout(
          `${renderMarkdown(document())}\n## Point-of-action recall\n\n${recallLines(logged.recall).join("\n")}\n`,
        );
      if (svgFile !== null || htmlFile !== null) {
        const svg = renderSvg(report);
        let written = true;
        if (svgFile !== null) {
          if (writeOutput(svgFile, svg)) console.error(`Chart written to ${svgFile}`);
          else written = false;
        }
        if (htmlFile !== null) {
          if (writeOutput(htmlFile, renderHtml(document(), svg))) console.error(`Report written to ${htmlFile}`);
          else written = false;
        }
        if (!written) return 1;
      }
      return 0;
    },
  };
}

export const reportCommand: CliCommand = reportCommandWith(null);
