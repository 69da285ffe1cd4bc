// Hook entry (plugin/dist/hook.cjs <session-start|session-end|pre-compact|user-prompt-submit|pre-tool-use|subagent-start>): CommonJS, node builtins only,
// small. When the environment names a workspace without `.threadmind/` it exits before loading anything more or reading
// stdin; otherwise it runs the hooks, compiled through a V8 code cache: SessionStart from plugin/dist/hook-start.cjs
// (main-start.ts: its fast path and the team check only), PreToolUse and SubagentStart from hook-recall.cjs
// (main-recall.ts), the others from hook-main.cjs (main.ts).
import { join } from "node:path";
import { requireWithCodeCache } from "./code-cache.js";
import { isHookName } from "./hook-plans.js";
import { workspaceFromEnv } from "./store-precheck.js";
import { storeExists } from "../core/workspace.js";
import type { Workspace } from "../core/store/store-dir.js";

type HookMain = typeof import("./main.js");

/**
 * The bundle that runs `name`: SessionStart's own, and PreToolUse's (run before every file edit) with SubagentStart's:
 * what each reads and deserialises at every start is kept to what it runs.
 */
function mainBundle(name: string | undefined): string {
  if (name === "session-start") return "hook-start.cjs";
  return name === "pre-tool-use" || name === "subagent-start" ? "hook-recall.cjs" : "hook-main.cjs";
}

export async function runHook(name: string | undefined): Promise<void> {
  const startedAt = Date.now();
  // Claude Code sets CLAUDE_PROJECT_DIR: no store there means nothing to do, and no reason to read the input.
  let workspace: Workspace | null = null;
  let fromEnv: boolean | null = null;
  if (isHookName(name)) {
    try {
      workspace = workspaceFromEnv(process.env, process.cwd());
      fromEnv = workspace === null ? null : storeExists(workspace);
    } catch {
      fromEnv = true; // should the check itself fail, the hooks run and report it
    }
  }
  if (fromEnv === false) return;
  // A run that needed the hooks proper (hook-core.cjs) compiled little of the fast path: its cache is made again later;
  // a SessionStart down a source's path its cache does not hold yet (startup, clear...) adds it.
  const main: HookMain = requireWithCodeCache<HookMain>(
    join(__dirname, mainBundle(name)),
    isHookName(name) ? name : "other",
    process.env,
    () => main.runPath(),
  );
  // The hooks proper, when the bundle's fast path cannot answer: compiled through a cache of their own too (compiling
  // hook-core.cjs took ~16 ms of a fresh clone's first start; with its cache that start is ~18 ms faster).
  const loadCore = (hook: string) => requireWithCodeCache(join(__dirname, "hook-core.cjs"), hook, process.env);
  await main.runHook(name, { startedAt, fromEnv, workspace, loadCore });
}

const isEntry = process.argv[1] !== undefined && /hook\.(cjs|js|ts)$/.test(process.argv[1]);
if (isEntry) {
  // A hook never breaks the session: whatever happens, exit 0.
  process.on("uncaughtException", () => process.exit(0));
  process.on("unhandledRejection", () => process.exit(0));
  runHook(process.argv[2]).finally(() => process.exit(0));
}
