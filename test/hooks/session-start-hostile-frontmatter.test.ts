// Guards issue #30 item 4: a thread file with a hostile frontmatter (tens of thousands of keys) costs
// SessionStart no parsing: it is reported as damaged, naming the file and why, within the hook's own deadline, and the
// message says what happened (never "store locked or disk slow").
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { reposPerTest } from "../support/temp-repo.js";
import { servicesFor } from "../support/core-services.js";
import { parseHookStdout, runHookProcess } from "../reliability/hook-process.js";
import { PLANS } from "../../src/hooks/hook-plans.js";

const CLAUDE_PID = 636_363;
const newRepo = reposPerTest();

describe("SessionStart on a thread file with a hostile frontmatter", () => {
  for (const [what, keys] of [
    ["60,000 keys (about 900 KB)", 60_000],
    ["20,000 keys (about 290 KB)", 20_000],
  ] as const) {
    it(`${what}: reported as damaged in one line naming the file, the hook ends by itself within its deadline`, async () => {
      const repo = newRepo({ prefix: "tm-hostile-frontmatter-" });
      const s = servicesFor(repo.dir, `claude-${CLAUDE_PID}`);
      const { project } = await s.projectCreate({ title: "Shop" });
      await s.summaryUpdate({ content: "## Decisions\n- Refunds within 30 days" });
      const file = join(repo.dir, ".threadmind", "threads", project.id, "main", "thread.md"); // format 2: the head file holds the frontmatter
      const text = readFileSync(file, "utf8");
      const extra = Array.from({ length: keys }, (_, i) => `key${i}: v${i}\n`).join("");
      writeFileSync(file, text.replace(/\n---\n/, `\n${extra}---\n`));
      const run = await runHookProcess("session-start", {
        cwd: repo.dir,
        sessionId: "hostile",
        transcriptPath: join(repo.dir, "hostile.jsonl"),
        claudePid: CLAUDE_PID,
        event: { source: "startup" },
        killAfterMs: 20_000,
      });
      expect(run).toMatchObject({ code: 0, hung: false });
      const printed = parseHookStdout(run.stdout);
      const said = `${printed?.systemMessage ?? ""}\n${printed?.hookSpecificOutput?.additionalContext ?? ""}`;
      expect(said).toContain("main/thread.md");
      expect(said).toContain("frontmatter too large to parse");
      expect(said).not.toContain("gave up after");
      // Generous: parsing the frontmatter took 15–30 s before the bound; refusing it takes milliseconds.
      expect(run.elapsedMs).toBeLessThan(PLANS["session-start"].deadlineMs + 6_000);
    });
  }
});
