// Guards config.json's thread choices as read (a file only ours by convention: a hostile repository can commit it): a
// branch's choice or a session's thread that is not a valid id is dropped when read, so SessionStart still loads the
// context (the branch's start thread as if no choice had been made), as the fast path already did.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { reposPerTest } from "../support/temp-repo.js";
import { servicesFor } from "../support/core-services.js";
import { parseHookStdout, runHookProcess } from "../reliability/hook-process.js";

const newRepo = reposPerTest();

describe("config.json naming threads by invalid ids", () => {
  it("is read without them: SessionStart loads the start thread's context", async () => {
    const repo = newRepo({ prefix: "tm-state-invalid-ids-" });
    const dir = repo.dir;
    const s = servicesFor(dir, "setup");
    await s.projectCreate({ title: "Refunds" });
    await s.summaryUpdate({ content: "## Decisions\n- REFUND-DECISION" });
    const state = {
      version: 1,
      lastProjectId: "refunds",
      branches: { main: { refunds: "../../outside" } },
      sessions: { [`claude-${process.pid}`]: { projectId: "refunds", threadId: "Not An Id", updatedAt: "x" } },
    };
    writeFileSync(join(dir, ".threadmind", "config.json"), JSON.stringify(state));
    for (const source of ["startup", "clear"]) {
      const run = await runHookProcess("session-start", {
        cwd: dir,
        sessionId: `s-${source}`,
        transcriptPath: join(dir, `s-${source}.jsonl`),
        claudePid: process.pid,
        event: { source },
      });
      expect(run).toMatchObject({ code: 0, stderr: "" });
      expect(parseHookStdout(run.stdout)?.hookSpecificOutput?.additionalContext).toContain("REFUND-DECISION");
    }
  });
});
