// Guards the conflict-marker sweep on format-2 thread folders (#25): a file of a thread folder (thread.md, an item, a
// paths/ or related/ member) holding markers, as git writes it, is found; a folder whose files are unchanged is not read
// again; a folder with more changed files than a sweep may read is judged over several sweeps; the saved state stays small.
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, test } from "vitest";
import { reposPerTest, type TempRepo } from "../support/temp-repo.js";
import { servicesFor } from "../support/core-services.js";
import {
  MAX_FILES_READ,
  type SweepWork,
  sweepPath,
  threadFilesWithMarkers,
} from "../../src/core/conflicts/conflict-marker-sweep.js";

const tempRepo = reposPerTest();
const MARKS = "<<<<<<< HEAD\nmine\n=======\ntheirs\n>>>>>>> other";
const LATER = () => Date.now() + 10_000; // every stamp settled

/** A repository with project shop: main, and billing with decisions, state, paths and related; committed. */
async function shopRepo(options: { git?: boolean } = {}): Promise<{ repo: TempRepo; storeDir: string; billing: string }> {
  const repo = tempRepo(options);
  const s = servicesFor(repo.dir, "setup");
  await s.projectCreate({ title: "Shop" });
  await s.summaryUpdate({ content: "## Decisions\n- MAIN-DECISION\n\n## State\nSocks." });
  await s.threadCreate({ title: "Billing", parentId: "main" });
  await s.summaryUpdate({
    threadId: "billing",
    content: "## Decisions\n- Invoices in EUR.\n\n## State\nInvoices.",
    paths: ["src/billing.ts"],
    related: ["main"],
  });
  if (options.git !== false) repo.commit("project");
  const storeDir = join(repo.dir, ".threadmind");
  return { repo, storeDir, billing: join(storeDir, "threads", "shop", "billing") };
}

/** The one file in `dir` (a folder of a thread folder), relative to the store. */
function onlyFile(storeDir: string, dir: string): string {
  const names = readdirSync(dir);
  expect(names).toHaveLength(1);
  return join(dir, names[0]!).slice(storeDir.length + 1);
}

/** As git writes a file it checks out: a new file in its place. */
function writeByRename(path: string, text: string): void {
  writeFileSync(`${path}.new`, text);
  renameSync(`${path}.new`, path);
}

const work = (): Required<Omit<SweepWork, "readBudget" | "handOver" | "handedOver">> => ({
  listed: 0,
  read: 0,
  stateBytes: 0,
  stamped: 0,
});

describe("the conflict-marker sweep in thread folders (format 2)", () => {
  test("an item file with markers, written as git writes it and committed, is found, and found again at the next start", async () => {
    const { repo, storeDir, billing } = await shopRepo();
    expect(threadFilesWithMarkers(storeDir, LATER())).toEqual([]);
    const item = onlyFile(storeDir, join(billing, "state"));
    writeByRename(join(storeDir, item), readFileSync(join(storeDir, item), "utf8").replace("Invoices.", MARKS));
    repo.commit("a bad merge, committed");
    expect(threadFilesWithMarkers(storeDir, LATER())).toEqual([item]);
    const again = work();
    expect(threadFilesWithMarkers(storeDir, LATER(), again)).toEqual([item]);
    expect(again).toMatchObject({ listed: 0, read: 0 }); // known from the saved verdicts
  });

  test("thread.md and paths/ and related/ members with markers are found; each is no longer named once fixed in place", async () => {
    const { repo, storeDir, billing } = await shopRepo();
    threadFilesWithMarkers(storeDir, LATER());
    const head = join("threads", "shop", "billing", "thread.md");
    const member = onlyFile(storeDir, join(billing, "paths"));
    const related = onlyFile(storeDir, join(billing, "related"));
    const good = new Map([head, member, related].map((rel) => [rel, readFileSync(join(storeDir, rel), "utf8")]));
    for (const [rel, text] of good) writeByRename(join(storeDir, rel), `${text}${MARKS}\n`);
    repo.commit("bad merges, committed");
    expect(threadFilesWithMarkers(storeDir, LATER()).sort()).toEqual([head, member, related].sort());
    for (const [rel, text] of good) {
      writeFileSync(join(storeDir, rel), text); // fixed in place: no directory changes
      expect(threadFilesWithMarkers(storeDir, LATER())).not.toContain(rel);
    }
    expect(threadFilesWithMarkers(storeDir, LATER())).toEqual([]);
  });

  test("outside git, a thread folder that comes with an item holding markers is found (its project's directory changed)", async () => {
    const { storeDir, billing } = await shopRepo({ git: false });
    threadFilesWithMarkers(storeDir, LATER());
    const unchanged = work();
    threadFilesWithMarkers(storeDir, LATER(), unchanged);
    expect(unchanged).toMatchObject({ listed: 0, read: 0 }); // no index, no change: no folder looked at
    const item = onlyFile(storeDir, join(billing, "state"));
    const copy = join(storeDir, "threads", "shop", "copied");
    mkdirSync(join(copy, "state"), { recursive: true });
    writeFileSync(join(copy, "thread.md"), readFileSync(join(billing, "thread.md"), "utf8").replace("id: billing", "id: copied"));
    writeFileSync(join(copy, "state", "i-abcd.md"), readFileSync(join(storeDir, item), "utf8").replace("Invoices.", MARKS));
    expect(threadFilesWithMarkers(storeDir, LATER())).toEqual([join("threads", "shop", "copied", "state", "i-abcd.md")]);
  });

  test("a thread folder whose files are unchanged is not read again: its stamps are looked at only after git wrote its index", async () => {
    const { repo, storeDir } = await shopRepo();
    const first = work();
    threadFilesWithMarkers(storeDir, LATER(), first);
    expect(first.read).toBeGreaterThan(5); // every file of main and billing, once
    // Nothing changed: not even a folder is looked at.
    const unchanged = work();
    expect(threadFilesWithMarkers(storeDir, LATER(), unchanged)).toEqual([]);
    expect(unchanged).toMatchObject({ listed: 0, read: 0 });
    // git wrote its index (a commit of code): the folders' stamps are looked at, and no file is read.
    repo.commit("code", { "src/billing.ts": "export {};\n" });
    const afterCommit = work();
    expect(threadFilesWithMarkers(storeDir, LATER(), afterCommit)).toEqual([]);
    expect(afterCommit.listed).toBeGreaterThan(0);
    expect(afterCommit.read).toBe(0);
    // A write to billing's state: only the file it wrote is read.
    await servicesFor(repo.dir, "later").summaryUpdate({ threadId: "billing", section: "state", content: "Paid." });
    repo.commit("state");
    const afterWrite = work();
    threadFilesWithMarkers(storeDir, LATER(), afterWrite);
    expect(afterWrite.read).toBe(1);
  });

  test("a folder with more changed files than a sweep reads is judged over several sweeps, and its marked file found", async () => {
    const { repo, storeDir, billing } = await shopRepo();
    threadFilesWithMarkers(storeDir, LATER());
    const items = MAX_FILES_READ * 2 + 50;
    const text = readFileSync(join(billing, "state", readdirSync(join(billing, "state"))[0]!), "utf8");
    for (let i = 0; i < items; i++) writeFileSync(join(billing, "decisions", `k${i.toString(36)}z-aaaa.md`), text);
    const marked = join("threads", "shop", "billing", "decisions", "zz-bbbb.md");
    writeFileSync(join(storeDir, marked), text.replace("Invoices.", MARKS));
    repo.commit("many decisions");
    const reads: number[] = [];
    let found: string[] = [];
    for (let i = 0; i < 5 && !found.includes(marked); i++) {
      const w = work();
      found = threadFilesWithMarkers(storeDir, LATER(), w);
      reads.push(w.read);
    }
    expect(found).toEqual([marked]);
    expect(reads).toEqual([MAX_FILES_READ, MAX_FILES_READ, 51]);
    const next = work();
    expect(threadFilesWithMarkers(storeDir, LATER(), next)).toEqual([marked]);
    expect(next).toMatchObject({ listed: 0, read: 0 });
  });

  test("the saved sweep holds about 50 bytes per thread folder, however many files each holds (#31)", async () => {
    const repo = tempRepo();
    const storeDir = join(repo.dir, ".threadmind");
    mkdirSync(join(storeDir, "projects"), { recursive: true });
    writeFileSync(join(storeDir, "projects", "big.json"), "{}\n");
    const threads = 500;
    for (let t = 0; t < threads; t++) {
      const folder = join(storeDir, "threads", "big", `thread-${t}`);
      mkdirSync(join(folder, "decisions"), { recursive: true });
      mkdirSync(join(folder, "state"));
      writeFileSync(join(folder, "thread.md"), `---\nid: thread-${t}\n---\n`);
      for (let i = 0; i < 8; i++) writeFileSync(join(folder, "decisions", `k${i + 1}-aaaa.md`), "---\nat: x\n---\n- fine\n");
      writeFileSync(join(folder, "state", "i-aaaa.md"), "---\nat: x\n---\nfine\n");
    }
    repo.commit("big");
    for (let i = 0; i < 60; i++) threadFilesWithMarkers(storeDir, LATER()); // 5,000 files, 200 per sweep
    const saved = readFileSync(sweepPath(storeDir), "utf8");
    expect(JSON.parse(saved.split("\n")[0]!).projects.big).toEqual({ dir: expect.any(String), marked: {}, folders: threads });
    expect(saved.length / threads).toBeLessThan(55);
  });
});
