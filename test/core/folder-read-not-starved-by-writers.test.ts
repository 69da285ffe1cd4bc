// Guards lock-free readers of a thread folder against writers one after another: a reader that had to read again puts a
// marker, and a writer waits (bounded) while a live reader's marker is there, so that several servers writing in turn
// cannot keep a hook from ever reading a whole folder (the clean-clone CI run saw a State section of two generations).
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { markFolderWrite, readFolderConsistently } from "../../src/core/store/folder-write-marker.js";
import { isAtomicTempFile } from "../../src/core/store/atomic-write.js";

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
function folder(): string {
  const d = mkdtempSync(join(tmpdir(), "tm-folder-marker-"));
  dirs.push(d);
  return d;
}

describe("a thread folder's readers and writers", () => {
  it("a reader that has to read again marks the folder while it reads, and removes its marker after", () => {
    const dir = folder();
    let reads = 0;
    let markedDuringSecondRead: string[] = [];
    const value = readFolderConsistently(
      dir,
      () => {
        reads += 1;
        if (reads === 2) markedDuringSecondRead = readdirSync(dir).filter((n) => n.startsWith(".reading."));
        return reads;
      },
      (n) => n >= 2, // the first read overlapped a change
    );
    expect(value).toBe(2);
    expect(markedDuringSecondRead).toHaveLength(1);
    // Named as a temp file: readers, git and the sweeps of dead writers' files pass over it.
    expect(isAtomicTempFile(markedDuringSecondRead[0]!)).toBe(true);
    expect(readdirSync(dir)).toEqual([]);
  });

  it("a reader whose first read was whole leaves no marker", () => {
    const dir = folder();
    expect(
      readFolderConsistently(
        dir,
        () => "whole",
        () => true,
      ),
    ).toBe("whole");
    expect(readdirSync(dir)).toEqual([]);
  });

  it("a writer starts only once a live reader's marker is gone", () => {
    const dir = folder();
    // The reader: another live process, which removes its marker after ~100 ms (the writer polls meanwhile).
    const reader = spawn("/bin/sh", ["-c", 'sleep 0.1; rm -f "$1"/.reading.*; sleep 1', "sh", dir], { stdio: "ignore" });
    const readerMarker = join(dir, `.reading.${reader.pid}.0123456789ab.tmp`);
    writeFileSync(readerMarker, "");
    try {
      const unmark = markFolderWrite(dir);
      // The writer's marker went in after the reader's was removed, not beside it.
      expect(existsSync(readerMarker)).toBe(false);
      expect(readdirSync(dir).filter((n) => n.startsWith(".writing."))).toHaveLength(1);
      unmark();
      expect(readdirSync(dir)).toEqual([]);
    } finally {
      reader.kill();
    }
  });

  it("a writer waits for a reader longer than the reader itself waits for writers, so a marked reader is never overtaken", () => {
    const dir = folder();
    // A reader whose process got no core for 600 ms (a loaded CI machine) after it marked the folder: the next writer
    // still waits for it (it went ahead after 200 ms before, and the reader read a mix of two writes).
    const reader = spawn("/bin/sh", ["-c", 'sleep 0.6; rm -f "$1"/.reading.*; sleep 1', "sh", dir], { stdio: "ignore" });
    const readerMarker = join(dir, `.reading.${reader.pid}.0123456789ab.tmp`);
    writeFileSync(readerMarker, "");
    try {
      const unmark = markFolderWrite(dir);
      expect(existsSync(readerMarker)).toBe(false);
      unmark();
    } finally {
      reader.kill();
    }
  });

  it("a dead reader's marker does not hold a writer", () => {
    const dir = folder();
    // A pid no process has (above Linux's pid_max).
    writeFileSync(join(dir, ".reading.99999999.0123456789ab.tmp"), "");
    const unmark = markFolderWrite(dir);
    expect(readdirSync(dir).filter((n) => n.startsWith(".writing."))).toHaveLength(1);
    unmark();
  });
});
