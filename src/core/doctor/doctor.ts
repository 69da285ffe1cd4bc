// `doctor`: runs every check in order (runtime, workspace, threads and their format, git, plugin, hooks, receipts, context size) and renders them.
import { homedir } from "node:os";
import { ThreadMindError } from "../errors.js";
import { ThreadMindServices } from "../services.js";
import { resolveWorkspace } from "../workspace.js";
import { storeDirState } from "../store/store-dir.js";
import { readLocalState } from "../store/local-state.js";
import { readMeasurementLog } from "../measure/measurement-log-read.js";
import { emptyMeasurements, type Measurements } from "../measure/measurements.js";
import { emptyRecallFigures } from "../measure/recall-events.js";
import { claudeConfigDir } from "../savings/transcript-locations.js";
import { fail, warn, type CheckStatus, type DoctorCheck } from "./doctor-types.js";
import { checkGit, checkNode, checkVersions } from "./doctor-runtime-checks.js";
import {
  checkContextSize,
  checkFreshnessSettings,
  checkLocalState,
  checkThreads,
  checkWorkspace,
  type DoctorLogRead,
} from "./doctor-store-checks.js";
import { checkHooksSeen, checkPluginInstalled, checkReceipts } from "./doctor-claude-checks.js";
import { checkRecallDelivery, checkRecallHooks } from "./doctor-recall-checks.js";
import { checkCodexHooks } from "./doctor-codex-checks.js";
import { codexHome } from "../../agents/codex/rollout-paths.js";
import { checkConflicts, checkMergeDriver } from "./doctor-team-checks.js";
import { checkCommitted } from "./doctor-commit-check.js";
import { checkFormatOne } from "./doctor-format-check.js";
import { withReceiptsCheckedNow } from "./doctor-receipts-now.js";
import { driverCommand } from "../merge/git-merge-driver.js";
import { bundlePath } from "../bundles.js";

export interface DoctorOptions {
  env: Record<string, string | undefined>;
  cwd: string;
  nodeVersion: string;
  /** The running bundle's version ("dev" from source). */
  bundleVersion: string;
  /** The plugin root the running code belongs to (holds package.json, .claude-plugin/, plugin/dist/). */
  pluginRoot: string;
  home?: string;
  now?: Date;
  /** The Node the merge driver should run with (default: this process's). */
  nodePath?: string;
}

async function contextCheck(services: ThreadMindServices): Promise<DoctorCheck> {
  try {
    return await checkContextSize(services);
  } catch (e) {
    if (!(e instanceof ThreadMindError)) throw e;
    if (e.code === "unreadable")
      return fail("context-size", "Context size", "Fix the thread file named above (see Thread files).", e.message);
    return warn(
      "context-size",
      "Context size",
      "Choose the project in Claude Code (/thread-mind:project) so sessions know which context to load.",
      e.message,
    );
  }
}

/** True when the store lists a project; false when projects/ cannot be listed (the thread-files check failed, naming it). */
function projectsListed(services: ThreadMindServices): boolean {
  try {
    return services.hasProjects();
  } catch (e) {
    if (e instanceof ThreadMindError) return false;
    throw e;
  }
}

/** The measurement log with the legacy lists; an unreadable log (e.g. a directory in its place) is reported, not thrown. */
function readLog(storeDir: string, legacy: Measurements): DoctorLogRead {
  try {
    return { read: readMeasurementLog(storeDir, legacy) };
  } catch (e) {
    return { error: e };
  }
}

export async function runDoctor(options: DoctorOptions): Promise<DoctorCheck[]> {
  const now = options.now ?? new Date();
  const checks: DoctorCheck[] = [checkNode(options.nodeVersion)];
  const workspace = resolveWorkspace({ env: options.env, cwd: options.cwd });
  const services = new ThreadMindServices({
    workspace,
    session: { key: `doctor-${process.pid}` },
    env: options.env,
    encoder: null,
  });
  const storeState = storeDirState(workspace.storeDir);
  const workspaceCheck = checkWorkspace(workspace, storeState);
  checks.push(workspaceCheck);
  // The store checks need a usable .threadmind/ directory (checkWorkspace is ok only for one).
  const usable = workspaceCheck.status === "ok";
  let measurements = emptyMeasurements();
  let recall = emptyRecallFigures();
  if (usable) {
    if (services.hasOldLayout()) {
      checks.push(
        warn(
          "layout",
          "Store layout",
          "Nothing to do by hand: the next Claude Code session (or MCP tool call) migrates it, keeping a backup.",
          "`.threadmind/` still has the 0.4 layout (trees/)",
        ),
      );
    }
    // config.json and the log are read once, here: the local-state check reports on them, the later checks use the measurements.
    const local = readLocalState(workspace.storeDir);
    const log = readLog(workspace.storeDir, local.state.measurements);
    if ("read" in log) {
      measurements = log.read.measurements;
      recall = log.read.recall;
    }
    checks.push(checkThreads(services));
    const formatOne = checkFormatOne(services);
    if (formatOne !== null) checks.push(formatOne);
    checks.push(...checkFreshnessSettings(services), checkLocalState(workspace.storeDir, local, log));
  }
  checks.push(...(await checkGit(workspace, options.env)));
  if (usable && workspace.gitTop !== null) {
    checks.push(
      checkMergeDriver(
        workspace.gitTop,
        driverCommand(options.nodePath ?? process.execPath, bundlePath(options.pluginRoot, "cli.mjs")),
      ),
    );
    const conflicts = await checkConflicts(workspace);
    if (conflicts !== null) checks.push(conflicts);
    const committed = await checkCommitted(workspace, now);
    if (committed !== null) checks.push(committed);
  }
  checks.push(checkVersions(options.bundleVersion, options.pluginRoot));
  checks.push(
    checkPluginInstalled({
      configDir: claudeConfigDir(options.env, options.home ?? homedir()),
      workspaceRoot: workspace.root,
      measurements,
      bundleVersion: options.bundleVersion,
      pluginRoot: options.pluginRoot,
    }),
  );
  const codex = checkCodexHooks(codexHome(options.env, options.home ?? homedir()));
  if (codex !== null) checks.push(codex);
  if (usable) {
    checks.push(checkHooksSeen(measurements, now), checkReceipts(await withReceiptsCheckedNow(measurements)));
    if (projectsListed(services)) {
      checks.push(
        await checkRecallHooks({
          pluginRoot: options.pluginRoot,
          nodePath: options.nodePath ?? process.execPath,
          root: workspace.root,
          store: services.store,
        }),
      );
      const delivery = checkRecallDelivery(recall);
      if (delivery !== null) checks.push(delivery);
    }
    if (projectsListed(services)) checks.push(await contextCheck(services));
  }
  return checks;
}

const LABEL = { ok: "ok  ", warn: "warn", fail: "FAIL" } as const satisfies Record<CheckStatus, string>;

export function renderDoctor(checks: readonly DoctorCheck[], version: string): string {
  const lines = [`ThreadMind doctor (thread-mind-mcp ${version})`, ""];
  for (const c of checks) {
    const [head = "", ...rest] = c.detail;
    lines.push(`[${LABEL[c.status]}] ${c.title}: ${head}`);
    for (const r of rest) lines.push(`       ${r}`);
    if (c.fix !== undefined && c.status !== "ok") lines.push(`       fix: ${c.fix}`);
  }
  const count = (s: CheckStatus) => checks.filter((c) => c.status === s).length;
  const failures = count("fail");
  const warnings = count("warn");
  lines.push(
    "",
    `${count("ok")} ok, ${warnings} warning${warnings === 1 ? "" : "s"}, ${failures} failure${failures === 1 ? "" : "s"}.`,
  );
  return lines.join("\n");
}

/** Non-zero when any check failed (warnings do not fail). */
export function doctorExitCode(checks: readonly DoctorCheck[]): number {
  return checks.some((c) => c.status === "fail") ? 1 : 0;
}
