// Guards per-session state and branch linking: sessions never move each other; a new session starts on the branch's
// last choice, else its open linked thread, else main; new threads on a non-default branch are linked to it.
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { spawnSync } from "node:child_process";
import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ThreadMindServices } from "../../src/core/services.js";
import { resolveWorkspace } from "../../src/core/workspace.js";
import { makeTempRepo, type TempRepo } from "../support/temp-repo.js";
import { servicesFor } from "../support/core-services.js";

let repo: TempRepo;
beforeEach(async () => {
  repo = makeTempRepo();
  repo.commit("init", { "README.md": "x\n" });
  await servicesFor(repo.dir, "setup").projectCreate({ title: "P" });
});
afterEach(() => repo.cleanup());

const active = async (key: string) => (await servicesFor(repo.dir, key).contextGet()).thread.id;
const configPath = () => join(repo.dir, ".threadmind", "config.json");

describe("sessions", () => {
  test("two sessions never move each other", async () => {
    const s1 = servicesFor(repo.dir, "one");
    const s2 = servicesFor(repo.dir, "two");
    await s1.threadCreate({ title: "A" });
    await s2.threadCreate({ title: "B", parentId: "main" });
    expect((await s1.contextGet()).thread.id).toBe("a");
    expect((await s2.contextGet()).thread.id).toBe("b");
    await s2.threadSwitch("main");
    await s2.summaryUpdate({ content: "written by two" });
    expect((await s1.contextGet()).thread.id).toBe("a");
    await s1.threadCreate({ title: "A child" });
    expect((await s2.contextGet()).thread.id).toBe("main");
    // A restarted server process of the same session resumes its own thread.
    expect(await active("one")).toBe("a-child");
    expect(await active("two")).toBe("main");
  });

  test("a session whose thread was deleted by another session falls back, the other keeps its own", async () => {
    const s1 = servicesFor(repo.dir, "one");
    const s2 = servicesFor(repo.dir, "two");
    await s1.threadCreate({ title: "Doomed" });
    await s2.threadCreate({ title: "Survivor", parentId: "main" });
    await s2.threadDelete("doomed");
    expect((await s1.contextGet()).thread.id).toBe("survivor"); // last chosen on this branch
    expect((await s2.contextGet()).thread.id).toBe("survivor");
  });

  test("sessions of dead processes are pruned from local state", async () => {
    const dead = spawnSync(process.execPath, ["-e", "process.exit(0)"]).pid!;
    const env = { THREADMIND_ROOT: repo.dir };
    const ws = resolveWorkspace({ env, cwd: repo.dir });
    const ghost = new ThreadMindServices({ workspace: ws, session: { key: "ghost", pid: dead }, env });
    await ghost.threadSwitch("main");
    expect(JSON.parse(readFileSync(configPath(), "utf8")).sessions.ghost).toBeUndefined();
    const alive = new ThreadMindServices({ workspace: ws, session: { key: "alive", pid: process.pid }, env });
    await alive.threadSwitch("main");
    expect(JSON.parse(readFileSync(configPath(), "utf8")).sessions.alive.pid).toBe(process.pid);
  });
});

describe("where a new session starts", () => {
  test("on the thread last chosen on the checked-out branch", async () => {
    repo.git("checkout", "-q", "-b", "feature");
    const s1 = servicesFor(repo.dir, "one");
    await s1.threadCreate({ title: "F" });
    await s1.threadCreate({ title: "F2", parentId: "main" });
    await s1.threadSwitch("f");
    repo.git("checkout", "-q", "main");
    const s2 = servicesFor(repo.dir, "two");
    await s2.threadCreate({ title: "M" });
    expect(await active("new-on-main")).toBe("m");
    repo.git("checkout", "-q", "feature");
    expect(await active("new-on-feature")).toBe("f");
  });

  test("else on the open thread linked to the branch (e.g. pulled from a teammate), else main", async () => {
    repo.git("checkout", "-q", "-b", "feature");
    const s1 = servicesFor(repo.dir, "one");
    const f = await s1.threadCreate({ title: "F" });
    expect(f.thread.branch).toBe("feature");
    rmSync(configPath()); // another machine: no local choices
    expect(await active("fresh")).toBe("f");
    repo.git("checkout", "-q", "-b", "unrelated");
    expect(await active("fresh-2")).toBe("main");
  });

  test("on the default branch a start looks for no linked thread (thread_create links none there); on origin's HEAD's branch neither", async () => {
    // A head that names the default branch can only be written by hand: it is not where a new session starts.
    const threads = join(repo.dir, ".threadmind", "threads", "p");
    const at = new Date(Date.now() + 60_000).toISOString();
    const linked = (branch: string) =>
      `---\nid: by-hand\ntitle: By hand\nparentId: main\nauthor: t\ncreatedAt: ${at}\nupdatedAt: ${at}\nbranch: ${branch}\n---\n`;
    writeFileSync(join(threads, "by-hand.md"), linked("main"));
    expect(await active("fresh-main")).toBe("main");
    // With a remote, origin's HEAD names the default branch: main is then an ordinary branch, and its link is followed.
    repo.git("update-ref", "refs/remotes/origin/develop", "HEAD");
    repo.git("symbolic-ref", "refs/remotes/origin/HEAD", "refs/remotes/origin/develop");
    rmSync(configPath()); // another machine: no local choices
    expect(await active("fresh-main-2")).toBe("by-hand");
    repo.git("checkout", "-q", "-b", "develop");
    writeFileSync(join(threads, "by-hand.md"), linked("develop"));
    expect(await active("fresh-develop")).toBe("main");
  });

  test("a closed thread is neither a branch's start thread nor its linked thread", async () => {
    repo.git("checkout", "-q", "-b", "feature");
    const s1 = servicesFor(repo.dir, "one");
    await s1.threadCreate({ title: "F" });
    repo.git("checkout", "-q", "main");
    await s1.threadStatus({ threadId: "f", status: "done", reason: "shipped" });
    repo.git("checkout", "-q", "feature");
    expect(JSON.parse(readFileSync(configPath(), "utf8")).branches.feature.p).toBe("f");
    expect(await active("fresh")).toBe("main");
    // Reopened, it is linked again.
    await s1.threadStatus({ threadId: "f", status: "active" });
    rmSync(configPath());
    expect(await active("fresh-2")).toBe("f");
  });

  test("a damaged start thread is skipped with a notice naming the file", async () => {
    repo.git("checkout", "-q", "-b", "feature");
    const s1 = servicesFor(repo.dir, "one");
    await s1.threadCreate({ title: "F" });
    const file = join(repo.dir, ".threadmind", "threads", "p", "f.md");
    writeFileSync(file, "---\nid: f\ntitle: [broken\n---\n");
    const fresh = servicesFor(repo.dir, "fresh");
    expect((await fresh.contextGet()).thread.id).toBe("main");
    expect(fresh.notices.join("\n")).toContain(
      `The thread last chosen on branch "feature" could not be read (${file}: invalid YAML`,
    );
  });

  test("a detached HEAD starts on main and links nothing", async () => {
    repo.git("commit", "-q", "--allow-empty", "-m", "second");
    repo.git("checkout", "-q", "--detach", "HEAD~1");
    const s = servicesFor(repo.dir, "one");
    const t = await s.threadCreate({ title: "Detached work" });
    expect(t.linkedBranch).toBeNull();
    expect(t.thread.branch).toBeUndefined();
    expect(await active("fresh")).toBe("main");
  });
});

describe("branch links of new threads", () => {
  test("the thread a process last saw linked answers only while it still is: gone or relinked, every head decides again (#31)", async () => {
    repo.git("checkout", "-q", "-b", "feature/pay");
    const threads = join(repo.dir, ".threadmind", "threads", "p");
    const s = servicesFor(repo.dir, "one");
    expect((await s.threadCreate({ title: "Pay" })).linkedBranch).toBe("feature/pay");
    // Remembered: a second create finds it linked and open.
    expect(s.hasLinkedOpenThread("p", "feature/pay")).toBe(true);
    expect((await s.threadCreate({ title: "Pay detail", parentId: "main" })).linkedBranch).toBeNull();
    // Another process deletes the remembered thread, and a teammate's open thread linked to the branch arrives.
    rmSync(join(threads, "pay"), { recursive: true });
    const at = new Date(Date.now() + 60_000).toISOString();
    writeFileSync(
      join(threads, "teammate-pay.md"),
      `---\nid: teammate-pay\ntitle: Teammate pay\nparentId: main\nauthor: t\ncreatedAt: ${at}\nupdatedAt: ${at}\nbranch: feature/pay\n---\n`,
    );
    expect((await s.threadCreate({ title: "Pay more", parentId: "main" })).linkedBranch).toBeNull();
    // Its head edited to another branch by hand: no open thread is linked, so the next new thread takes the link.
    writeFileSync(
      join(threads, "teammate-pay.md"),
      readFileSync(join(threads, "teammate-pay.md"), "utf8").replace("branch: feature/pay", "branch: elsewhere"),
    );
    expect(s.hasLinkedOpenThread("p", "feature/pay")).toBe(false);
    expect((await s.threadCreate({ title: "Pay last", parentId: "main" })).linkedBranch).toBe("feature/pay");
  });

  test("a thread created on a non-default branch is linked to it, unless an open thread already is", async () => {
    repo.git("checkout", "-q", "-b", "feature/login");
    const s = servicesFor(repo.dir, "one");
    const first = await s.threadCreate({ title: "Login" });
    expect(first.linkedBranch).toBe("feature/login");
    expect(first.thread.branch).toBe("feature/login");
    expect((await s.threadList()).text).toContain("Login (login) ⎇ feature/login ◀ current");
    const second = await s.threadCreate({ title: "Login detail" });
    expect(second.linkedBranch).toBeNull();
    expect(second.thread.branch).toBeUndefined();
    // Once the linked thread is closed, the next new thread takes the link.
    await s.threadStatus({ threadId: "login", status: "abandoned" });
    const third = await s.threadCreate({ title: "Login again", parentId: "main" });
    expect(third.linkedBranch).toBe("feature/login");
  });

  test("no link on the default branch", async () => {
    const s = servicesFor(repo.dir, "one");
    const t = await s.threadCreate({ title: "On main" });
    expect(t.linkedBranch).toBeNull();
    repo.git("checkout", "-q", "-b", "master");
    expect((await s.threadCreate({ title: "On master" })).linkedBranch).toBeNull();
  });

  test("main is the default branch of a repository without a remote even when init.defaultBranch names another", async () => {
    repo.git("config", "init.defaultBranch", "trunk");
    const s = servicesFor(repo.dir, "one");
    expect((await s.threadCreate({ title: "On main" })).linkedBranch).toBeNull();
    repo.git("checkout", "-q", "-b", "trunk");
    expect((await s.threadCreate({ title: "On trunk" })).linkedBranch).toBeNull();
    repo.git("checkout", "-q", "-b", "topic");
    expect((await s.threadCreate({ title: "On topic" })).linkedBranch).toBe("topic");
  });

  test("with a remote, origin's HEAD is the default branch and main is an ordinary branch", async () => {
    repo.git("update-ref", "refs/remotes/origin/develop", "HEAD");
    repo.git("symbolic-ref", "refs/remotes/origin/HEAD", "refs/remotes/origin/develop");
    const s = servicesFor(repo.dir, "one");
    expect((await s.threadCreate({ title: "On main" })).linkedBranch).toBe("main");
    repo.git("checkout", "-q", "-b", "develop");
    expect((await s.threadCreate({ title: "On develop" })).linkedBranch).toBeNull();
  });
});
