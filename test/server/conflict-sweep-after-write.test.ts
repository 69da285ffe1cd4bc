// After its own writes, the MCP server keeps the conflict-marker sweep current (so the next session start lists no
// threads directory), and a file with conflict markers a teammate or git writes right after is still named at the start.
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { setTimeout as sleep } from "node:timers/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, test } from "vitest";
import { makeTempRepo } from "../support/temp-repo.js";
import { parseHookStdout, runHookProcess } from "../reliability/hook-process.js";
import { call, spawnServer, until } from "./support/spawn-server.js";
import { catchUpSweep, conflictSweepKeeper, sweepUntilComplete } from "../../src/server/conflict-sweep-refresh.js";
import { MAX_FILES_READ, sweepMarkerPath, threadFilesWithMarkers } from "../../src/core/conflicts/conflict-marker-sweep.js";

/** Why the settle tests skip on a file system with whole-second timestamps. */
const WHOLE_SECONDS = "this file system keeps whole-second timestamps: nothing waits to settle, so there is nothing to check";

/** The threads directory's stamp the saved sweep holds (undefined: no state, or no entry for the project). */
function savedDir(storeDir: string, projectId: string): string | null | undefined {
  try {
    const head = JSON.parse(readFileSync(join(storeDir, "cache", "conflict-sweep.json"), "utf8").split("\n")[0]!) as {
      projects: Record<string, { dir: string | null }>;
    };
    return head.projects[projectId]?.dir;
  } catch {
    return undefined;
  }
}

function dirStamp(path: string): string {
  const s = lstatSync(path, { bigint: true });
  return `${s.dev}:${s.ino}:${s.size}:${s.mtimeNs}:${s.ctimeNs}`;
}

/** A store under `root` with project `project` and `files` clean format-1 thread files (t-0.md …), written just now. */
function threadStore(root: string, project: string, files: number): { storeDir: string; threads: string } {
  const storeDir = join(root, ".threadmind");
  const threads = join(storeDir, "threads", project);
  mkdirSync(join(storeDir, "projects"), { recursive: true });
  writeFileSync(join(storeDir, "projects", `${project}.json`), "{}\n");
  mkdirSync(threads, { recursive: true });
  for (let i = 0; i < files; i++) writeFileSync(join(threads, `t-${i}.md`), `---\nid: t-${i}\n---\n\nfine\n`);
  return { storeDir, threads };
}

test("after summary_update the sweep state holds the threads directory's new stamp; a marker file written next is named", async () => {
  const repo = makeTempRepo();
  repo.commit("code", { "README.md": "x\n" });
  const mcp = await spawnServer({ cwd: repo.dir, env: { CLAUDE_CODE_SESSION_ID: "conv-w" } });
  const hook = async () => {
    const run = await runHookProcess("session-start", {
      cwd: repo.dir,
      sessionId: "conv-w",
      transcriptPath: join(repo.dir, "conv-w.jsonl"),
      claudePid: process.pid,
      event: { source: "clear" },
    });
    expect(run).toMatchObject({ code: 0, stderr: "" });
    return parseHookStdout(run.stdout);
  };
  try {
    await call(mcp, "project_create", { title: "Swept" });
    await call(mcp, "thread_create", { title: "Topic" });
    await call(mcp, "summary_update", { content: "## Decisions\n- SWEPT-DECISION" });
    const threads = join(repo.dir, ".threadmind", "threads", "swept");
    const sweptDir = () => {
      const file = join(repo.dir, ".threadmind", "cache", "conflict-sweep.json");
      if (!existsSync(file)) return null;
      const head = JSON.parse(readFileSync(file, "utf8").split("\n")[0]!) as { projects: Record<string, { dir: string | null }> };
      return head.projects.swept?.dir ?? null;
    };
    // The sweep runs once the client pauses (the call after a write never waits for it), then holds the new stamp.
    await until(() => sweptDir() === dirStamp(threads), "the after-write sweep");
    expect(sweptDir()).toBe(dirStamp(threads));
    expect((await hook())?.systemMessage).toBeUndefined();
    // A teammate's thread (outside this session's chain), as git writes it, right after the server's write: the
    // directory's stamp changed, so the start lists it again. A format-1 file (`<id>.md`, still read: a teammate on an
    // older version writes it), made from this thread's head (format 2 keeps it in topic/thread.md).
    const stray = join(threads, "stray.md");
    writeFileSync(
      `${stray}.new`,
      `${readFileSync(join(threads, "topic", "thread.md"), "utf8").replace(/^id: topic$/m, "id: stray")}\n<<<<<<< HEAD\na\n=======\nb\n>>>>>>> other\n`,
    );
    renameSync(`${stray}.new`, stray);
    expect((await hook())?.systemMessage).toBe(
      "ThreadMind: 1 thread file holds git conflict markers (.threadmind/threads/swept/stray.md) and cannot be read; fix: edit the part between <<<<<<< and >>>>>>> (`git log -p <file>` shows both sides).",
    );
  } finally {
    await mcp.close();
    repo.cleanup();
  }
}, 30_000);

test("where a sweep in the queue would cost too much, it runs off the queue once writes pause, and still finds a marker file", async () => {
  const root = mkdtempSync(join(tmpdir(), "tm-keeper-"));
  try {
    const { storeDir, threads } = threadStore(root, "big", 20);
    const keep = conflictSweepKeeper({ inQueueMaxListed: 10, offQueueDelayMs: 100, inQueueMaxRead: 8 });
    await keep(storeDir); // the first sweep runs in the queue: it counts the store's files (20, over the limit)
    await sleep(120);
    await keep(storeDir);
    expect(savedDir(storeDir, "big")).toBe(dirStamp(threads));
    // A teammate's file with markers, then a write of this server: the keeper returns at once and sweeps later.
    writeFileSync(join(threads, "t-bad.md"), "---\nid: t-bad\n---\n\n<<<<<<< HEAD\na\n=======\nb\n>>>>>>> other\n");
    await keep(storeDir);
    expect(savedDir(storeDir, "big")).not.toBe(dirStamp(threads));
    await sleep(300);
    expect(savedDir(storeDir, "big")).toBe(dirStamp(threads));
    const sweep = readFileSync(join(storeDir, "cache", "conflict-sweep.json"), "utf8");
    expect(JSON.parse(sweep.split("\n")[0]!).projects.big.marked).toHaveProperty("t-bad.md");
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test("with a process to hand it to, a large store's sweep is that process's: the keeper never lists the store itself", async () => {
  const root = mkdtempSync(join(tmpdir(), "tm-keeper-bg-"));
  try {
    const { storeDir } = threadStore(root, "big", 20);
    const handed: string[] = [];
    const keep = conflictSweepKeeper({ inQueueMaxListed: 10, offQueueDelayMs: 50, inQueueMaxRead: 8 }, (dir) => handed.push(dir));
    let settled = false;
    await keep(storeDir, async () => {
      settled = true;
    });
    // Over the limit from the first write on (the store's entries counted, not listed): the cache refresh ran, the
    // sweep was left for later, and later it went to the other process.
    expect(settled).toBe(true);
    expect(handed).toEqual([]);
    await sleep(200);
    expect(handed).toEqual([storeDir]);
    expect(existsSync(join(storeDir, "cache", "conflict-sweep.json"))).toBe(false);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test("the start cache is refreshed once the threads directory settled, and at once when the client is gone", async (ctx) => {
  const root = mkdtempSync(join(tmpdir(), "tm-sweep-settle-"));
  try {
    const storeDir = join(root, ".threadmind");
    const threads = join(storeDir, "threads", "p");
    mkdirSync(join(storeDir, "projects"), { recursive: true });
    writeFileSync(join(storeDir, "projects", "p.json"), "{}\n");
    mkdirSync(threads, { recursive: true });
    const keep = conflictSweepKeeper();
    // Sub-second timestamps (ext4, tmpfs): the directory just written settles 50 ms after its change.
    const write = () => {
      writeFileSync(join(threads, "t.tmp"), "---\nid: t\n---\n\nfine\n");
      renameSync(join(threads, "t.tmp"), join(threads, "t.md"));
      const s = lstatSync(threads, { bigint: true });
      // biome-ignore lint/complexity/useMathMinMax: these are bigints, which Math.max does not take
      return Number((s.mtimeNs > s.ctimeNs ? s.mtimeNs : s.ctimeNs) / 1_000_000n);
    };
    // Whole seconds: nothing waits, so there is nothing to check here (reported as skipped, not passed).
    ctx.skip(lstatSync(storeDir, { bigint: true }).ctimeNs % 1_000_000_000n === 0n, WHOLE_SECONDS);
    let changedAt = write();
    let refreshedAt = 0;
    await keep(storeDir, async () => {
      refreshedAt = Date.now();
    });
    expect(refreshedAt).toBeGreaterThan(changedAt + 50);
    expect(savedDir(storeDir, "p")).toBe(dirStamp(threads));
    // The client gone: no wait (the refresh trusts fingerprints instead), and the sweep is left to the next start.
    const gone = new AbortController();
    gone.abort();
    changedAt = write();
    refreshedAt = 0;
    await keep(
      storeDir,
      async () => {
        refreshedAt = Date.now();
      },
      gone.signal,
    );
    expect(refreshedAt).toBeGreaterThan(0);
    expect(savedDir(storeDir, "p")).not.toBe(dirStamp(threads));
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test("after a checkout that rewrote every thread file, the server completes the sweep in its idle time: the next start reads none", async (ctx) => {
  const root = mkdtempSync(join(tmpdir(), "tm-sweep-complete-"));
  try {
    const files = MAX_FILES_READ * 3 + 50;
    const { storeDir, threads } = threadStore(root, "big", files);
    writeFileSync(join(threads, "marked.md"), "---\nid: marked\n---\n<<<<<<< HEAD\na\n=======\nb\n>>>>>>> x\n");
    // On whole-second timestamps nothing settles within a test's patience: the rule is the same, the wait 3 s.
    ctx.skip(lstatSync(threads, { bigint: true }).ctimeNs % 1_000_000_000n === 0n, WHOLE_SECONDS);
    await sleep(120); // past the fine racy margin: the stamps can be trusted
    let asked = 0;
    // Busy for the first two looks: the sweep waits for the client's pause.
    const sweeps = await sweepUntilComplete(storeDir, () => ++asked > 2, undefined, 5);
    expect(asked).toBeGreaterThan(2);
    expect(sweeps).toBe(Math.ceil((files + 1) / MAX_FILES_READ));
    const next = { listed: 0, read: 0 };
    expect(threadFilesWithMarkers(storeDir, Date.now(), next)).toEqual(["threads/big/marked.md"]);
    expect(next).toEqual({ listed: 0, read: 0 });
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

/** A store of `files` thread files in project "p", written (as by a checkout) just now, past their racy margin. */
async function checkedOutStore(root: string, files: number): Promise<{ storeDir: string; threads: string }> {
  const store = threadStore(root, "p", files);
  await sleep(120);
  return store;
}

test("after a checkout, a write's sweep reads a few files in the queue and hands the rest to its process (#31)", async () => {
  const root = mkdtempSync(join(tmpdir(), "tm-keeper-checkout-"));
  try {
    const { storeDir, threads } = await checkedOutStore(root, 60);
    // Judged whole, as by the sessions before the checkout.
    expect(sweepReads(storeDir)).toBe(60);
    expect(sweepReads(storeDir)).toBe(0);
    // A checkout writes every file anew: each keeps its verdict, with a stamp that no longer matches it.
    for (const name of readdirSync(threads)) {
      writeFileSync(join(threads, `${name}.new`), readFileSync(join(threads, name)));
      renameSync(join(threads, `${name}.new`), join(threads, name));
    }
    await sleep(120);
    const handed: string[] = [];
    const keep = conflictSweepKeeper({ inQueueMaxListed: 2_500, offQueueDelayMs: 50, inQueueMaxRead: 8 }, (dir) =>
      handed.push(dir),
    );
    const before = readFileSync(join(storeDir, "cache", "conflict-sweep.json"), "utf8");
    await keep(storeDir);
    // 60 files rewritten: 8 judged again in the queue (the saved state changed), the rest left to the process.
    expect(handed).toEqual([storeDir]);
    expect(readFileSync(join(storeDir, "cache", "conflict-sweep.json"), "utf8")).not.toBe(before);
    expect(sweepReads(storeDir)).toBe(52);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test("in a store never swept (a fresh clone), a write's sweep reads no file in the queue and hands them all to its process (#31)", async () => {
  const root = mkdtempSync(join(tmpdir(), "tm-keeper-fresh-clone-"));
  try {
    const { storeDir } = await checkedOutStore(root, 60);
    const handed: string[] = [];
    const keep = conflictSweepKeeper({ inQueueMaxListed: 2_500, offQueueDelayMs: 50, inQueueMaxRead: 8 }, (dir) =>
      handed.push(dir),
    );
    await keep(storeDir);
    // 60 files never judged, more than the 8 the queue may read: none read, nothing saved, all left to the process.
    expect(handed).toEqual([storeDir]);
    expect(existsSync(join(storeDir, "cache", "conflict-sweep.json"))).toBe(false);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

/** One full sweep (no hand-over) of the store: the files it read. */
function sweepReads(storeDir: string): number {
  const work = { listed: 0, read: 0 };
  threadFilesWithMarkers(storeDir, Date.now() + 10_000, work);
  return work.read;
}

test("while a sweep process is under way, a write's sweep leaves the store to it: nothing listed nor saved in the queue", async () => {
  const root = mkdtempSync(join(tmpdir(), "tm-keeper-under-way-"));
  try {
    const { storeDir } = await checkedOutStore(root, 20);
    mkdirSync(join(storeDir, "cache"), { recursive: true });
    // The marker names a live process (this one) sweeping the store.
    writeFileSync(sweepMarkerPath(storeDir), `${process.pid}\n`);
    const handed: string[] = [];
    const keep = conflictSweepKeeper({ inQueueMaxListed: 2_500, offQueueDelayMs: 50, inQueueMaxRead: 8 }, (dir) =>
      handed.push(dir),
    );
    await keep(storeDir);
    expect(existsSync(join(storeDir, "cache", "conflict-sweep.json"))).toBe(false);
    expect(handed).toEqual([]);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});

test("the server's start-up catch-up reads a few files itself and hands what a fresh clone left to its process (#31)", async () => {
  const root = mkdtempSync(join(tmpdir(), "tm-catch-up-"));
  const judgedIn = (storeDir: string) =>
    new Set(readFileSync(join(storeDir, "cache", "conflict-sweep.json"), "utf8").match(/t-\d+\.md/g) ?? []).size;
  try {
    // A few files changed: judged here, nothing handed on.
    const small = await checkedOutStore(join(root, "small"), 3);
    const handed: string[] = [];
    catchUpSweep(
      small.storeDir,
      () => true,
      new AbortController().signal,
      (dir) => handed.push(dir),
    );
    await until(() => existsSync(join(small.storeDir, "cache", "conflict-sweep.json")), "the small store's sweep", 5_000);
    expect(judgedIn(small.storeDir)).toBe(3);
    expect(handed).toEqual([]);
    // A fresh clone's worth: more never judged than the eight it may read here; once the client is idle, none is read
    // and the whole store is handed to the process.
    const large = await checkedOutStore(join(root, "large"), 60);
    let idle = false;
    catchUpSweep(
      large.storeDir,
      () => idle,
      new AbortController().signal,
      (dir) => handed.push(dir),
    );
    await sleep(120);
    expect(existsSync(join(large.storeDir, "cache", "conflict-sweep.json"))).toBe(false);
    idle = true;
    await until(() => handed.length > 0, "the hand-over", 5_000);
    expect(handed).toEqual([large.storeDir]);
    expect(existsSync(join(large.storeDir, "cache", "conflict-sweep.json"))).toBe(false);
    // Without a process, the server sweeps it all in its idle time.
    const alone = await checkedOutStore(join(root, "alone"), 60);
    catchUpSweep(alone.storeDir, () => true, new AbortController().signal, null);
    await until(() => existsSync(join(alone.storeDir, "cache", "conflict-sweep.json")), "the sweep state", 5_000);
    expect(judgedIn(alone.storeDir)).toBe(60);
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
});
