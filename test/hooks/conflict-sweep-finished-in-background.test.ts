// Guards the first session starts of a large store (#31: a fresh clone of 10,000 threads took ~50 slow starts, each
// reading 200 more thread files for conflict markers): a start whose sweep read its whole budget starts
// `thread-mind-mcp conflict-sweep` in the background, which judges the rest, so that the next starts read nothing.
import { existsSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { makeTempRepo } from "../support/temp-repo.js";
import { servicesFor } from "../support/core-services.js";
import { parseHookStdout, runHookProcess } from "../reliability/hook-process.js";
import {
  MAX_FILES_READ,
  type SweepWork,
  sweepMarkerPath,
  threadFilesWithMarkers,
} from "../../src/core/conflicts/conflict-marker-sweep.js";

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});

/** A store of `extra` more format-1 thread files than one sweep reads, one of them (the last written) holding markers. */
async function largeStore(extra: number): Promise<{ dir: string; marked: string }> {
  const repo = makeTempRepo({ prefix: "tm-sweep-bg-" });
  cleanups.push(() => repo.cleanup());
  const s = servicesFor(repo.dir, "setup");
  await s.projectCreate({ title: "Refunds" });
  await s.summaryUpdate({ content: "## Decisions\n- REFUND-DECISION" });
  const threads = join(repo.dir, ".threadmind", "threads", "refunds");
  const count = MAX_FILES_READ + extra;
  for (let i = 0; i < count; i++) {
    const id = `t-${String(i).padStart(4, "0")}`;
    writeFileSync(
      join(threads, `${id}.md`),
      `---\nid: ${id}\ntitle: Thread ${i}\nparentId: main\nstatus: done\n---\n\n## Decisions\n- decision ${i}\n`,
    );
  }
  const marked = `t-${String(count).padStart(4, "0")}.md`;
  writeFileSync(
    join(threads, marked),
    "---\nid: marked\ntitle: Marked\nparentId: main\n---\n<<<<<<< HEAD\n- ours\n=======\n- theirs\n>>>>>>> other\n",
  );
  // Past the racy margin of the files' stamps, as a checkout's files are by the time a session starts.
  await new Promise((r) => setTimeout(r, 120));
  return { dir: repo.dir, marked };
}

const start = (dir: string, sessionId: string) =>
  runHookProcess("session-start", {
    cwd: dir,
    sessionId,
    transcriptPath: join(dir, `${sessionId}.jsonl`),
    claudePid: process.pid,
    event: { source: "startup" },
    killAfterMs: 30_000,
  });

async function until(done: () => boolean, ms: number): Promise<void> {
  const deadline = Date.now() + ms;
  while (!done() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
}

describe("a session start whose conflict-marker sweep cannot finish", () => {
  it("starts the rest in the background: the next start reads no thread file, and names the marked one", async () => {
    const { dir, marked } = await largeStore(2 * MAX_FILES_READ);
    const storeDir = join(dir, ".threadmind");
    const first = await start(dir, "s1");
    expect(first).toMatchObject({ code: 0, hung: false });
    expect(parseHookStdout(first.stdout)?.hookSpecificOutput?.additionalContext).toContain("REFUND-DECISION");
    // The background sweep held its marker, and removes it when done.
    await until(() => !existsSync(sweepMarkerPath(storeDir)), 20_000);
    expect(existsSync(sweepMarkerPath(storeDir))).toBe(false);
    // Every file judged: a sweep now reads nothing (it read MAX_FILES_READ at each of the next starts before).
    const work: SweepWork = { listed: 0, read: 0 };
    const found = threadFilesWithMarkers(storeDir, Date.now(), work);
    expect(work.read).toBe(0);
    expect(found).toContain(`threads/refunds/${marked}`);
    const second = await start(dir, "s2");
    expect(parseHookStdout(second.stdout)?.systemMessage ?? "").toContain(marked);
  });

  it("sweeps nothing while the background sweep is under way: that process judges the files", async () => {
    const { dir } = await largeStore(-MAX_FILES_READ + 10);
    const storeDir = join(dir, ".threadmind");
    // A live process (this one) holds the sweep's marker, as a background sweep does while it runs.
    writeFileSync(sweepMarkerPath(storeDir), `${process.pid}\n`);
    const run = await start(dir, "s1");
    expect(run).toMatchObject({ code: 0, hung: false });
    expect(parseHookStdout(run.stdout)?.hookSpecificOutput?.additionalContext).toContain("REFUND-DECISION");
    // Every thread file still unjudged: the start read none (it judged all of them, within its budget, before).
    const work: SweepWork = { listed: 0, read: 0 };
    threadFilesWithMarkers(storeDir, Date.now(), work);
    const threadFiles = readdirSync(join(storeDir, "threads", "refunds"), { recursive: true }).filter((f) =>
      String(f).endsWith(".md"),
    );
    expect(work.read).toBe(threadFiles.length);
  });

  it("starts none when its sweep judged every file within its budget", async () => {
    const { dir } = await largeStore(-MAX_FILES_READ + 10);
    const run = await start(dir, "s1");
    expect(run).toMatchObject({ code: 0, hung: false });
    expect(existsSync(sweepMarkerPath(join(dir, ".threadmind")))).toBe(false);
    const work: SweepWork = { listed: 0, read: 0 };
    threadFilesWithMarkers(join(dir, ".threadmind"), Date.now(), work);
    expect(work.read).toBe(0);
  });
});
