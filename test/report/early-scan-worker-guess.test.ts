// The CLI's entry starts the report scan's first worker early only for a transcript folder large enough that the scan will take worker lanes.
import { mkdirSync, mkdtempSync, rmSync, truncateSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { largeTranscriptFolder, WORKERS_FROM_BYTES } from "../../src/core/savings/scan-worker-start.js";
import { earlyScanCacheTime, earlyScanFolder } from "../../src/cli/early-scan-folder.js";
import { encodeProjectPath } from "../../src/core/savings/transcript-locations.js";
import { makeTempRepo } from "../support/temp-repo.js";

const root = mkdtempSync(join(tmpdir(), "tm-early-worker-"));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/** A folder holding files of the given sizes (sparse: no bytes written). */
function folder(name: string, files: Record<string, number>): string {
  const dir = join(root, name);
  mkdirSync(dir);
  for (const [file, size] of Object.entries(files)) {
    writeFileSync(join(dir, file), "");
    truncateSync(join(dir, file), size);
  }
  return dir;
}

describe("the guess that a report's scan will take worker lanes", () => {
  it("is yes for two transcripts or more of WORKERS_FROM_BYTES in all", () => {
    const half = WORKERS_FROM_BYTES / 2;
    expect(largeTranscriptFolder(folder("two", { "a.jsonl": half, "b.jsonl": half }))).toBe(true);
  });

  it("is no below the threshold, for one transcript however large, and counts only .jsonl files", () => {
    expect(largeTranscriptFolder(folder("small", { "a.jsonl": 1000, "b.jsonl": WORKERS_FROM_BYTES - 2000 }))).toBe(false);
    expect(largeTranscriptFolder(folder("one", { "a.jsonl": 2 * WORKERS_FROM_BYTES }))).toBe(false);
    expect(largeTranscriptFolder(folder("other", { "a.jsonl": 10, "b.json": WORKERS_FROM_BYTES, "c.txt": 10 }))).toBe(false);
  });

  it("counts only the transcripts changed since the report's scan cache was written (the others are not scanned)", () => {
    const half = WORKERS_FROM_BYTES / 2;
    const dir = folder("cached", { "a.jsonl": half, "b.jsonl": half });
    utimesSync(join(dir, "a.jsonl"), 1_000, 1_000);
    utimesSync(join(dir, "b.jsonl"), 2_000, 2_000);
    expect(largeTranscriptFolder(dir, 0)).toBe(true);
    // Written after a and before b: b alone is left to scan, one transcript (no worker).
    expect(largeTranscriptFolder(dir, 1_500_000)).toBe(false);
    expect(largeTranscriptFolder(dir, 3_000_000)).toBe(false);
  });

  it("is no for a folder that does not exist or is a file (the report itself says what is wrong)", () => {
    expect(largeTranscriptFolder(join(root, "absent"))).toBe(false);
    writeFileSync(join(root, "a-file"), "x");
    expect(largeTranscriptFolder(join(root, "a-file"))).toBe(false);
  });
});

describe("the folder the guess looks at", () => {
  it("is the workspace root's, as the report resolves it, also when the report runs from a subdirectory", () => {
    const repo = makeTempRepo({ prefix: "tm-early-worker-repo-" });
    try {
      repo.write(".threadmind/config.json", "{}");
      repo.write("src/app/index.ts", "");
      const env = { CLAUDE_CONFIG_DIR: join(root, "claude-config") };
      const projects = join(root, "claude-config", "projects");
      const expected = join(projects, encodeProjectPath(repo.dir));
      expect(earlyScanFolder(env, repo.dir)).toBe(expected);
      // From a subdirectory the sessions are still recorded under the repository's folder (the old guess took cwd's).
      expect(earlyScanFolder(env, join(repo.dir, "src", "app"))).toBe(expected);
      // THREADMIND_ROOT decides, as it does for the report.
      const elsewhere = join(root, "elsewhere");
      mkdirSync(elsewhere);
      expect(earlyScanFolder({ ...env, THREADMIND_ROOT: elsewhere }, repo.dir)).toBe(
        join(projects, encodeProjectPath(elsewhere)),
      );
      // The scan cache's time: 0 without one, its mtime with one, 0 again when the cache is turned off.
      expect(earlyScanCacheTime(env, repo.dir)).toBe(0);
      repo.write(".threadmind/cache/report-scans.json", "{}");
      utimesSync(join(repo.dir, ".threadmind/cache/report-scans.json"), 5, 5);
      expect(earlyScanCacheTime(env, join(repo.dir, "src", "app"))).toBe(5_000);
      expect(earlyScanCacheTime({ ...env, THREADMIND_SCAN_CACHE: "0" }, repo.dir)).toBe(0);
      // A file where the cache folder belongs (lstat's ENOTDIR): no cache, and no throw (it used to stop the report).
      rmSync(join(repo.dir, ".threadmind/cache"), { recursive: true });
      repo.write(".threadmind/cache", "not a folder");
      expect(earlyScanCacheTime(env, repo.dir)).toBe(0);
    } finally {
      repo.cleanup();
    }
  });
});
