// Guards the conflict-marker sweep (every session start, and the server after its writes) against a hostile repository
// whose .threadmind/cache, or the saved sweep in it, is a symbolic link: nothing is written out of the repository and
// no verdict is read through a link (the hook would name a clean file as conflicted, or read a device or FIFO).
import { lstatSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, expect, test } from "vitest";
import { sweepPath, threadFilesWithMarkers } from "../../src/core/conflicts/conflict-marker-sweep.js";
import { statStamp } from "../../src/core/store/file-stamp.js";

const MARKED = "---\nid: bad\n---\n\n## State\n<<<<<<< HEAD\nmine\n=======\ntheirs\n>>>>>>> other\n";
const CLEAN = "---\nid: fine\n---\n\n## State\nfine\n";
const LATER = () => Date.now() + 10_000; // everything settled

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  dirs.push(dir);
  return dir;
}

/** A store with one project, one clean thread file and one holding conflict markers. */
function store(): { storeDir: string; threads: string; outside: string } {
  const storeDir = join(tempDir("tm-sweep-link-"), ".threadmind");
  mkdirSync(join(storeDir, "projects"), { recursive: true });
  writeFileSync(join(storeDir, "projects", "shop.json"), "{}\n");
  const threads = join(storeDir, "threads", "shop");
  mkdirSync(threads, { recursive: true });
  writeFileSync(join(threads, "fine.md"), CLEAN);
  writeFileSync(join(threads, "bad.md"), MARKED);
  return { storeDir, threads, outside: tempDir("tm-sweep-outside-") };
}

test("a .threadmind/cache that is a symbolic link out of the repository: the sweep still names the conflicted file and writes nothing through the link", () => {
  const { storeDir, outside } = store();
  symlinkSync(outside, join(storeDir, "cache"));
  expect(threadFilesWithMarkers(storeDir, LATER())).toEqual(["threads/shop/bad.md"]);
  expect(readdirSync(outside)).toEqual([]);
});

test("a .threadmind/cache that is a file, where the sweep cannot be saved: the conflicted file is still named", () => {
  const { storeDir } = store();
  writeFileSync(join(storeDir, "cache"), "not a directory\n");
  expect(threadFilesWithMarkers(storeDir, LATER())).toEqual(["threads/shop/bad.md"]);
});

test("a saved sweep that is a symbolic link is not trusted: a clean file it calls conflicted is not named", () => {
  const { storeDir, threads, outside } = store();
  mkdirSync(join(storeDir, "cache"));
  // What a hostile repository commits (git add -f): verdicts that match the directory and call fine.md conflicted.
  const stamp = (path: string) => statStamp(lstatSync(path, { bigint: true }));
  const forged = join(outside, "sweep.json");
  writeFileSync(
    forged,
    `${JSON.stringify({ version: 2, projects: { shop: { dir: stamp(threads), marked: { "fine.md": stamp(join(threads, "fine.md")) } } } })}\n{}\n`,
  );
  symlinkSync(forged, sweepPath(storeDir));
  expect(threadFilesWithMarkers(storeDir, LATER())).toEqual(["threads/shop/bad.md"]);
});

test("a saved sweep moved away and linked back from a real cache directory is read no more than any other link", () => {
  const { storeDir } = store();
  threadFilesWithMarkers(storeDir, LATER());
  renameSync(sweepPath(storeDir), `${sweepPath(storeDir)}.real`);
  symlinkSync(`${sweepPath(storeDir)}.real`, sweepPath(storeDir));
  expect(threadFilesWithMarkers(storeDir, LATER())).toEqual(["threads/shop/bad.md"]);
  expect(lstatSync(sweepPath(storeDir)).isFile()).toBe(true);
});
