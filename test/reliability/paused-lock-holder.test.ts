// Guards lock fencing: a holder paused past the stale limit (Ctrl-Z, a debugger, a VM pause) has its lock reclaimed;
// when it resumes, none of its writes may land over a write that another process made and acknowledged meanwhile.
import { readdirSync, rmSync, writeFileSync } from "node:fs";
import { LOG_ROTATE_BYTES, measurementLogPath } from "../../src/core/measure/measurement-log.js";
import { rotateMeasurementLogIfFull } from "../../src/core/measure/measurement-log-rotate.js";
import { snapshotDir } from "../support/dir-snapshot.js";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { ThreadMindServices } from "../../src/core/services.js";
import { resolveWorkspace } from "../../src/core/workspace.js";
import type { PausedWriterInput } from "../fixtures/workers/paused-writer.js";
import { buildWorker, killWorkers, spawnWorker } from "../support/build-worker.js";
import { makeTempRepo, type TempRepo } from "../support/temp-repo.js";
import { threadFilesText } from "../support/thread-files.js";
import { isAtomicTempFile } from "../../src/core/store/atomic-write.js";

/** Short enough for a test, long enough that a busy machine does not starve the worker's heartbeat (every staleMs/3). */
const STALE_MS = 1_500;

let bin: TempRepo;
let script: string;
beforeAll(() => {
  bin = makeTempRepo({ git: false, prefix: "tm-paused-bin-" });
  script = buildWorker(join(import.meta.dirname, "../fixtures/workers/paused-writer.ts"), bin.dir);
});
afterEach(killWorkers);
afterAll(() => bin.cleanup());

function services(dir: string, key: string): ThreadMindServices {
  const env = { THREADMIND_ROOT: dir };
  return new ThreadMindServices({
    workspace: resolveWorkspace({ env, cwd: dir }),
    session: { key },
    env,
    encoder: null,
    lockStaleMs: STALE_MS,
    lockTimeoutMs: 60_000,
  });
}

describe("a paused lock holder", () => {
  test("a paused lock holder never overwrites a write acknowledged after its lock was reclaimed (SIGSTOP/SIGCONT past the stale limit)", async () => {
    const repo = makeTempRepo({ git: false });
    try {
      const s = services(repo.dir, "acknowledged-writer");
      const { project } = await s.projectCreate({ title: "P" });
      const target = (await s.threadCreate({ title: "Refunds", parentId: "main" })).thread;
      // Format 2: the thread is a folder of files; the snapshot of all of them must stay as acknowledged. Temp-named
      // files (readers skip them) are left out: the paused holder's "write under way" marker is one, gone once it ends.
      const files = () =>
        threadFilesText(repo.dir, project.id, target.id)
          .split(/^(?=== )/m)
          .filter((part) => !isAtomicTempFile(part.slice(3, part.indexOf("\n"))))
          .join("");
      for (let round = 1; round <= 2; round++) {
        const worker = spawnWorker(script, {
          root: repo.dir,
          projectId: project.id,
          thread: target,
          staleMs: STALE_MS,
        } satisfies PausedWriterInput);
        await worker.waitFor("writing");
        // Paused at whatever point of its write loop it has reached: maybe between its check and its rename.
        worker.child.kill("SIGSTOP");
        const acknowledged = `- acknowledged write of round ${round}`;
        // Waits until the paused holder's lock is stale, reclaims it, writes, and returns: the write is acknowledged.
        await s.summaryUpdate({ threadId: target.id, section: "decisions", content: acknowledged, replaceSection: true });
        const afterAcknowledged = files();
        expect(afterAcknowledged).toContain(acknowledged);
        worker.child.kill("SIGCONT");
        const exit = await worker.exited;
        expect(exit.stdout).toContain("refused: Refused to write: this process lost the ThreadMind lock");
        expect(exit.stdout).toContain("This write was not made, so no later write was overwritten");
        expect(files()).toBe(afterAcknowledged);
        expect((await services(repo.dir, `reader-${round}`).threadSwitch(target.id)).thread.summary).toContain(acknowledged);
      }
      // No fence directory or temp file of either holder is left behind.
      expect(readdirSync(join(repo.dir, ".threadmind")).filter((n) => n.startsWith(".lock"))).toEqual([]);
      expect(
        readdirSync(join(repo.dir, ".threadmind", "threads", project.id), { recursive: true }).filter((n) =>
          String(n).endsWith(".tmp"),
        ),
      ).toEqual([]);
    } finally {
      repo.cleanup();
    }
  });

  test("a holder whose lock was reclaimed has every later write refused: thread, project, delete, config.json, log rotation", async () => {
    const repo = makeTempRepo({ git: false });
    try {
      const s = services(repo.dir, "loser");
      const { project } = await s.projectCreate({ title: "P" });
      const { thread } = await s.threadCreate({ title: "T", parentId: "main" });
      const storeDir = join(repo.dir, ".threadmind");
      writeFileSync(measurementLogPath(storeDir), `${"x".repeat(LOG_ROTATE_BYTES + 10)}\n`);
      const before = snapshotDir(storeDir, { dirTimes: false });
      const errors: string[] = [];
      await s.store
        .locked(async () => {
          // What a reclaimer does to a holder it judged stale: its fence directory goes, the lock names someone else.
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
          const attempts: (() => unknown)[] = [
            () => s.store.writeThread(project.id, { ...thread, summary: "late" }),
            () => s.store.writeProject({ ...s.store.readProject(project.id), title: "late" }),
            () => s.store.deleteThreadFile(project.id, thread.id),
            () =>
              s.updateState((state) => {
                state.lastProjectId = "late";
              }),
            () => rotateMeasurementLogIfFull(storeDir),
          ];
          for (const attempt of attempts) {
            try {
              await attempt();
              errors.push("(written)");
            } catch (e) {
              errors.push((e as Error).message);
            }
          }
        })
        .catch((e: unknown) => errors.push(`release: ${(e as Error).message}`));
      for (const message of errors.slice(0, 5))
        expect(message).toMatch(
          /^Refused to write: this process lost the ThreadMind lock .*\(the lock file names another holder\)/,
        );
      // Nothing changed but the lock file planted above (the reclaimer's, which is not ours to remove).
      expect(errors[5]).toMatch(/^release: Lost the lock .*the lock file names another holder/);
      const after = snapshotDir(storeDir, { dirTimes: false });
      delete after[".lock"];
      delete before[".lock"];
      expect(after).toEqual(before);
    } finally {
      repo.cleanup();
    }
  });
});
