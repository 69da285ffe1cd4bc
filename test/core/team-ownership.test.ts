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

/** The test tree's ids by their plain slug ("a", "b-child"...). */
let id = { main: "main", a: "", "a-mine": "", "b-child": "", b: "", "b-sub": "" };

async function team(
  mode: "team" | "solo" = "team",
): Promise<{ alice: ThreadMindServices; bob: ThreadMindServices; dir: string }> {
  const repo = makeTempRepo({ git: false });
  repos.push(repo);
  const alice = servicesFor(repo.dir, "alice-session", { env: { THREADMIND_AUTHOR: "alice" } });
  const bob = servicesFor(repo.dir, "bob-session", { env: { THREADMIND_AUTHOR: "bob" } });
  await alice.projectCreate({ title: "P", mode });
  // alice: main, a, a-mine (under a); bob: b-child (under a), b (under main), b-sub (under b)
  // Team projects give new threads a random suffix ("a-k3f9"): the ids are taken from what thread_create returned.
  id = { main: "main", a: "", "a-mine": "", "b-child": "", b: "", "b-sub": "" };
  id.a = (await alice.threadCreate({ title: "A", parentId: "main" })).thread.id;
  await alice.summaryUpdate({ content: "alice's summary" });
  id["a-mine"] = (await alice.threadCreate({ title: "A mine", parentId: id.a })).thread.id;
  id["b-child"] = (await bob.threadCreate({ title: "B child", parentId: id.a })).thread.id;
  id.b = (await bob.threadCreate({ title: "B", parentId: "main" })).thread.id;
  id["b-sub"] = (await bob.threadCreate({ title: "B sub", parentId: id.b })).thread.id;
  await alice.threadSwitch(id.a);
  return { alice, bob, dir: repo.dir };
}

describe("team ownership", () => {
  test("authors are recorded in the thread files", async () => {
    const { alice } = await team();
    const { threads } = alice.store.readAllThreads("p");
    expect(Object.fromEntries([...threads.values()].map((t) => [t.id, t.author]))).toEqual({
      main: "alice",
      [id.a]: "alice",
      [id["a-mine"]]: "alice",
      [id["b-child"]]: "bob",
      [id.b]: "bob",
      [id["b-sub"]]: "bob",
    });
  });

  test("read, switch and create a child: allowed on teammates' threads", async () => {
    const { bob } = await team();
    const sw = await bob.threadSwitch(id.a);
    expect(sw.context.text).toContain("alice's summary");
    const child = await bob.threadCreate({ title: "Bob under A" });
    expect(child.thread).toMatchObject({ parentId: id.a, author: "bob" });
    expect((await bob.contextGet()).thread.id).toBe(child.thread.id);
    expect(child.thread.id).toMatch(/^bob-under-a-[0-9a-z]{4}$/);
  });

  test("update summary, change status, rebase: own threads only", async () => {
    const { alice, bob } = await team();
    expect(await failure(() => bob.summaryUpdate({ threadId: id.a, content: "hijack" }))).toBe(
      `Cannot update thread "${id.a}": owned by "alice"`,
    );
    expect(await failure(() => bob.summaryUpdate({ threadId: id.a, section: "state", content: "- x" }))).toBe(
      `Cannot update thread "${id.a}": owned by "alice"`,
    );
    expect(await failure(() => bob.threadStatus({ threadId: id.a, status: "abandoned" }))).toBe(
      `Cannot update thread "${id.a}": owned by "alice"`,
    );
    expect(await failure(() => bob.threadRebase(id["a-mine"], id.b))).toBe(
      `Cannot update thread "${id["a-mine"]}": owned by "alice"`,
    );
    expect(alice.store.readThread("p", id.a).summary).toBe("alice's summary");
    expect(alice.store.readThread("p", id.a).status).toBeUndefined();
    expect(alice.store.readThread("p", id["a-mine"]).parentId).toBe(id.a);
    // The owner can, and a teammate may rebase their own thread under anyone's.
    await alice.summaryUpdate({ threadId: id.a, section: "decisions", content: "- mine" });
    await alice.threadStatus({ threadId: id["a-mine"], status: "done" });
    await bob.threadRebase(id["b-child"], id["a-mine"]);
    await bob.summaryUpdate({ threadId: id.b, content: "bob's" });
    expect(alice.store.readThread("p", id["b-child"]).parentId).toBe(id["a-mine"]);
  });

  test("merge into the parent: only when both are yours", async () => {
    const { alice, bob } = await team();
    // bob's thread under alice's thread: the parent is not his.
    expect(await failure(() => bob.threadMerge({ threadId: id["b-child"], parentSummary: "x" }))).toBe(
      `Cannot update thread "${id.a}": owned by "alice"`,
    );
    // alice's parent, bob's child: the child is not hers.
    expect(await failure(() => alice.threadMerge({ threadId: id["b-child"], parentSummary: "x" }))).toBe(
      `Cannot update thread "${id["b-child"]}": owned by "bob"`,
    );
    expect(alice.store.readThread("p", id.a).summary).toBe("alice's summary");
    expect(alice.store.readThread("p", id["b-child"]).status).toBeUndefined();
    // Both bob's.
    const merged = await bob.threadMerge({ threadId: id["b-sub"], parentSummary: "merged by bob" });
    expect(merged.parent.summary).toBe("merged by bob");
    // Both alice's.
    await alice.threadMerge({ threadId: id["a-mine"], parentSummary: "merged by alice" });
    expect(alice.store.readThread("p", id.a).summary).toBe("merged by alice");
  });

  test("delete: own threads unless a descendant is a teammate's; never a teammate's", async () => {
    const { alice, bob } = await team();
    expect(await failure(() => alice.threadDelete(id.a))).toBe(
      `Cannot delete thread "${id.a}": its descendants include threads owned by others (${id["b-child"]})`,
    );
    expect(await failure(() => bob.threadDelete(id["a-mine"]))).toBe(`Cannot update thread "${id["a-mine"]}": owned by "alice"`);
    expect(await failure(() => alice.threadDelete(id.b))).toBe(`Cannot update thread "${id.b}": owned by "bob"`);
    for (const x of [id.a, id["a-mine"], id["b-child"], id.b, id["b-sub"]])
      expect(alice.store.threadExists("p", x), x).toBe(true);
    expect((await bob.threadDelete(id.b)).deleted).toEqual([id.b, id["b-sub"]]);
    expect((await alice.threadDelete(id["a-mine"])).deleted).toEqual([id["a-mine"]]);
  });

  test("solo mode: no ownership checks", async () => {
    const { bob } = await team("solo");
    await bob.summaryUpdate({ threadId: id.a, content: "anyone may" });
    await bob.threadStatus({ threadId: id["a-mine"], status: "done" });
    expect((await bob.threadDelete(id.a)).deleted.sort()).toEqual([id.a, id["a-mine"], id["b-child"]].sort());
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
