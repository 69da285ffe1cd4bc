// Guards the conflict-marker sweep SessionStart runs at every start (.threadmind/cache/conflict-sweep.json, derived data):
// a link committed in its place, or in place of cache/, never blocks the hook (a FIFO out of the repository) nor takes its
// write out of the repository.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { makeTempRepo } from "../support/temp-repo.js";
import { servicesFor } from "../support/core-services.js";
import { parseHookStdout, runHookProcess } from "../reliability/hook-process.js";

const PID = process.pid;
const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});

async function store(): Promise<{ dir: string; outside: string }> {
  const repo = makeTempRepo({ prefix: "tm-sweep-link-" });
  cleanups.push(() => repo.cleanup());
  const outside = mkdtempSync(join(tmpdir(), "tm-sweep-outside-"));
  cleanups.push(() => rmSync(outside, { recursive: true, force: true }));
  const s = servicesFor(repo.dir, "setup");
  await s.projectCreate({ title: "Refunds" });
  await s.summaryUpdate({ content: "## Decisions\n- REFUND-DECISION" });
  return { dir: repo.dir, outside };
}

const start = (dir: string) =>
  runHookProcess("session-start", {
    cwd: dir,
    sessionId: "s1",
    transcriptPath: join(dir, "s1.jsonl"),
    claudePid: PID,
    event: { source: "startup" },
    killAfterMs: 30_000,
  });

describe("SessionStart's conflict-marker sweep state", () => {
  it("read through a link to a FIFO out of the repository: the hook does not block, and loads the context", async () => {
    const { dir, outside } = await store();
    const fifo = join(outside, "fifo");
    execFileSync("mkfifo", [fifo]);
    const cache = join(dir, ".threadmind", "cache");
    mkdirSync(cache, { recursive: true });
    rmSync(join(cache, "conflict-sweep.json"), { force: true });
    symlinkSync(fifo, join(cache, "conflict-sweep.json"));
    const run = await start(dir);
    expect(run).toMatchObject({ code: 0, hung: false });
    expect(parseHookStdout(run.stdout)?.hookSpecificOutput?.additionalContext).toContain("REFUND-DECISION");
  });

  it("with cache/ a link to a directory out of the repository: nothing is written there", async () => {
    const { dir, outside } = await store();
    const cache = join(dir, ".threadmind", "cache");
    rmSync(cache, { recursive: true, force: true });
    symlinkSync(outside, cache);
    const run = await start(dir);
    expect(run).toMatchObject({ code: 0, hung: false });
    expect(existsSync(join(outside, "conflict-sweep.json"))).toBe(false);
    expect(readdirSync(outside)).toEqual([]);
  });
});
