// Guards team-mode ownership (issue 2's table) with two authors, and the default author id (slug of user.name + hash of user.email).
import { afterEach, describe, expect, test } from "vitest";
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { join } from "node:path";
import { ThreadMindError } from "../../src/core/errors.js";
import { authorIdFrom, resolveAuthorId } from "../../src/core/author.js";
import type { ThreadMindServices } from "../../src/core/services.js";
import { makeTempRepo, type TempRepo } from "../support/temp-repo.js";
import { servicesFor } from "../support/core-services.js";

const repos: TempRepo[] = [];
afterEach(() => {
  for (const r of repos.splice(0)) r.cleanup();
});

async function failure(call: () => Promise<unknown>): Promise<string> {
  const error = await call().then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ThreadMindError);
  return (error as Error).message;
}

async function team(
  mode: "team" | "solo" = "team",
): Promise<{ alice: ThreadMindServices; bob: ThreadMindServices; dir: string }> {
  const repo = makeTempRepo({ git: false });
  repos.push(repo);
  const alice = servicesFor(repo.dir, "alice-session", { env: { THREADMIND_AUTHOR: "alice" } });
  const bob = servicesFor(repo.dir, "bob-session", { env: { THREADMIND_AUTHOR: "bob" } });
  await alice.projectCreate({ title: "P", mode });
  // alice: main, a, a-mine (under a); bob: b-child (under a), b (under main), b-sub (under b)
  await alice.threadCreate({ title: "A", parentId: "main" });
  await alice.summaryUpdate({ content: "alice's summary" });
  await alice.threadCreate({ title: "A mine", parentId: "a" });
  await bob.threadCreate({ title: "B child", parentId: "a" });
  await bob.threadCreate({ title: "B", parentId: "main" });
  await bob.threadCreate({ title: "B sub", parentId: "b" });
  await alice.threadSwitch("a");
  return { alice, bob, dir: repo.dir };
}

describe("team ownership", () => {
  test("authors are recorded in the thread files", async () => {
    const { alice } = await team();
    const { threads } = alice.store.readAllThreads("p");
    expect(Object.fromEntries([...threads.values()].map((t) => [t.id, t.author]))).toEqual({
      main: "alice",
      a: "alice",
      "a-mine": "alice",
      "b-child": "bob",
      b: "bob",
      "b-sub": "bob",
    });
  });

  test("read, switch and create a child: allowed on teammates' threads", async () => {
    const { bob } = await team();
    const sw = await bob.threadSwitch("a");
    expect(sw.context.text).toContain("alice's summary");
    const child = await bob.threadCreate({ title: "Bob under A" });
    expect(child.thread).toMatchObject({ parentId: "a", author: "bob" });
    expect((await bob.contextGet()).thread.id).toBe("bob-under-a");
  });

  test("update summary, change status, rebase: own threads only", async () => {
    const { alice, bob } = await team();
    expect(await failure(() => bob.summaryUpdate({ threadId: "a", content: "hijack" }))).toBe(
      'Cannot update thread "a": owned by "alice"',
    );
    expect(await failure(() => bob.summaryUpdate({ threadId: "a", section: "state", content: "- x" }))).toBe(
      'Cannot update thread "a": owned by "alice"',
    );
    expect(await failure(() => bob.threadStatus({ threadId: "a", status: "abandoned" }))).toBe(
      'Cannot update thread "a": owned by "alice"',
    );
    expect(await failure(() => bob.threadRebase("a-mine", "b"))).toBe('Cannot update thread "a-mine": owned by "alice"');
    expect(alice.store.readThread("p", "a").summary).toBe("alice's summary");
    expect(alice.store.readThread("p", "a").status).toBeUndefined();
    expect(alice.store.readThread("p", "a-mine").parentId).toBe("a");
    // The owner can, and a teammate may rebase their own thread under anyone's.
    await alice.summaryUpdate({ threadId: "a", section: "decisions", content: "- mine" });
    await alice.threadStatus({ threadId: "a-mine", status: "done" });
    await bob.threadRebase("b-child", "a-mine");
    await bob.summaryUpdate({ threadId: "b", content: "bob's" });
    expect(alice.store.readThread("p", "b-child").parentId).toBe("a-mine");
  });

  test("merge into the parent: only when both are yours", async () => {
    const { alice, bob } = await team();
    // bob's thread under alice's thread: the parent is not his.
    expect(await failure(() => bob.threadMerge({ threadId: "b-child", parentSummary: "x" }))).toBe(
      'Cannot update thread "a": owned by "alice"',
    );
    // alice's parent, bob's child: the child is not hers.
    expect(await failure(() => alice.threadMerge({ threadId: "b-child", parentSummary: "x" }))).toBe(
      'Cannot update thread "b-child": owned by "bob"',
    );
    expect(alice.store.readThread("p", "a").summary).toBe("alice's summary");
    expect(alice.store.readThread("p", "b-child").status).toBeUndefined();
    // Both bob's.
    const merged = await bob.threadMerge({ threadId: "b-sub", parentSummary: "merged by bob" });
    expect(merged.parent.summary).toBe("merged by bob");
    // Both alice's.
    await alice.threadMerge({ threadId: "a-mine", parentSummary: "merged by alice" });
    expect(alice.store.readThread("p", "a").summary).toBe("merged by alice");
  });

  test("delete: own threads unless a descendant is a teammate's; never a teammate's", async () => {
    const { alice, bob } = await team();
    expect(await failure(() => alice.threadDelete("a"))).toBe(
      'Cannot delete thread "a": its descendants include threads owned by others (b-child)',
    );
    expect(await failure(() => bob.threadDelete("a-mine"))).toBe('Cannot update thread "a-mine": owned by "alice"');
    expect(await failure(() => alice.threadDelete("b"))).toBe('Cannot update thread "b": owned by "bob"');
    for (const id of ["a", "a-mine", "b-child", "b", "b-sub"]) expect(alice.store.threadExists("p", id), id).toBe(true);
    expect((await bob.threadDelete("b")).deleted).toEqual(["b", "b-sub"]);
    expect((await alice.threadDelete("a-mine")).deleted).toEqual(["a-mine"]);
  });

  test("solo mode: no ownership checks", async () => {
    const { bob } = await team("solo");
    await bob.summaryUpdate({ threadId: "a", content: "anyone may" });
    await bob.threadStatus({ threadId: "a-mine", status: "done" });
    expect((await bob.threadDelete("a")).deleted.sort()).toEqual(["a", "a-mine", "b-child"]);
  });
});

describe("author id", () => {
  const shortHash = (email: string) => createHash("sha256").update(email).digest("hex").slice(0, 6);

  test("slug of git user.name + short hash of user.email, the same in every clone", async () => {
    const user = { name: "Zoë Martin-Durand", email: " Zoe.Martin@Example.COM " };
    const one = makeTempRepo({ user });
    const two = makeTempRepo({ user });
    repos.push(one, two);
    const expected = `zoe-martin-durand-${shortHash("zoe.martin@example.com")}`;
    expect(await resolveAuthorId({}, one.dir)).toBe(expected);
    expect(await resolveAuthorId({}, two.dir)).toBe(expected);
    const other = makeTempRepo({ user: { name: "Zoë Martin-Durand", email: "someone-else@example.com" } });
    repos.push(other);
    expect(await resolveAuthorId({}, other.dir)).not.toBe(expected);
  });

  test("the services write the default author id into thread files", async () => {
    const repo = makeTempRepo({ user: { name: "Test Author", email: "author@example.com" } });
    repos.push(repo);
    const s = servicesFor(repo.dir, "x", { env: { THREADMIND_ROOT: repo.dir } });
    const { thread } = await s.projectCreate({ title: "P" });
    expect(thread.author).toBe(`test-author-${shortHash("author@example.com")}`);
  });

  test("THREADMIND_AUTHOR overrides it and must be a valid id", async () => {
    const repo = makeTempRepo();
    repos.push(repo);
    expect(await resolveAuthorId({ THREADMIND_AUTHOR: "ci-bot" }, repo.dir)).toBe("ci-bot");
    await expect(resolveAuthorId({ THREADMIND_AUTHOR: "../evil" }, repo.dir)).rejects.toThrow(
      'Invalid THREADMIND_AUTHOR "../evil"',
    );
    const s = servicesFor(repo.dir, "x", { env: { THREADMIND_AUTHOR: "Not Valid" } });
    await expect(s.projectCreate({ title: "P" })).rejects.toThrow(/Invalid THREADMIND_AUTHOR/);
    expect(existsSync(join(repo.dir, ".threadmind"))).toBe(false);
  });

  test("pure form: no email, no name", () => {
    expect(authorIdFrom("Ada Lovelace", null)).toBe("ada-lovelace");
    expect(authorIdFrom("李小龍", "bruce@example.com")).toMatch(/^t-[0-9a-f]{8}-[0-9a-f]{6}$/);
    expect(authorIdFrom("x".repeat(100), "e@x")).toMatch(/^x{40}-[0-9a-f]{6}$/);
  });
});
