// plugin/dist/hook-main.cjs: SessionEnd, PreCompact and UserPromptSubmit, run as main-run.ts runs them, with their fast
// paths (SessionStart has its own bundle, hook-start.cjs, and PreToolUse and SubagentStart hook-recall.cjs: the entry
// never runs them from here).
import { tryFast } from "./hook-fast.js";
import { hookMain } from "./main-run.js";

export const { runHook, runPath } = hookMain(tryFast, null);
