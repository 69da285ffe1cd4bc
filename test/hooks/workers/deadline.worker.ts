// Worker for hook-deadline: runs the hooks' runner with a handler that never answers (a store that hangs).
import { runHookWith } from "../../../src/hooks/hook-runner.js";

const name = JSON.parse(process.argv[2]!) as string;
const input = JSON.stringify({ session_id: "deadline", cwd: process.cwd(), hook_event_name: "SessionEnd", reason: "other" });
await runHookWith(name, { startedAt: Date.now(), stdin: { text: input } }, () => new Promise(() => {}));
process.exit(0);
