// Guards issue #30 item 1: a rotator paused past the stale limit at any step of its rotation (Ctrl-Z, a suspended
// laptop), resumed after another process took the lock and rotated, never moves its log over the previous one that the
// other rotation kept: its next step is refused (lockLost) and every record stays readable.
import { appendFileSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, expect, test } from "vitest";
import { LOG_ROTATE_BYTES, measurementLogPath, previousMeasurementLogPath } from "../../src/core/measure/measurement-log.js";
import { type RotationStep, rotateMeasurementLogIfFull } from "../../src/core/measure/measurement-log-rotate.js";
import { withLock } from "../../src/core/store/lock.js";
import { makeTempRepo, type TempRepo } from "../support/temp-repo.js";

const repos: TempRepo[] = [];
afterEach(() => {
  for (const r of repos.splice(0)) r.cleanup();
});

/** A log of `count` numbered records of one kind, past the rotation size. */
function logOf(tag: string, count: number): string {
  const pad = "p".repeat(Math.ceil(LOG_ROTATE_BYTES / count));
  return Array.from(
    { length: count },
    (_, i) => `{"kind":"hookSeen","at":"x","sessionId":"${tag}-${i}","event":"${pad}"}\n`,
  ).join("");
}

/** What a reclaimer and the next holder do while our rotator is paused: fence gone, lock theirs, their own rotation. */
function reclaimAndRotate(storeDir: string, kept: string): void {
  for (const name of readdirSync(storeDir))
    if (/^\.lock\.[0-9a-f]{32}\.d$/.test(name)) rmSync(join(storeDir, name), { recursive: true });
  writeFileSync(
    join(storeDir, ".lock"),
    JSON.stringify({
      pid: process.pid,
      hostname: "elsewhere.invalid",
      acquiredAt: new Date().toISOString(),
      nonce: "f".repeat(32),
    }),
  );
  // The other process's rotation keeps its full log as the previous one; a hook then starts the new current log.
  writeFileSync(measurementLogPath(storeDir), kept);
  renameSync(measurementLogPath(storeDir), previousMeasurementLogPath(storeDir));
  appendFileSync(measurementLogPath(storeDir), '{"kind":"hookSeen","at":"y","sessionId":"after","event":"e"}\n');
}

for (const step of ["checked", "linked", "kept"] satisfies RotationStep[]) {
  test(`a rotator paused past the stale limit (at step "${step}") never overwrites the log another rotation kept`, async () => {
    const repo = makeTempRepo({ git: false, prefix: "tm-rotate-paused-" });
    repos.push(repo);
    const storeDir = join(repo.dir, ".threadmind");
    repo.write(".threadmind/measurements.jsonl", logOf("ours", 7_000));
    const kept = logOf("kept", 7_000);
    let refused = "";
    await withLock(join(storeDir, ".lock"), async () => {
      try {
        rotateMeasurementLogIfFull(storeDir, (at) => {
          if (at === step) reclaimAndRotate(storeDir, kept);
        });
        refused = "(rotated)";
      } catch (e) {
        refused = (e as Error).message;
      }
    }).catch(() => undefined); // releasing a lock that names another holder fails: that is the lock-lost path, tested elsewhere
    expect(refused).toMatch(/^Refused to write: this process lost the ThreadMind lock .*\(the lock file names another holder\)/);
    const previous = readFileSync(previousMeasurementLogPath(storeDir), "utf8");
    const current = readFileSync(measurementLogPath(storeDir), "utf8");
    // The kept log is whole, and the record appended after the other rotation is still there.
    expect(previous.startsWith(kept) || current.startsWith(kept)).toBe(true);
    expect(`${previous}${current}`).toContain('"sessionId":"after"');
  });
}

test("a rotation under a lock it still holds moves the full log to the previous name and leaves no link behind", async () => {
  const repo = makeTempRepo({ git: false, prefix: "tm-rotate-held-" });
  repos.push(repo);
  const storeDir = join(repo.dir, ".threadmind");
  const full = logOf("ours", 100);
  repo.write(".threadmind/measurements.jsonl", full);
  repo.write(".threadmind/measurements.1.jsonl", "old\n");
  const rotated = await withLock(join(storeDir, ".lock"), async () => rotateMeasurementLogIfFull(storeDir));
  expect(rotated).toBe(true);
  expect(readFileSync(previousMeasurementLogPath(storeDir), "utf8")).toBe(full);
  expect(readdirSync(storeDir).sort()).toEqual(["measurements.1.jsonl"]);
});
