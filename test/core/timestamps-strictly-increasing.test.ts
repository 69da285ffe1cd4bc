// Guards timestamps: strictly increasing within a process even within one millisecond, never behind a file's previous
// updatedAt (clock skew), and distinct for every write of one thread even from several processes at once.
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { nextTimestamp } from "../../src/core/clock.js";
import { serializeThread } from "../../src/core/store/frontmatter.js";
import { buildWorker, killWorkers, spawnWorker } from "../support/build-worker.js";
import { makeTempRepo, type TempRepo } from "../support/temp-repo.js";
import { servicesFor } from "../support/core-services.js";
import type { WorkerInput } from "./workers/services-op.worker.js";

let repo: TempRepo | undefined;
afterEach(async () => {
  await killWorkers();
  repo?.cleanup();
  repo = undefined;
});

const increasing = (stamps: string[]) => stamps.every((s, i) => i === 0 || Date.parse(s) > Date.parse(stamps[i - 1]!));

describe("within a process", () => {
  test("10,000 timestamps in a tight loop are strictly increasing ISO strings", () => {
    const stamps = Array.from({ length: 10_000 }, () => nextTimestamp());
    expect(increasing(stamps)).toBe(true);
    for (const s of stamps.slice(0, 5)) expect(new Date(s).toISOString()).toBe(s);
  });

  test("a timestamp is later than the previous one given, even one from a clock ahead of ours", () => {
    const future = new Date(Date.now() + 3_600_000).toISOString();
    const next = nextTimestamp(future);
    expect(Date.parse(next)).toBe(Date.parse(future) + 1);
    expect(Date.parse(nextTimestamp())).toBeGreaterThan(Date.parse(next));
    expect(nextTimestamp("not a date")).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  test("rapid creates and updates through the services get strictly increasing createdAt and updatedAt", async () => {
    repo = makeTempRepo({ git: false });
    const s = servicesFor(repo.dir);
    await s.projectCreate({ title: "P" });
    const created: string[] = [];
    for (let i = 0; i < 15; i++) created.push((await s.threadCreate({ title: `T${i}`, parentId: "main" })).thread.createdAt);
    expect(increasing(created)).toBe(true);
    const updated: string[] = [];
    for (let i = 0; i < 15; i++)
      updated.push((await s.summaryUpdate({ threadId: "t0", section: "state", content: `- ${i}` })).thread.updatedAt);
    expect(increasing(updated)).toBe(true);
    const status = await s.threadStatus({ threadId: "t0", status: "done" });
    expect(Date.parse(status.thread.updatedAt)).toBeGreaterThan(Date.parse(updated.at(-1)!));
  });

  test("a thread whose updatedAt is ahead of this machine's clock still moves forward on every write", async () => {
    repo = makeTempRepo({ git: false });
    const s = servicesFor(repo.dir);
    await s.projectCreate({ title: "P" });
    const ahead = new Date(Date.now() + 86_400_000).toISOString();
    const main = s.store.readThread("p", "main");
    writeFileSync(join(repo.dir, ".threadmind/threads/p/main.md"), serializeThread({ ...main, updatedAt: ahead }));
    const first = await s.summaryUpdate({ content: "x" });
    expect(Date.parse(first.thread.updatedAt)).toBeGreaterThan(Date.parse(ahead));
    const merged = await s.threadCreate({ title: "C" }).then(() => s.threadMerge({ parentSummary: "y" }));
    expect(Date.parse(merged.parent.updatedAt)).toBeGreaterThan(Date.parse(first.thread.updatedAt));
  });
});

describe("across processes", () => {
  let bin: string;
  let script: string;
  beforeAll(() => {
    bin = mkdtempSync(join(tmpdir(), "tm-stamps-bin-"));
    script = buildWorker(join(import.meta.dirname, "workers", "services-op.worker.ts"), bin);
  });
  afterAll(() => rmSync(bin, { recursive: true, force: true }));

  test("4 processes writing one thread at once: every write has its own, later updatedAt and no line is lost", async () => {
    repo = makeTempRepo({ git: false });
    const s = servicesFor(repo.dir);
    await s.projectCreate({ title: "P" });
    const goFile = join(repo.dir, "go");
    const workers = Array.from({ length: 4 }, (_, w) =>
      spawnWorker(script, {
        op: "append",
        root: repo!.dir,
        goFile,
        session: `w${w}`,
        threadId: "main",
        lines: Array.from({ length: 8 }, (_, i) => `- w${w} line ${i}`),
      } satisfies WorkerInput),
    );
    await Promise.all(workers.map((w) => w.waitFor("ready")));
    writeFileSync(goFile, "");
    const exits = await Promise.all(workers.map((w) => w.exited));
    for (const e of exits) expect(e.code, e.stderr).toBe(0);
    const perWorker = exits.map((e) => (JSON.parse(e.stdout.trim().split("\n").pop()!) as { stamps: string[] }).stamps);
    for (const stamps of perWorker) expect(increasing(stamps)).toBe(true);
    const all = perWorker.flat();
    expect(new Set(all).size).toBe(32);
    const final = s.store.readThread("p", "main");
    expect(final.updatedAt).toBe(all.sort().at(-1));
    for (let w = 0; w < 4; w++)
      for (let i = 0; i < 8; i++) expect(final.summary.split("\n").filter((l) => l === `- w${w} line ${i}`)).toHaveLength(1);
  });
});
