// Guards the measurement log on a full disk: an append the file system cut short is reported, never passed as recorded.
import { appendFileSync, mkdirSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";
import { CANNOT_MOUNT_TMPFS, canMountTmpfs, mountSmallTmpfs, unmountSmallTmpfs } from "../support/small-tmpfs.js";
import { measurementLogPath } from "../../src/core/measure/measurement-log.js";
import { parseHookStdout, runHookProcess } from "../reliability/hook-process.js";
import { servicesFor } from "../support/core-services.js";

const PAGE = 4096;

const mountable = canMountTmpfs();

test("a SessionEnd hook whose measurement append the full disk cut short says it failed, naming the log (it said nothing, and the log kept half a line)", async (ctx) => {
  ctx.skip(!mountable, CANNOT_MOUNT_TMPFS);
  const disk = mountSmallTmpfs("2m")!;
  try {
    const workspace = join(disk, "ws");
    mkdirSync(workspace);
    const s = servicesFor(workspace, "writer");
    await s.projectCreate({ title: "P" });
    const { thread } = await s.threadCreate({ title: "Refunds", parentId: "main" });
    await s.summaryUpdate({ threadId: thread.id, section: "decisions", content: "- refunds go through Stripe" });
    // A session start makes the log (and the caches it writes), while the disk still has room.
    const first = await runHookProcess("session-start", {
      cwd: workspace,
      sessionId: "s0",
      transcriptPath: join(workspace, "t0.jsonl"),
      claudePid: process.pid,
    });
    expect(parseHookStdout(first.stdout)?.systemMessage).toBeUndefined();
    // The log ends 8 bytes before the end of its last page, and the file system has no page left.
    const log = measurementLogPath(join(workspace, ".threadmind"));
    const size = statSync(log).size;
    const pad = (PAGE - ((size + 1) % PAGE) - 8 + 2 * PAGE) % PAGE;
    appendFileSync(log, `${" ".repeat(pad)}\n`);
    expect(statSync(log).size % PAGE).toBe(PAGE - 8);
    try {
      writeFileSync(join(disk, "filler"), Buffer.alloc(4 * 1024 * 1024));
    } catch {
      // ENOSPC: the disk is full, which is the point
    }
    const run = await runHookProcess("session-end", {
      cwd: workspace,
      sessionId: "s0",
      transcriptPath: join(workspace, "t0.jsonl"),
      claudePid: process.pid,
    });
    expect(run.code).toBe(0);
    const said = parseHookStdout(run.stdout)?.systemMessage;
    expect(said).toContain("SessionEnd hook failed");
    expect(said).toContain(log);
  } finally {
    unmountSmallTmpfs(disk);
  }
});
