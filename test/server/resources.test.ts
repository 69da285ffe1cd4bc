// Guards the resources: context and tree, every thread listed for @-mentions, one thread's summary alone, completion, list_changed.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { TextResourceContents } from "@modelcontextprotocol/sdk/types.js";
import type { TempRepo } from "../support/temp-repo.js";
import { call, closeServerInTempRepo, serverInTempRepo, type RunningServer } from "./support/spawn-server.js";

let repo: TempRepo;
let server: RunningServer;
beforeAll(async () => {
  ({ repo, server } = await serverInTempRepo({ "README.md": "x\n" }));
});
afterAll(() => closeServerInTempRepo(server, repo));

async function read(uri: string): Promise<TextResourceContents> {
  const { contents } = await server.client.readResource({ uri });
  expect(contents).toHaveLength(1);
  const first = contents[0] as TextResourceContents;
  expect(first.uri).toBe(uri);
  expect(first.mimeType).toBe("text/markdown");
  return first;
}

describe("resources before any project", () => {
  test("resources/list has only the static resources, and reading them says there is no project", async () => {
    const { resources } = await server.client.listResources();
    expect(resources.map((r) => r.uri)).toEqual(["threadmind://context", "threadmind://tree"]);
    await expect(server.client.readResource({ uri: "threadmind://context" })).rejects.toThrow(
      "No ThreadMind project in this workspace",
    );
    const completion = await server.client.complete({
      ref: { type: "ref/resource", uri: "threadmind://threads/{threadId}" },
      argument: { name: "threadId", value: "" },
    });
    expect(completion.completion.values).toEqual([]);
  });
});

describe("resources with threads", () => {
  beforeAll(async () => {
    await call(server, "project_create", { title: "Shop" });
    await call(server, "summary_update", { content: "## Decisions\n- Use Postgres\n\n## State\n- root state" });
    await call(server, "thread_create", { title: "Auth" });
    await call(server, "summary_update", { content: "## Decisions\n- JWT\n\n## State\n- auth state" });
    repo.git("checkout", "-q", "-b", "feature/ui");
    await call(server, "thread_create", { title: "Auth UI", parentId: "auth" });
    await call(server, "thread_create", { title: "Billing", parentId: "main" });
    await call(server, "thread_status", { threadId: "billing", status: "abandoned", reason: "later" });
    await call(server, "thread_switch", { threadId: "auth" });
  });

  test("resources/list titles each thread with its own title; its description says its status and whether it is this window's", async () => {
    const { resources } = await server.client.listResources();
    expect(resources.slice(0, 2).map((r) => r.uri)).toEqual(["threadmind://context", "threadmind://tree"]);
    expect(
      resources
        .slice(2)
        .map((r) => ({ uri: r.uri, name: r.name, title: r.title, description: r.description, mimeType: r.mimeType })),
    ).toEqual([
      {
        uri: "threadmind://threads/main",
        name: "Shop",
        title: "Shop",
        description: "Shop · open; thread main",
        mimeType: "text/markdown",
      },
      {
        uri: "threadmind://threads/auth",
        name: "Auth",
        title: "Auth",
        description: "Auth · open, current thread of this window; thread auth",
        mimeType: "text/markdown",
      },
      {
        uri: "threadmind://threads/auth-ui",
        name: "Auth UI",
        title: "Auth UI",
        description: "Auth UI · open, branch feature/ui; thread auth-ui",
        mimeType: "text/markdown",
      },
      {
        uri: "threadmind://threads/billing",
        name: "Billing",
        title: "Billing",
        description: "Billing · abandoned; thread billing",
        mimeType: "text/markdown",
      },
    ]);
    // No two threads share a title in the menu, and "active" (both "open" and "this window's") is gone from it.
    expect(resources.slice(2).every((r) => !(r.description ?? "").includes("active"))).toBe(true);
  });

  test("threadmind://context is the active thread's assembled context", async () => {
    const { text } = await read("threadmind://context");
    expect(text).toContain("## Thread: Auth (current)");
    expect(text).toContain("- Use Postgres");
    expect(text).not.toContain("root state");
    expect(text).toBe(await call(server, "context_get"));
  });

  test("threadmind://tree is the thread tree", async () => {
    expect((await read("threadmind://tree")).text).toBe(await call(server, "thread_list"));
  });

  test("a thread resource returns that thread's summary alone, without its ancestors", async () => {
    expect((await read("threadmind://threads/auth")).text).toBe("## Decisions\n- JWT\n\n## State\n- auth state");
    expect((await read("threadmind://threads/main")).text).toBe("## Decisions\n- Use Postgres\n\n## State\n- root state");
    expect((await read("threadmind://threads/auth-ui")).text).toBe('_(Thread "Auth UI" (auth-ui) has no summary yet.)_');
  });

  test("reading an unknown or invalid thread id is a resource error with the core's text", async () => {
    await expect(server.client.readResource({ uri: "threadmind://threads/nope" })).rejects.toThrow('Thread "nope" not found');
    await expect(server.client.readResource({ uri: "threadmind://threads/NOPE" })).rejects.toThrow("Invalid thread id");
  });

  test("thread ids complete in the resource template", async () => {
    const complete = (value: string) =>
      server.client.complete({
        ref: { type: "ref/resource", uri: "threadmind://threads/{threadId}" },
        argument: { name: "threadId", value },
      });
    expect((await complete("au")).completion.values).toEqual(["auth", "auth-ui"]);
    expect((await complete("")).completion.values).toEqual(["auth", "auth-ui", "billing", "main"]);
    expect((await complete("zz")).completion.values).toEqual([]);
  });

  test("summary_update and thread_switch do not change the list; delete does and the list follows", async () => {
    const before = server.listChanged();
    await call(server, "summary_update", { section: "state", content: "- more" });
    await call(server, "thread_switch", { threadId: "main" });
    expect(server.listChanged()).toBe(before);
    await call(server, "thread_delete", { threadId: "billing" });
    expect(server.listChanged()).toBe(before + 1);
    const { resources } = await server.client.listResources();
    expect(resources.map((r) => r.uri)).not.toContain("threadmind://threads/billing");
  });
});
