// Guards the thread a window followed, as the measurement log names it (a file only ours by convention: a hostile
// repository can commit one): a conversation record whose thread is not an id is not one, so /clear still loads a context.
import { appendFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { reposPerTest } from "../support/temp-repo.js";
import { servicesFor } from "../support/core-services.js";
import { parseHookStdout, runHookProcess } from "../reliability/hook-process.js";

const newRepo = reposPerTest();

describe("a logged conversation naming a thread by an invalid id", () => {
  it("is passed over: SessionStart after /clear loads the start thread's context", async () => {
    const repo = newRepo({ prefix: "tm-followed-invalid-" });
    const dir = repo.dir;
    const s = servicesFor(dir, "setup");
    await s.projectCreate({ title: "Refunds" });
    await s.summaryUpdate({ content: "## Decisions\n- REFUND-DECISION" });
    const hook = (sessionId: string, source: string) =>
      runHookProcess("session-start", {
        cwd: dir,
        sessionId,
        transcriptPath: join(dir, `${sessionId}.jsonl`),
        claudePid: process.pid,
        event: { source },
      });
    await hook("s1", "startup"); // the log exists
    const line = {
      kind: "conversation",
      at: new Date().toISOString(),
      sessionId: "s1",
      projectId: "refunds",
      threadId: "../../outside",
      instance: `claude-${process.pid}`,
    };
    appendFileSync(join(dir, ".threadmind", "measurements.jsonl"), `${JSON.stringify(line)}\n`);
    const run = await hook("s2", "clear");
    expect(run).toMatchObject({ code: 0, stderr: "" });
    expect(parseHookStdout(run.stdout)?.hookSpecificOutput?.additionalContext).toContain("REFUND-DECISION");
  });
});
