// Doctor checks of point-of-action recall and the subagent context: the plugin declares their hooks (PreToolUse on the
// file-changing tools, SubagentStart), the PreToolUse hook runs here (node, the bundle, exit 0, within its budget), the
// path index can be built from this workspace's threads, and what was handed over reached the model (the hooks' receipts).
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { bundlePath } from "../bundles.js";
import { messageOf } from "../error-details.js";
import { isRecord } from "../json-record.js";
import { currentPathIndex } from "../recall/path-index-build.js";
import { recallLines, type RecallFigures } from "../measure/recall-events.js";
import type { Store } from "../store/store.js";
import { fail, ok, warn, type DoctorCheck } from "./doctor-types.js";

const CHANGING = ["Edit", "Write", "MultiEdit", "NotebookEdit"];

/** The events of plugin/hooks.json with the matchers and commands declared for each. */
function declaredHooks(pluginRoot: string): Map<string, { matcher: string; commands: string[] }[]> {
  const data: unknown = JSON.parse(readFileSync(join(pluginRoot, "plugin", "hooks.json"), "utf8"));
  const out = new Map<string, { matcher: string; commands: string[] }[]>();
  const hooks = isRecord(data) && isRecord(data.hooks) ? data.hooks : {};
  for (const [event, groups] of Object.entries(hooks)) {
    if (!Array.isArray(groups)) continue;
    out.set(
      event,
      groups.filter(isRecord).map((g) => ({
        matcher: typeof g.matcher === "string" ? g.matcher : "",
        commands: (Array.isArray(g.hooks) ? g.hooks : [])
          .filter(isRecord)
          .map((h) => (typeof h.command === "string" ? h.command : "")),
      })),
    );
  }
  return out;
}

/** Runs the PreToolUse hook as Claude Code would, on a Read (which it answers without touching the store). */
function runPreToolUse(
  node: string,
  hook: string,
  root: string,
): Promise<{ code: number | null; stdout: string; ms: number; error: string | null }> {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = execFile(
      node,
      ["--preserve-symlinks-main", hook, "pre-tool-use"],
      { cwd: root, timeout: 5_000, env: { ...process.env, CLAUDE_PROJECT_DIR: root } },
      (error, stdout) =>
        resolve({
          code: error === null ? 0 : typeof error.code === "number" ? error.code : null,
          stdout,
          ms: Date.now() - started,
          error: error === null ? null : error.message.split("\n")[0]!,
        }),
    );
    child.stdin?.end(
      JSON.stringify({
        session_id: "doctor",
        cwd: root,
        hook_event_name: "PreToolUse",
        tool_name: "Read",
        tool_input: { file_path: join(root, "README.md") },
      }),
    );
  });
}

export async function checkRecallHooks(options: {
  pluginRoot: string;
  nodePath: string;
  root: string;
  store: Store;
}): Promise<DoctorCheck> {
  const title = "Point-of-action recall hooks";
  let declared: Map<string, { matcher: string; commands: string[] }[]>;
  try {
    declared = declaredHooks(options.pluginRoot);
  } catch (e) {
    return fail(
      "recall-hooks",
      title,
      "Reinstall the plugin: its plugin/hooks.json cannot be read.",
      `plugin/hooks.json: ${messageOf(e)}`,
    );
  }
  const pre = declared.get("PreToolUse") ?? [];
  const covered = CHANGING.filter((tool) =>
    pre.some((g) => g.commands.some((c) => c.includes("pre-tool-use")) && new RegExp(`^(?:${g.matcher})$`).test(tool)),
  );
  const sub = (declared.get("SubagentStart") ?? []).some((g) => g.commands.some((c) => c.includes("subagent-start")));
  const missing = [
    ...CHANGING.filter((t) => !covered.includes(t)).map((t) => `PreToolUse on ${t}`),
    ...(sub ? [] : ["SubagentStart"]),
  ];
  if (missing.length > 0) {
    return warn(
      "recall-hooks",
      title,
      "Update the plugin: this copy does not declare every recall hook.",
      `not declared: ${missing.join(", ")}`,
    );
  }
  const run = await runPreToolUse(options.nodePath, bundlePath(options.pluginRoot, "hook.cjs"), options.root);
  if (run.code !== 0 || run.stdout !== "") {
    return fail(
      "recall-hooks",
      title,
      "Check that `node` starts here and that plugin/dist/hook.cjs is the plugin's own (reinstall it if not).",
      `the PreToolUse hook did not run cleanly: exit ${String(run.code)}${run.error ? ` (${run.error})` : ""}${run.stdout ? `, printed ${run.stdout.slice(0, 200)}` : ""}`,
    );
  }
  let indexLine: string;
  try {
    const { size } = await currentPathIndex(options.store);
    indexLine = `path index: ${size.threads} thread(s), ${size.withPaths} with paths (cached in .threadmind/cache/recall/)`;
  } catch (e) {
    return fail(
      "recall-hooks",
      title,
      "Fix what the message names (see also the Threads check).",
      `the path index could not be built: ${messageOf(e)}`,
    );
  }
  return ok(
    "recall-hooks",
    title,
    `PreToolUse (${CHANGING.join(", ")}) and SubagentStart declared; a PreToolUse run here took ${run.ms} ms and exited 0`,
    indexLine,
  );
}

/**
 * Whether the recalls and subagent contexts handed over reached the model, as the SessionEnd/PreCompact hooks settled it
 * from the transcripts: the very figures and lines of stats and the report (recallLines), so that all three agree. Null
 * when none was handed over yet.
 */
export function checkRecallDelivery(recall: RecallFigures): DoctorCheck | null {
  if (recall.recalls === 0 && recall.subagentContexts === 0) return null;
  const title = "Recall delivery";
  const [, ...lines] = recallLines(recall);
  const detail = lines.map((l) => l.trim());
  if (recall.recallsUndelivered > 0 || recall.subagentContextsUndelivered > 0) {
    return warn(
      "recall-delivery",
      title,
      "Decisions handed over by the PreToolUse or SubagentStart hook are missing from Claude Code's transcript: check that no setting strips hook output (`claude --debug` shows it) and that the plugin is current.",
      ...detail,
    );
  }
  return ok("recall-delivery", title, ...detail);
}
