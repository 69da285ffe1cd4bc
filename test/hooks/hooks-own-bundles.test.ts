// SessionStart runs from its own bundle (hook-start.cjs: its fast path and the team check), PreToolUse and SubagentStart
// from theirs (hook-recall.cjs: point-of-action recall, before every file edit), the other hooks from hook-main.cjs: a
// start or an edit reads, deserialises and runs no transcript-reading, measuring or nudging code.
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { makeTempRepo, type TempRepo } from "../support/temp-repo.js";
import { servicesFor } from "../support/core-services.js";
import { HOOK_BUNDLE, parseHookStdout, runHookProcess } from "../reliability/hook-process.js";
import { claudeInstanceSession } from "../../src/core/session-key.js";

const PID = process.pid;
const DIST = join(HOOK_BUNDLE, "..");
let repo: TempRepo;
const dirs: string[] = [];

/** A plugin directory with only these bundles. */
function pluginWith(bundles: readonly string[]): string {
  const dir = mkdtempSync(join(tmpdir(), "tm-plugin-split-"));
  dirs.push(dir);
  for (const bundle of bundles) copyFileSync(join(DIST, bundle), join(dir, bundle));
  return dir;
}

beforeAll(async () => {
  repo = makeTempRepo();
  repo.commit("code", { "README.md": "x\n" });
  const s = servicesFor(repo.dir, claudeInstanceSession(PID).key);
  await s.projectCreate({ title: "Split" });
  await s.summaryUpdate({ content: "## Decisions\n- SPLIT-BUNDLE-DECISION" });
  // A sibling thread whose paths cover src/covered/: an edit there hands its decision over.
  const { thread } = await s.threadCreate({ title: "Covered", parentId: "main" });
  await s.summaryUpdate({ threadId: thread.id, content: "## Decisions\n- SPLIT-RECALL-DECISION", paths: ["src/covered/"] });
  await s.threadSwitch("main");
}, 30_000);
afterAll(() => {
  repo?.cleanup();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe("the hooks' own bundles", () => {
  test("a session start needs hook.cjs, hook-start.cjs and the hooks proper, not hook-main.cjs", async () => {
    const plugin = pluginWith(["hook.cjs", "hook-start.cjs", "hook-core.cjs"]);
    for (let i = 0; i < 2; i++) {
      // The first run takes the hooks proper (no cached context yet), the second the fast path.
      const run = await runHookProcess("session-start", {
        cwd: repo.dir,
        sessionId: `split-${i}`,
        transcriptPath: join(repo.dir, `split-${i}.jsonl`),
        claudePid: PID,
        event: { source: "startup" },
        bundle: join(plugin, "hook.cjs"),
      });
      expect(run).toMatchObject({ code: 0, stderr: "" });
      expect(parseHookStdout(run.stdout)?.hookSpecificOutput?.additionalContext).toContain("SPLIT-BUNDLE-DECISION");
    }
  }, 30_000);

  test("PreToolUse needs hook.cjs and hook-recall.cjs, not hook-main.cjs or hook-start.cjs", async () => {
    // The hooks proper build the path index at the first edit; later edits answer from hook-recall.cjs alone.
    const plugin = pluginWith(["hook.cjs", "hook-recall.cjs", "hook-core.cjs"]);
    const edit = (sessionId: string) =>
      runHookProcess("pre-tool-use", {
        cwd: repo.dir,
        sessionId,
        transcriptPath: join(repo.dir, `${sessionId}.jsonl`),
        claudePid: PID,
        event: { tool_name: "Edit", tool_input: { file_path: join(repo.dir, "src/covered/a.ts") }, tool_use_id: "t1" },
        bundle: join(plugin, "hook.cjs"),
      });
    expect(await edit("recall-0")).toMatchObject({ code: 0, stderr: "" });
    rmSync(join(plugin, "hook-core.cjs"));
    const run = await edit("recall-1");
    expect(run).toMatchObject({ code: 0, stderr: "" });
    expect(parseHookStdout(run.stdout)?.hookSpecificOutput?.additionalContext).toContain("SPLIT-RECALL-DECISION");
  }, 30_000);

  test("the other hooks need hook-main.cjs, not hook-start.cjs or hook-recall.cjs", async () => {
    const plugin = pluginWith(["hook.cjs", "hook-main.cjs", "hook-core.cjs"]);
    const run = await runHookProcess("session-end", {
      cwd: repo.dir,
      sessionId: "split-0",
      transcriptPath: join(repo.dir, "split-0.jsonl"),
      claudePid: PID,
      event: { reason: "other" },
      bundle: join(plugin, "hook.cjs"),
    });
    expect(run).toMatchObject({ code: 0, stderr: "" });
    expect(readFileSync(join(repo.dir, ".threadmind", "measurements.jsonl"), "utf8")).toContain('"event":"SessionEnd:other"');
  });

  test("hook-start.cjs and hook-recall.cjs hold no transcript reader, measuring or nudging code; hook-main.cjs no team check or recall", () => {
    const start = readFileSync(join(DIST, "hook-start.cjs"), "utf8");
    for (const module of ["src/transcript/", "src/hooks/measure-size.ts", "src/hooks/prompt-nudge.ts", "src/core/savings/"])
      expect(start).not.toContain(`// ${module}`);
    expect(start).toContain("// src/hooks/team-git-check.ts");
    const recall = readFileSync(join(DIST, "hook-recall.cjs"), "utf8");
    for (const module of [...["src/transcript/", "src/hooks/measure-size.ts", "src/hooks/prompt-nudge.ts"], "src/core/savings/"])
      expect(recall).not.toContain(`// ${module}`);
    expect(recall).not.toContain("// src/hooks/team-git-check.ts");
    expect(recall).toContain("// src/hooks/tool-recall.ts");
    const main = readFileSync(join(DIST, "hook-main.cjs"), "utf8");
    expect(main).not.toContain("// src/hooks/team-git-check.ts");
    expect(main).not.toContain("// src/hooks/tool-recall.ts");
    expect(main).toContain("// src/hooks/measure-size.ts");
  });
});
