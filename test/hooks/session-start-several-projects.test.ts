// SessionStart in a fresh clone with several projects and none chosen on this machine (config.json is per machine): the model is told to ask which one and the user how to choose, instead of a hook failure and no word.
import { rmSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { reposPerTest } from "../support/temp-repo.js";
import { servicesFor } from "../support/core-services.js";
import { parseHookStdout, runHookProcess } from "../reliability/hook-process.js";

const newRepo = reposPerTest();

describe("SessionStart with several projects and none chosen", () => {
  it("tells the model to ask and call project_switch, and the user the slash command", async () => {
    const repo = newRepo({ prefix: "tm-several-projects-" });
    const setup = servicesFor(repo.dir, "setup");
    await setup.projectCreate({ title: "Billing" });
    await setup.projectCreate({ title: "Refunds" });
    // A fresh clone: the projects are committed, the machine's choices (config.json) are not.
    rmSync(join(repo.dir, ".threadmind", "config.json"));
    const run = await runHookProcess("session-start", {
      cwd: repo.dir,
      sessionId: "fresh-clone",
      transcriptPath: join(repo.dir, "fresh-clone.jsonl"),
      claudePid: process.pid,
      event: { source: "startup" },
    });
    expect(run).toMatchObject({ code: 0 });
    const printed = parseHookStdout(run.stdout);
    expect(printed?.hookSpecificOutput?.additionalContext).toBe(
      "ThreadMind: this workspace has several projects (billing, refunds) and none is chosen in this window yet, so no thread's context was loaded. Ask the user which project this session is about, then call project_switch with its id.",
    );
    expect(printed?.systemMessage).toBe(
      "ThreadMind: several projects here (billing, refunds) and none chosen on this machine yet: /thread-mind:project switch <id> loads one's context.",
    );
  });
});
