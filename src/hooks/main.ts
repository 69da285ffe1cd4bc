// Hook entry (plugin/dist/hook.mjs <session-start|session-end|pre-compact>): reads the input; only when the workspace has a
// `.threadmind/` does it load the hooks proper (hook-core.mjs), so a session without a project costs little more than node.
import { readStdin } from "./hook-input.js";
import { isHookName, PLANS } from "./hook-plans.js";
import { workspaceMayHaveStore } from "./store-precheck.js";
import type { EntryStart } from "./hook-core.js";

/** The hooks proper, beside this bundle (a computed URL, so the bundler leaves it alone). */
function hookCore(): string {
  return new URL("./hook-core.mjs", import.meta.url).href;
}

function mayHaveStore(text: string): boolean {
  try {
    return workspaceMayHaveStore(text, process.cwd(), process.env);
  } catch {
    return true;
  }
}

export async function runHook(name: string | undefined): Promise<void> {
  const entry: EntryStart = { startedAt: Date.now(), stdin: null };
  if (isHookName(name)) {
    let text: string | null = null;
    try {
      text = await readStdin(Math.max(100, PLANS[name].deadlineMs - 200));
      entry.stdin = { text };
    } catch (e) {
      entry.stdin = { error: e }; // reported by the hooks proper, within their deadline
    }
    // No ThreadMind store here: print nothing. (Should the check itself fail, the hooks proper run and report it.)
    if (text !== null && !mayHaveStore(text)) return;
  }
  const core = (await import(hookCore())) as typeof import("./hook-core.js");
  await core.runHook(name, entry);
}

const isEntry = process.argv[1] !== undefined && /hook\.(mjs|js|ts)$/.test(process.argv[1]);
if (isEntry) {
  // A hook never breaks the session: whatever happens, exit 0.
  process.on("uncaughtException", () => process.exit(0));
  process.on("unhandledRejection", () => process.exit(0));
  runHook(process.argv[2]).finally(() => process.exit(0));
}
