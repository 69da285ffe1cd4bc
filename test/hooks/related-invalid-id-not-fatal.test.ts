// Guards a thread's cross-references (frontmatter `related`): one that is not a valid id (a teammate wrote the title,
// "Payments", by hand) is reported as missing in the context, never fatal: SessionStart still loads the thread's context.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { reposPerTest } from "../support/temp-repo.js";
import { servicesFor } from "../support/core-services.js";
import { parseHookStdout, runHookProcess } from "../reliability/hook-process.js";
import { memberFileName } from "../../src/core/store/thread-folder-format.js";

const newRepo = reposPerTest();

describe("a related entry that is not a thread id", () => {
  it("is named as missing, and the context is loaded (SessionStart and context_get)", async () => {
    const repo = newRepo({ prefix: "tm-related-invalid-" });
    const dir = repo.dir;
    const s = servicesFor(dir, "setup");
    await s.projectCreate({ title: "Refunds" });
    await s.summaryUpdate({ content: "## Decisions\n- REFUND-DECISION" });
    // Format 2: one file per related member in the thread's related/ folder, as a teammate could commit it by hand.
    const related = join(dir, ".threadmind", "threads", "refunds", "main", "related");
    mkdirSync(related, { recursive: true });
    writeFileSync(join(related, memberFileName("Payments")), "Payments\n");
    const run = await runHookProcess("session-start", {
      cwd: dir,
      sessionId: "s1",
      transcriptPath: join(dir, "s1.jsonl"),
      claudePid: process.pid,
      event: { source: "startup" },
    });
    expect(run).toMatchObject({ code: 0, stderr: "" });
    const context = parseHookStdout(run.stdout)?.hookSpecificOutput?.additionalContext;
    expect(context).toContain("REFUND-DECISION");
    expect(context).toContain("Payments (missing: no such thread)");
    expect((await servicesFor(dir, "reader").contextGet()).text).toContain("REFUND-DECISION");
  });
});
