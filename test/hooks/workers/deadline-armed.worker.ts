// Worker for hook-deadline: runs the hooks' runner with a handler that answers at once ("sync") or after waiting on the
// event loop ("waits"), and prints the timers pending where it matters (process.getActiveResourcesInfo).
import { runHookWith } from "../../../src/hooks/hook-runner.js";

const mode = JSON.parse(process.argv[2]!) as "sync" | "waits";
const input = JSON.stringify({ session_id: "deadline", cwd: process.cwd(), hook_event_name: "SessionEnd", reason: "other" });
const timers = () => process.getActiveResourcesInfo().filter((r) => r === "Timeout" || r === "Immediate");
let before: string[] = [];
let whileWaiting: string[] | null = null;
await runHookWith("session-end", { startedAt: Date.now(), stdin: { text: input } }, async () => {
  before = timers();
  if (mode === "waits") {
    await new Promise((resolve) => setImmediate(resolve));
    whileWaiting = timers();
  }
  return {};
});
process.stdout.write(JSON.stringify({ before, whileWaiting, after: timers() }));
process.exit(0);
