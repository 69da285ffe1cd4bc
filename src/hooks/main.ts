// plugin/dist/hook-main.cjs: SessionEnd, PreCompact and UserPromptSubmit, run as main-run.ts runs them, with their fast
// paths (SessionStart has its own bundle, hook-start.cjs: the entry never runs it from here).
import { tryFast } from "./hook-fast.js";
import { hookMain } from "./main-run.js";

export const { runHook, runPath } = hookMain(tryFast, null);
