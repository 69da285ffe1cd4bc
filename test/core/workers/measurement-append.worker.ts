// Worker for cross-process-measurement-append: waits for the go file, then appends its events through services.recordEvents.
import { existsSync } from "node:fs";
import { ThreadMindServices } from "../../../src/core/services.js";
import { resolveWorkspace } from "../../../src/core/workspace.js";

export interface AppendWorkerInput {
  root: string;
  goFile: string;
  worker: number;
  count: number;
  /** Padding per record, to reach the rotation size quickly. */
  padding: number;
}

const input = JSON.parse(process.argv[2]!) as AppendWorkerInput;
const env = { THREADMIND_ROOT: input.root };
const services = new ThreadMindServices({
  workspace: resolveWorkspace({ env, cwd: input.root }),
  session: { key: `w${input.worker}` },
  env,
  lockTimeoutMs: 10_000,
});
process.stdout.write("ready\n");
while (!existsSync(input.goFile)) await new Promise((r) => setTimeout(r, 2));
for (let i = 0; i < input.count; i++) {
  await services.recordEvents([
    { kind: "hookSeen", at: `w${input.worker}-${i}`, event: `E${"x".repeat(input.padding)}`, sessionId: `w${input.worker}` },
    { kind: "sessionEnd", at: `w${input.worker}-${i}`, sessionId: `w${input.worker}`, contextTokens: i, reason: "other" },
  ]);
}
process.stdout.write("done\n");
