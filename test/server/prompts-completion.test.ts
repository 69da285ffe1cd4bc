// Guards the 11 prompts (embedded results vs. asking for a tool call, aliases) and thread-id completion of prompt arguments.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { GetPromptResult } from "@modelcontextprotocol/sdk/types.js";
import type { TempRepo } from "../support/temp-repo.js";
import { call, closeServerInTempRepo, serverInTempRepo, TM_SHORTCUTS, type RunningServer } from "./support/spawn-server.js";

let repo: TempRepo;
let server: RunningServer;
beforeAll(async () => {
  ({ repo, server } = await serverInTempRepo());
});
afterAll(() => closeServerInTempRepo(server, repo));

function textOfPrompt(result: GetPromptResult): string {
  expect(result.messages).toHaveLength(1);
  const message = result.messages[0]!;
  expect(message.role).toBe("user");
  if (message.content.type !== "text") throw new Error(`expected text, got ${message.content.type}`);
  return message.content.text;
}
const prompt = async (name: string, args: Record<string, string> = {}) =>
  textOfPrompt(await server.client.getPrompt({ name, arguments: args }));
const completePrompt = async (name: string, argument: string, value: string, context?: Record<string, string>) =>
  (
    await server.client.complete({
      ref: { type: "ref/prompt", name },
      argument: { name: argument, value },
      ...(context ? { context: { arguments: context } } : {}),
    })
  ).completion.values;

describe("prompts before any project", () => {
  test("embedding prompts show the core's message instead of failing", async () => {
    expect(await prompt("tm-context")).toBe(
      "ThreadMind could not do this: No ThreadMind project in this workspace. Only create one (project_create) if the user asks for it.",
    );
    expect(await prompt("tm-tree")).toContain("No ThreadMind project in this workspace");
    expect(await prompt("tm-summary")).toContain("No ThreadMind project in this workspace");
    expect(await completePrompt("tm-switch", "threadId", "")).toEqual([]);
  });
});

describe("prompts with a project", () => {
  beforeAll(async () => {
    await call(server, "project_create", { title: "Shop" });
    await call(server, "summary_update", { content: "## Decisions\n- Use Postgres" });
    await call(server, "thread_create", { title: "Auth" });
    await call(server, "summary_update", { content: "## State\n- login works" });
    await call(server, "thread_create", { title: "Auth UI", parentId: "main" });
    await call(server, "thread_switch", { threadId: "auth" });
  });

  test("tm-help lists every tm: shortcut", async () => {
    const text = await prompt("tm-help");
    for (const s of TM_SHORTCUTS) {
      expect(text).toContain(`- ${s}: `);
    }
  });

  test("tm-context and its alias start-thread embed the assembled context", async () => {
    const context = await call(server, "context_get");
    const text = await prompt("tm-context");
    expect(text).toBe(`ThreadMind context of the current thread (already loaded: no need to call context_get):\n\n${context}`);
    expect(await prompt("start-thread")).toBe(text);
  });

  test("tm-tree embeds the tree and tm-stats the statistics", async () => {
    expect(await prompt("tm-tree")).toBe(`ThreadMind thread tree:\n\n${await call(server, "thread_list")}`);
    const stats = await prompt("tm-stats");
    expect(stats).toContain('ThreadMind Stats: "Shop"');
    expect(stats).toContain("Threads: 3 (3 open, 0 done, 0 abandoned)");
  });

  test("tm-create, tm-switch, tm-rebase and tm-init ask the model to call the matching tool", async () => {
    expect(await prompt("tm-create", { title: 'Say "hi"' })).toBe(
      'Create a new ThreadMind thread: call thread_create with title "Say \\"hi\\"". Then continue in that thread.',
    );
    expect(await prompt("tm-switch", { threadId: "auth-ui" })).toContain('call thread_switch with threadId "auth-ui"');
    expect(await prompt("tm-rebase", { threadId: "auth-ui", newParentId: "auth" })).toContain(
      'call thread_rebase with threadId "auth-ui" and newParentId "auth"',
    );
    expect(await prompt("tm-init")).toContain("Call threadmind_init");
    // Nothing was done by the prompts themselves.
    expect(await call(server, "thread_list")).toContain("├── Auth (auth) ◀ current\n└── Auth UI (auth-ui)");
  });

  test("tm-summary with content asks to record it; without, it gives the current summary and the section template", async () => {
    const withContent = await prompt("tm-summary", { content: "- chose argon2" });
    expect(withContent).toContain("call summary_update with it as content and the section it belongs to");
    expect(withContent).toContain("\n\n- chose argon2");
    const without = await prompt("tm-summary", { topic: "password hashing" });
    expect(without).toContain(
      'Update the summary of the current ThreadMind thread "Auth" (auth) from this conversation, focusing on: password hashing.',
    );
    expect(without).toContain("Current summary:\n## State\n- login works\n");
    expect(without).toContain(
      "Section template:\n## Decisions\n- …\n\n## Constraints\n- …\n\n## State\n- …\n\n## Open questions\n- …\n\n## Next steps\n- …",
    );
    expect(without).toContain("Then call summary_update with the whole new summary as content");
    expect(await prompt("summarize-thread", { topic: "password hashing" })).toBe(without);
    expect(await prompt("summarize-thread")).toBe(await prompt("tm-summary"));
  });

  test("an invalid thread id in a prompt argument is refused", async () => {
    await expect(server.client.getPrompt({ name: "tm-switch", arguments: { threadId: "../x" } })).rejects.toThrow(
      /Invalid arguments for prompt tm-switch/,
    );
  });

  test("thread-id arguments complete; tm-rebase's new parent leaves out the thread being moved", async () => {
    expect(await completePrompt("tm-switch", "threadId", "")).toEqual(["auth", "auth-ui", "main"]);
    expect(await completePrompt("tm-switch", "threadId", "auth-")).toEqual(["auth-ui"]);
    expect(await completePrompt("tm-rebase", "threadId", "a")).toEqual(["auth", "auth-ui"]);
    expect(await completePrompt("tm-rebase", "newParentId", "", { threadId: "auth-ui" })).toEqual(["auth", "main"]);
  });
});
