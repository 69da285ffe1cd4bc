// Guards the conflict-marker sweep's promise (a thread file with git conflict markers, written by git, a teammate or an
// editor by rename, is always named) under its racy margin matched to the file system's timestamps: a directory or file
// is trusted to the saved state only once a later change could no longer share its stamp.
import {
  existsSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { execFileSync } from "node:child_process";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import {
  filesLeftUnjudged,
  sweepPath,
  threadDirsSettleInMs,
  threadFilesWithMarkers,
} from "../../src/core/conflicts/conflict-marker-sweep.js";
import { FINE_RACY_MARGIN_MS, RACY_MARGIN_MS, racyMarginMs } from "../../src/core/store/file-stamp.js";

const MARKED = "---\nid: bad\n---\n\n## State\n<<<<<<< HEAD\nmine\n=======\ntheirs\n>>>>>>> other\n";
const CLEAN = (id: string) => `---\nid: ${id}\n---\n\n## State\nfine\n`;

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

/** A store with one project and `n` clean thread files. */
function store(n: number): { storeDir: string; threads: string } {
  const storeDir = join(mkdtempSync(join(tmpdir(), "tm-sweep-")), ".threadmind");
  dirs.push(join(storeDir, ".."));
  mkdirSync(join(storeDir, "projects"), { recursive: true });
  writeFileSync(join(storeDir, "projects", "shop.json"), "{}\n");
  const threads = join(storeDir, "threads", "shop");
  mkdirSync(threads, { recursive: true });
  for (let i = 0; i < n; i++) writeFileSync(join(threads, `t-${i}.md`), CLEAN(`t-${i}`));
  return { storeDir, threads };
}

/** As git and ThreadMind write a file: a new file renamed into place. */
function writeByRename(path: string, text: string): void {
  writeFileSync(`${path}.new`, text);
  renameSync(`${path}.new`, path);
}

/** When the directory last changed (ms) and its racy margin, as the sweep reads them. */
function dirChange(path: string): { atMs: number; marginMs: number } {
  const s = lstatSync(path, { bigint: true });
  // biome-ignore lint/complexity/useMathMinMax: these are bigints, which Math.max does not take
  const changed = s.mtimeNs > s.ctimeNs ? s.mtimeNs : s.ctimeNs;
  return { atMs: Number(changed / 1_000_000n), marginMs: racyMarginMs(changed) };
}

/**
 * When the directory or any file in it last changed (ms): a file's content is written after its name entered the
 * directory, so under load a file can change a tick later than its directory, and a sweep trusts the directory only once
 * every file in it has settled too.
 */
function lastChangeIn(dir: string): number {
  return Math.max(dirChange(dir).atMs, ...readdirSync(dir).map((name) => dirChange(join(dir, name)).atMs));
}

function savedDir(storeDir: string): string | null | undefined {
  const head = JSON.parse(readFileSync(sweepPath(storeDir), "utf8").split("\n")[0]!) as {
    projects: Record<string, { dir: string | null }>;
  };
  return head.projects.shop?.dir;
}

describe("the racy margin follows the file system's timestamps", () => {
  test("a change time with a sub-second part gets the fine margin; whole seconds keep the wide one", () => {
    expect(racyMarginMs(1_796_129_122_642_869_104n)).toBe(FINE_RACY_MARGIN_MS);
    expect(racyMarginMs(1_796_129_122_000_000_001n)).toBe(FINE_RACY_MARGIN_MS);
    expect(racyMarginMs(1_796_129_122_000_000_000n)).toBe(RACY_MARGIN_MS);
  });
});

describe("the conflict-marker sweep", () => {
  test("a file with markers written a moment ago is found, and found again at the next start", () => {
    const { storeDir, threads } = store(20);
    threadFilesWithMarkers(storeDir, Date.now() + 10_000); // everything known and settled
    writeByRename(join(threads, "t-3.md"), MARKED);
    expect(threadFilesWithMarkers(storeDir)).toEqual(["threads/shop/t-3.md"]);
    expect(threadFilesWithMarkers(storeDir)).toEqual(["threads/shop/t-3.md"]);
  });

  test("a directory that changed within its margin is not trusted: the next sweep lists it again and finds a later file", () => {
    const { storeDir, threads } = store(5);
    const { atMs, marginMs } = dirChange(threads);
    expect(threadFilesWithMarkers(storeDir, atMs + marginMs - 1)).toEqual([]);
    expect(savedDir(storeDir)).toBeNull(); // listed, but its stamp not kept
    // A teammate's file arriving now, even one sharing the directory's stamp, is found: the directory is listed again.
    writeByRename(join(threads, "t-9.md"), MARKED);
    expect(threadFilesWithMarkers(storeDir, atMs + marginMs - 1)).toEqual(["threads/shop/t-9.md"]);
  });

  test("a settled directory's stamp is kept, and a file with markers written after it changes the stamp and is found", () => {
    const { storeDir, threads } = store(5);
    const { marginMs } = dirChange(threads);
    expect(threadFilesWithMarkers(storeDir, lastChangeIn(threads) + marginMs + 1)).toEqual([]);
    expect(savedDir(storeDir)).toMatch(/^\d+:\d+:/);
    writeByRename(join(threads, "t-1.md"), MARKED);
    expect(threadFilesWithMarkers(storeDir)).toEqual(["threads/shop/t-1.md"]);
  });

  test("on sub-second timestamps a directory is trusted within the fine margin, not after seconds", () => {
    const { storeDir, threads } = store(3);
    const { atMs, marginMs } = dirChange(threads);
    // This file system (tmpfs, ext4, xfs, btrfs, apfs) stamps in nanoseconds: the fine margin applies.
    expect(marginMs).toBe(FINE_RACY_MARGIN_MS);
    threadFilesWithMarkers(storeDir, lastChangeIn(threads) + FINE_RACY_MARGIN_MS + 1);
    expect(savedDir(storeDir)).not.toBeNull();
    expect(threadDirsSettleInMs(storeDir, atMs + FINE_RACY_MARGIN_MS + 1)).toBe(0);
    expect(threadDirsSettleInMs(storeDir, atMs)).toBe(FINE_RACY_MARGIN_MS + 1);
  });
});

describe("entries taken by their names (a listing without types, #31)", () => {
  test("a link, a FIFO, a folder named .md and a file named like a folder are neither read through nor named, none blocks, and a marked file beside them is found", () => {
    const { storeDir, threads } = store(3);
    const outside = mkdtempSync(join(tmpdir(), "tm-sweep-outside-"));
    dirs.push(outside);
    writeFileSync(join(outside, "elsewhere.md"), MARKED);
    mkdirSync(join(outside, "folder", "state"), { recursive: true });
    writeFileSync(join(outside, "folder", "thread.md"), MARKED);
    writeFileSync(join(outside, "folder", "state", "i-abcd.md"), MARKED);
    symlinkSync(join(outside, "elsewhere.md"), join(threads, "linked.md"));
    symlinkSync(join(outside, "folder"), join(threads, "linked-folder"));
    execFileSync("mkfifo", [join(threads, "fifo.md")]);
    mkdirSync(join(threads, "odd.md"));
    writeFileSync(join(threads, "odd.md", "thread.md"), MARKED);
    writeFileSync(join(threads, "plain"), MARKED);
    writeByRename(join(threads, "t-1.md"), MARKED);
    expect(threadFilesWithMarkers(storeDir, Date.now() + 10_000)).toEqual(["threads/shop/t-1.md"]);
    expect(threadFilesWithMarkers(storeDir, Date.now() + 10_000)).toEqual(["threads/shop/t-1.md"]);
  });
});

describe("the saved sweep at a start (#31)", () => {
  test("with every directory unchanged only its first line is read; a changed directory reads the stamps, and a marked file is still found", () => {
    const { storeDir, threads } = store(3_000);
    writeFileSync(join(threads, "bad.md"), MARKED);
    const later = Date.now() + 10_000; // everything settled
    // The first sweep reads every file (200 per start): one call per 200 files until the state is complete.
    for (let i = 0; i < 20; i++) threadFilesWithMarkers(storeDir, later);
    const saved = readFileSync(sweepPath(storeDir));
    expect(saved.length).toBeGreaterThan(64 * 1024); // ~25 bytes per format-1 file: more than a start's first read
    const unchanged = { listed: 0, stateBytes: 0 };
    expect(threadFilesWithMarkers(storeDir, later, unchanged)).toEqual(["threads/shop/bad.md"]);
    // One bounded read (64 KB and the byte that says there is more) of a file larger than that.
    expect(unchanged).toEqual({ listed: 0, stateBytes: 64 * 1024 + 1 });
    writeByRename(join(threads, "t-1.md"), CLEAN("t-1"));
    const changed = { listed: 0, stateBytes: 0 };
    expect(threadFilesWithMarkers(storeDir, Date.now() + 10_000, changed)).toEqual(["threads/shop/bad.md"]);
    expect(changed.listed).toBe(3_001);
    expect(changed.stateBytes).toBeGreaterThan(saved.length);
  });
});

describe("a first sweep of a large store (a fresh clone's first start, #31)", () => {
  test("files it cannot read within its budget are not even stamped; later sweeps judge them all and find the marked one", () => {
    const { storeDir, threads } = store(1_000);
    writeFileSync(join(threads, "t-999.md"), MARKED);
    const later = Date.now() + 10_000; // everything settled
    const first = { listed: 0, read: 0, stamped: 0, readBudget: 50 };
    threadFilesWithMarkers(storeDir, later, first);
    // 50 read (each stamped first), the other 950 left for later without an lstat; every entry listed once.
    expect(first).toEqual({ listed: 1_000, read: 50, stamped: 50, readBudget: 50 });
    const found: string[][] = [];
    for (let i = 0; i < 10; i++) found.push(threadFilesWithMarkers(storeDir, later));
    expect(found.at(-1)).toEqual(["threads/shop/t-999.md"]);
    // Judged whole: the next sweep reads nothing and stamps nothing (the directory is unchanged).
    const settled = { listed: 0, read: 0, stamped: 0 };
    expect(threadFilesWithMarkers(storeDir, later, settled)).toEqual(["threads/shop/t-999.md"]);
    expect(settled).toEqual({ listed: 0, read: 0, stamped: 0 });
  });
});

describe("a sweep that can hand a large store over to a process of its own (a session start's, a server's, #31)", () => {
  test("a project with more never-judged files than the budget is listed, not read, stamped nor saved; the full sweep after it finds the marked one", () => {
    const { storeDir, threads } = store(300);
    writeFileSync(join(threads, "t-299.md"), MARKED);
    const later = Date.now() + 10_000;
    const first = { listed: 0, read: 0, stamped: 0, readBudget: 50, handOver: true, handedOver: 0 };
    expect(threadFilesWithMarkers(storeDir, later, first)).toEqual([]);
    expect(first).toEqual({ listed: 300, read: 0, stamped: 0, readBudget: 50, handOver: true, handedOver: 1 });
    expect(filesLeftUnjudged(first)).toBe(true);
    // Nothing saved: the process it is handed to judges every file.
    expect(existsSync(sweepPath(storeDir))).toBe(false);
    // Without handOver (the background process's sweep), files are read: 200, then the other 100.
    const reads: number[] = [];
    let found: string[] = [];
    for (let i = 0; i < 3; i++) {
      const work = { listed: 0, read: 0 };
      found = threadFilesWithMarkers(storeDir, later, work);
      reads.push(work.read);
    }
    expect(reads).toEqual([200, 100, 0]);
    expect(found).toEqual(["threads/shop/t-299.md"]);
  });

  test("a never-judged project whose directory is larger than 64 KiB is handed over unlisted (the file system sizes it by its entries); once judged, it is listed again", () => {
    const { storeDir, threads } = store(2_000);
    writeFileSync(join(threads, "t-1999.md"), MARKED);
    const later = Date.now() + 10_000;
    // ext4 (~48 bytes an entry), tmpfs and btrfs say so; a file system that does not (ZFS) lists it, as before.
    const sized = statSync(threads).size > 64 * 1024;
    const first = { listed: 0, read: 0, stamped: 0, readBudget: 50, handOver: true, handedOver: 0 };
    expect(threadFilesWithMarkers(storeDir, later, first)).toEqual([]);
    expect(first).toMatchObject({ listed: sized ? 0 : 2_000, read: 0, stamped: 0, handedOver: 1 });
    expect(existsSync(sweepPath(storeDir))).toBe(false);
    let found: string[] = [];
    for (let i = 0; i < 11; i++) found = threadFilesWithMarkers(storeDir, later); // the process it is handed to
    expect(found).toEqual(["threads/shop/t-1999.md"]);
    // Judged: a new file makes the next start list the directory and read the one file.
    writeFileSync(join(threads, "t-2000.md"), MARKED);
    const next = { listed: 0, read: 0, stamped: 0, readBudget: 50, handOver: true, handedOver: 0 };
    expect(threadFilesWithMarkers(storeDir, later, next).sort()).toEqual(["threads/shop/t-1999.md", "threads/shop/t-2000.md"]);
    expect(next).toMatchObject({ listed: 2_001, read: 1, handedOver: 0 });
  });

  test("a project whose never-judged files fit the budget is read as before", () => {
    const { storeDir, threads } = store(40);
    writeFileSync(join(threads, "t-7.md"), MARKED);
    const work = { listed: 0, read: 0, readBudget: 50, handOver: true, handedOver: 0 };
    expect(threadFilesWithMarkers(storeDir, Date.now() + 10_000, work)).toEqual(["threads/shop/t-7.md"]);
    expect(work).toMatchObject({ read: 40, handedOver: 0 });
    expect(filesLeftUnjudged(work)).toBe(false);
  });

  test("handed over after many new files came, it still names a marked file judged before, until that file is fixed", () => {
    const { storeDir, threads } = store(10);
    writeFileSync(join(threads, "t-3.md"), MARKED);
    const later = Date.now() + 10_000;
    expect(threadFilesWithMarkers(storeDir, later)).toEqual(["threads/shop/t-3.md"]);
    // A pull brings 100 new threads: more never judged than a budget of 50.
    for (let i = 10; i < 110; i++) writeFileSync(join(threads, `t-${i}.md`), CLEAN(`t-${i}`));
    const work = () => ({ listed: 0, read: 0, readBudget: 50, handOver: true, handedOver: 0 });
    const pulled = work();
    expect(threadFilesWithMarkers(storeDir, later, pulled)).toEqual(["threads/shop/t-3.md"]);
    expect(pulled).toMatchObject({ read: 0, handedOver: 1 });
    writeByRename(join(threads, "t-3.md"), CLEAN("t-3"));
    const fixed = work();
    expect(threadFilesWithMarkers(storeDir, later, fixed)).toEqual([]);
    expect(fixed).toMatchObject({ read: 0, handedOver: 1 });
  });
});
