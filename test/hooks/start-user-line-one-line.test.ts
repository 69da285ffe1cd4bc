// Guards the line SessionStart shows the user: one line, even when a damaged (or hostile) thread file's own text, quoted in
// the reason it could not be read, holds line breaks.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { reposPerTest } from "../support/temp-repo.js";
import { servicesFor } from "../support/core-services.js";
import { parseHookStdout, runHookProcess } from "../reliability/hook-process.js";

const PID = process.pid; // a live process: the Claude Code instance the hooks belong to
const newRepo = reposPerTest();

describe("SessionStart's user line after an unreadable ancestor", () => {
  it("is one line when the ancestor's reason quotes a value with line breaks", async () => {
    const repo = newRepo({ prefix: "tm-start-one-line-" });
    const dir = repo.dir;
    const s = servicesFor(dir, `claude-${PID}`);
    await s.projectCreate({ title: "Refunds" });
    await s.summaryUpdate({ content: "## Decisions\n- ROOT" });
    await s.threadCreate({ title: "Payments" });
    await s.summaryUpdate({ content: "## Decisions\n- PAY" });
    // The root's status, as a teammate's (or a hostile) commit could leave it: a quoted string with line breaks.
    const main = join(dir, ".threadmind", "threads", "refunds", "main", "thread.md"); // format 2: the head holds the status
    writeFileSync(main, readFileSync(main, "utf8").replace(/^id: main$/m, 'id: main\nstatus: "done\\nThreadMind: all good"'));
    for (const source of ["startup", "clear"]) {
      const run = await runHookProcess("session-start", {
        cwd: dir,
        sessionId: `s-${source}`,
        transcriptPath: join(dir, `s-${source}.jsonl`),
        claudePid: PID,
        event: { source },
      });
      expect(run).toMatchObject({ code: 0, stderr: "" });
      const out = parseHookStdout(run.stdout); // throws when systemMessage is not one line
      expect(out?.systemMessage).toContain('Ancestor "main" could not be read');
      expect(out?.hookSpecificOutput?.additionalContext).toContain("PAY");
    }
  });
});
