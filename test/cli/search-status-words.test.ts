// `thread-mind-mcp search --status`: its results name a thread's status open, done or abandoned, and it takes those
// words (it took only "active", the file's value, and refused `--status open` with "must be one of active, done, abandoned").
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { servicesFor } from "../support/core-services.js";
import { makeTempRepo, type TempRepo } from "../support/temp-repo.js";
import { homesPerTest, runCli } from "../support/run-cli.js";

let repo: TempRepo;
const home = homesPerTest();

beforeAll(async () => {
  repo = makeTempRepo();
  repo.commit("init", { "README.md": "x\n" });
  const s = servicesFor(repo.dir);
  await s.projectCreate({ title: "Shop" });
  await s.threadCreate({ title: "Refund ledger" });
  await s.summaryUpdate({ content: "## Decisions\n- Refunds go through the ledger." });
  await s.threadSwitch("main");
  await s.threadCreate({ title: "Refund emails" });
  await s.summaryUpdate({ content: "## Decisions\n- Refunds send one email." });
  await s.threadStatus({ status: "done", reason: "shipped" });
});
afterAll(() => repo.cleanup());

describe("search --status", () => {
  it("takes the words its results use: open, done", () => {
    const open = runCli(["search", "refunds", "--status", "open"], { cwd: repo.dir, home: home() });
    expect(open.stderr).toBe("");
    expect(open.code).toBe(0);
    expect(open.stdout).toContain("Refund ledger (refund-ledger) · open ·");
    expect(open.stdout).not.toContain("Refund emails");
    const done = runCli(["search", "refunds", "--status", "done"], { cwd: repo.dir, home: home() });
    expect(done.code).toBe(0);
    expect(done.stdout).toContain("Refund emails (refund-emails) · done ·");
    expect(done.stdout).not.toContain("Refund ledger");
  });

  it("still takes active, the file's value, for open", () => {
    const active = runCli(["search", "refunds", "--status", "active"], { cwd: repo.dir, home: home() });
    expect(active.code).toBe(0);
    expect(active.stdout).toContain("Refund ledger (refund-ledger) · open ·");
  });

  it("refuses another word naming open, done and abandoned, as its usage does", () => {
    const wrong = runCli(["search", "refunds", "--status", "closed"], { cwd: repo.dir, home: home() });
    expect(wrong.code).toBe(2);
    expect(wrong.stderr).toContain("--status must be one of open, done, abandoned");
    expect(wrong.stderr).toContain("[--status open|done|abandoned]");
  });
});
