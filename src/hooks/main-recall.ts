// plugin/dist/hook-recall.cjs: PreToolUse and SubagentStart, run as main-run.ts runs them, with their fast paths only
// (the path index read from the cache; no transcript reading, measuring or nudging code): what every file edit loads.
import { tryFastRecall } from "./hook-fast-recall.js";
import { hookMain } from "./main-run.js";

export const { runHook, runPath } = hookMain(tryFastRecall, null);
