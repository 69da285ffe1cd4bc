// Guards concurrent creation: 8 processes creating threads under one parent at the same moment keep all 8 (distinct ids
// even with one title), every file parses, every session is remembered, and no temp or lock file remains.
import { afterAll, afterEach, beforeAll, describe, expect, test } from "vitest";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { withLock } from "../../src/core/store/lock.js";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { buildWorker, killWorkers, spawnWorker } from "../support/build-worker.js";
import { makeTempRepo, type TempRepo } from "../support/temp-repo.js";
import { servicesFor } from "../support/core-services.js";
import { leftoverTempFiles } from "../support/dir-snapshot.js";
import type { WorkerInput } from "./workers/services-op.worker.js";

let bin: string;
let script: string;
let repo: TempRepo | undefined;

beforeAll(() => {
  bin = mkdtempSync(join(tmpdir(), "tm-create-bin-"));
  script = buildWorker(join(import.meta.dirname, "workers", "services-op.worker.ts"), bin);
});
afterEach(async () => {
  await killWorkers();
  repo?.cleanup();
  repo = undefined;
});
afterAll(() => rmSync(bin, { recursive: true, force: true }));

async function race(titles: string[]): Promise<{ id: string; parentId: string }[]> {
  const goFile = join(repo!.dir, "go");
  const workers = titles.map((title, i) =>
    spawnWorker(script, {
      op: "create",
      root: repo!.dir,
      goFile,
      session: `w${i}`,
      title,
      parentId: "parent",
    } satisfies WorkerInput),
  );
  await Promise.all(workers.map((w) => w.waitFor("ready")));
  writeFileSync(goFile, "");
  const exits = await Promise.all(workers.map((w) => w.exited));
  for (const e of exits) expect(e.stderr, e.stderr).toBe("");
  for (const e of exits) expect(e.code).toBe(0);
  return exits.map((e) => JSON.parse(e.stdout.trim().split("\n").pop()!) as { id: string; parentId: string });
}

async function setup(): Promise<void> {
  repo = makeTempRepo({ git: false });
  const s = servicesFor(repo.dir, "setup");
  await s.projectCreate({ title: "P" });
  await s.threadCreate({ title: "Parent" });
  await s.summaryUpdate({ content: "parent summary" });
}

describe("8 processes creating threads under one parent at once", () => {
  test("with the same title: all 8 kept with distinct ids", async () => {
    await setup();
    const results = await race(Array.from({ length: 8 }, () => "Same title"));
    const ids = results.map((r) => r.id).sort();
    expect(ids).toEqual(["same-title", ...Array.from({ length: 7 }, (_, i) => `same-title-${i + 2}`)].sort());
    expect(results.every((r) => r.parentId === "parent")).toBe(true);
    const s = servicesFor(repo!.dir, "check");
    const { threads, problems } = s.store.readAllThreads("p");
    expect(problems).toEqual([]);
    expect(
      [...threads.values()]
        .filter((t) => t.parentId === "parent")
        .map((t) => t.id)
        .sort(),
    ).toEqual(ids);
    // Each session's choice was recorded: no lost update of config.json.
    const state = JSON.parse(readFileSync(join(repo!.dir, ".threadmind", "config.json"), "utf8")) as {
      sessions: Record<string, { threadId: string }>;
    };
    for (const [i, r] of results.entries()) expect(state.sessions[`w${i}`]?.threadId).toBe(r.id);
    expect(leftoverTempFiles(join(repo!.dir, ".threadmind"))).toEqual([]);
    const tree = await s.threadList();
    expect(tree.text.split("\n").filter((l) => /Same title \(same-title(-\d)?\)/.test(l))).toHaveLength(8);
  });
});

describe("creates under create/delete churn", () => {
  test('thread_create checks the parent inside the lock: no false "not found" when the thread it would go under is deleted while it waits', async () => {
    repo = makeTempRepo({ git: false });
    const setupSession = servicesFor(repo.dir, "setup");
    await setupSession.projectCreate({ title: "P" });
    // Session "f" is on thread t (its choice in config.json); a fresh services object of it starts there.
    await servicesFor(repo.dir, "f").threadCreate({ title: "T", parentId: "main" });
    const deleter = servicesFor(repo.dir, "deleter");
    const storeDir = join(repo.dir, ".threadmind");
    const fenceDirs = () => readdirSync(storeDir).filter((n) => /^\.lock\.[0-9a-f]{32}\.d$/.test(n)).length;
    let entered!: () => void;
    const inLock = new Promise<void>((r) => (entered = r));
    let deleteNow!: () => void;
    const deleteSignal = new Promise<void>((r) => (deleteNow = r));
    const holding = withLock(join(storeDir, ".lock"), async () => {
      entered();
      await deleteSignal;
      await deleter.threadDelete("t"); // re-enters the lock held here: t is gone before the create gets the lock
    });
    await inLock;
    // A fresh services object of session "f" resolves where it goes, then waits for the lock (its acquisition's fence
    // directory shows that it is waiting). Started outside the holder's async context, so it really waits.
    const creating = servicesFor(repo.dir, "f")
      .threadCreate({ title: "Child" })
      .then(
        (r) => r,
        (e: unknown) => e,
      );
    while (fenceDirs() < 2) await new Promise((r) => setTimeout(r, 5));
    deleteNow();
    await holding;
    const result = await creating;
    expect(result).not.toBeInstanceOf(Error);
    // With t gone, the session's active thread is main again, and the new thread goes there.
    expect((result as { thread: { parentId: string } }).thread.parentId).toBe("main");
  });
});
