// Worker process for multi-process core tests: waits for a go file, then runs one kind of operation through the services.
import { existsSync } from "node:fs";
import { ThreadMindServices } from "../../../src/core/services.js";
import { resolveWorkspace } from "../../../src/core/workspace.js";

export type WorkerInput =
  | { op: "create"; root: string; goFile: string; session: string; title: string; parentId: string }
  | { op: "append"; root: string; goFile: string; session: string; threadId: string; lines: string[] };

const input = JSON.parse(process.argv[2]!) as WorkerInput;
const env = { THREADMIND_ROOT: input.root, THREADMIND_AUTHOR: input.session };
const services = new ThreadMindServices({
  workspace: resolveWorkspace({ env, cwd: input.root }),
  session: { key: input.session },
  env,
  lockTimeoutMs: 30_000,
});

process.stdout.write("ready\n");
while (!existsSync(input.goFile)) await new Promise((r) => setTimeout(r, 2));
switch (input.op) {
  case "create": {
    const created = await services.threadCreate({ title: input.title, parentId: input.parentId });
    process.stdout.write(
      `${JSON.stringify({ id: created.thread.id, parentId: created.thread.parentId, createdAt: created.thread.createdAt })}\n`,
    );
    break;
  }
  case "append": {
    const stamps: string[] = [];
    for (const line of input.lines) {
      const r = await services.summaryUpdate({ threadId: input.threadId, section: "state", content: line });
      stamps.push(r.thread.updatedAt);
    }
    process.stdout.write(`${JSON.stringify({ stamps })}\n`);
    break;
  }
  default: {
    const unknown: never = input;
    throw new Error(`unknown op ${JSON.stringify(unknown)}`);
  }
}
