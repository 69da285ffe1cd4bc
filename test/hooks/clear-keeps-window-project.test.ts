// Guards /clear in a store with two projects: a window that never chose a project or thread (it started where the store
// said) gets its own project's thread back after /clear, even after another window switched the store to another
// project; the hooks and that window's MCP server name the same thread.
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { reposPerTest } from "../support/temp-repo.js";
import { servicesFor } from "../support/core-services.js";
import { parseHookStdout, runHookProcess } from "../reliability/hook-process.js";

const PID = process.pid; // a live process: the Claude Code instance of window A
const newRepo = reposPerTest();

describe("/clear in a window that follows its conversations, after another window switched project", () => {
  it("brings back the window's own project's thread, as its MCP server sees it", async () => {
    const repo = newRepo({ prefix: "tm-clear-project-" });
    const dir = repo.dir;
    const setup = servicesFor(dir, "setup");
    await setup.projectCreate({ title: "Billing" });
    await setup.summaryUpdate({ content: "## Decisions\n- BILLING-DECISION" });
    await setup.projectCreate({ title: "Refunds" });
    await setup.summaryUpdate({ content: "## Decisions\n- REFUNDS-DECISION" });
    await setup.projectSwitch("billing"); // the store's last project: Billing
    const hook = (name: "session-start" | "session-end", sessionId: string, event: Record<string, string>) =>
      runHookProcess(name, { cwd: dir, sessionId, transcriptPath: join(dir, `${sessionId}.jsonl`), claudePid: PID, event });
    // Window A starts where the store says: Billing's main.
    const start = parseHookStdout((await hook("session-start", "s1", { source: "startup" })).stdout);
    expect(start?.hookSpecificOutput?.additionalContext).toContain("BILLING-DECISION");
    // Another window switches to Refunds (the store's last project now).
    await servicesFor(dir, "claude-other-window").projectSwitch("refunds");
    // Window A clears its conversation.
    await hook("session-end", "s1", { reason: "clear" });
    const cleared = parseHookStdout((await hook("session-start", "s2", { source: "clear" })).stdout);
    const windowServer = servicesFor(dir, `claude-${PID}`);
    expect((await windowServer.currentThreadRef()).project.id).toBe("billing");
    expect(cleared?.hookSpecificOutput?.additionalContext).toContain("BILLING-DECISION");
  });
});
