// Guards #31's fresh clone: config.json is per machine (gitignored), so in a new clone or worktree local state puts a new
// session on no thread and every start took the hooks proper. The first start saves where it started on the branch
// (cache/context/<project>/_branch-starts.json); the next starts are answered by the fast path, until a thread file
// changes (a teammate's thread linked to the branch arrives), when the hooks proper decide again.
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { makeTempRepo, TEST_GIT_ENV, type TempRepo } from "../support/temp-repo.js";
import { servicesFor } from "../support/core-services.js";
import { parseHookStdout, runHookProcess } from "../reliability/hook-process.js";

const PID = process.pid;
let origin: TempRepo;
let clone: string;
let scratch: string;
let observer: string;

beforeAll(async () => {
  origin = makeTempRepo();
  origin.commit("code", { "README.md": "x\n" });
  const s = servicesFor(origin.dir, "author-session");
  await s.projectCreate({ title: "Cloned" });
  await s.summaryUpdate({ content: "## Decisions\n- CLONED-MAIN-DECISION" });
  await s.threadCreate({ title: "Side topic", parentId: "main" });
  origin.git("add", "-A");
  origin.git("commit", "-q", "-m", "threads");
  scratch = mkdtempSync(join(tmpdir(), "tm-fresh-clone-"));
  clone = join(scratch, "clone");
  execFileSync("git", ["clone", "-q", origin.dir, clone], { env: { ...process.env, ...TEST_GIT_ENV } });
  // Records which files the hook process loaded (read only: it changes nothing the hook does).
  observer = join(scratch, "observer.cjs");
  writeFileSync(
    observer,
    'process.on("exit", () => require("node:fs").writeFileSync(process.env.TM_LOADED_LOG, Object.keys(require.cache).join("\\n")));\n',
  );
}, 60_000);
afterAll(() => {
  origin?.cleanup();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

let runs = 0;
/** A new session's start in the clone: its context, and whether the hooks proper (hook-core.cjs) were loaded. */
async function startup() {
  runs += 1;
  const log = join(scratch, `loaded-${runs}.txt`);
  const run = await runHookProcess("session-start", {
    cwd: clone,
    sessionId: `fresh-${runs}`,
    transcriptPath: join(clone, `fresh-${runs}.jsonl`),
    claudePid: PID,
    env: { NODE_OPTIONS: `--require ${observer}`, TM_LOADED_LOG: log },
  });
  expect(run).toMatchObject({ code: 0, stderr: "" });
  return {
    context: parseHookStdout(run.stdout)?.hookSpecificOutput?.additionalContext ?? "",
    hooksProper: readFileSync(log, "utf8")
      .split("\n")
      .some((f) => f.endsWith("hook-core.cjs")),
  };
}

describe("a fresh clone (no config.json)", () => {
  test("the first start takes the hooks proper; the next ones, the fast path, with the same context", async () => {
    const store = join(clone, ".threadmind");
    expect(existsSync(join(store, "config.json"))).toBe(false);
    const first = await startup();
    expect(first.hooksProper).toBe(true);
    expect(first.context).toContain("CLONED-MAIN-DECISION");
    expect(existsSync(join(store, "config.json"))).toBe(false); // still nothing chosen on this machine
    expect(existsSync(join(store, "cache", "context", "cloned", "_branch-starts.json"))).toBe(true);
    const second = await startup();
    expect(second.hooksProper).toBe(false);
    expect(second.context).toBe(first.context);
    const third = await startup();
    expect(third).toEqual(second);
  });

  test("a teammate's open thread linked to the branch arrives: the hooks proper start on it", async () => {
    // On a branch of its own (thread_create links no thread to the default branch, and a start there looks for none).
    execFileSync("git", ["checkout", "-q", "-b", "feature/pay"], { cwd: clone, env: { ...process.env, ...TEST_GIT_ENV } });
    const before = await startup();
    expect(before.context).toContain("CLONED-MAIN-DECISION");
    expect((await startup()).hooksProper).toBe(false);
    const threads = join(clone, ".threadmind", "threads", "cloned");
    const at = new Date(Date.now() + 60_000).toISOString();
    writeFileSync(
      join(threads, "teammate-topic.md"),
      `---\nid: teammate-topic\ntitle: Teammate topic\nparentId: main\nauthor: t\ncreatedAt: ${at}\nupdatedAt: ${at}\nbranch: feature/pay\n---\n## Decisions\n- TEAMMATE-DECISION\n`,
    );
    const after = await startup();
    expect(after.hooksProper).toBe(true);
    expect(after.context).toContain("TEAMMATE-DECISION");
  });
});
