// Guards the server's surface over stdio: 16 tools with titles and exact annotations, 11 prompts, resources, instructions size.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { TempRepo } from "../support/temp-repo.js";
import { closeServerInTempRepo, REPO_ROOT, serverInTempRepo, TM_SHORTCUTS, type RunningServer } from "./support/spawn-server.js";
import { readFileSync } from "node:fs";
import { join } from "node:path";

const TOOLS = [
  "project_create",
  "project_list",
  "project_switch",
  "thread_create",
  "thread_switch",
  "thread_list",
  "thread_status",
  "thread_merge",
  "thread_delete",
  "thread_rebase",
  "summary_update",
  "context_get",
  "threadmind_init",
  "stats_show",
  "thread_search",
  "thread_history",
];
// The four read-only tools, plus the two recall tools of issue 8 (also read-only).
const READ_ONLY = ["project_list", "thread_list", "context_get", "stats_show", "thread_search", "thread_history"];
const DESTRUCTIVE = ["thread_delete", "summary_update", "thread_merge"];
const PROMPTS = [
  "tm-help",
  "tm-context",
  "tm-tree",
  "tm-stats",
  "tm-create",
  "tm-switch",
  "tm-rebase",
  "tm-summary",
  "tm-init",
  "start-thread",
  "summarize-thread",
];

let repo: TempRepo;
let server: RunningServer;

beforeAll(async () => {
  ({ repo, server } = await serverInTempRepo());
});
afterAll(() => closeServerInTempRepo(server, repo));

describe("the built server over stdio", () => {
  test("announces its name and the package version", () => {
    const pkg = JSON.parse(readFileSync(join(REPO_ROOT, "package.json"), "utf8")) as { version: string };
    expect(server.client.getServerVersion()).toMatchObject({ name: "thread-mind", version: pkg.version });
  });

  test("instructions fit in the 2,048 characters Claude Code keeps and name every tm: shortcut", () => {
    const instructions = server.client.getInstructions() ?? "";
    expect(instructions.length).toBeGreaterThan(500);
    expect(instructions.length).toBeLessThanOrEqual(2048);
    for (const shortcut of TM_SHORTCUTS) {
      expect(instructions).toContain(shortcut);
    }
    for (const tool of [
      "context_get",
      "summary_update",
      "thread_list",
      "thread_switch",
      "thread_create",
      "thread_merge",
      "thread_status",
    ])
      expect(instructions).toContain(tool);
  });

  test("declares tools, resources with listChanged, prompts and completions", () => {
    const caps = server.client.getServerCapabilities();
    expect(caps?.tools).toBeDefined();
    expect(caps?.resources?.listChanged).toBe(true);
    expect(caps?.prompts).toBeDefined();
    expect(caps?.completions).toBeDefined();
  });

  test("lists exactly the 16 tools, each with a title and the annotations the issue prescribes", async () => {
    const { tools } = await server.client.listTools();
    expect(tools.map((t) => t.name).sort()).toEqual([...TOOLS].sort());
    for (const tool of tools) {
      expect(tool.title, tool.name).toBeTruthy();
      expect(tool.description, tool.name).toBeTruthy();
      expect(tool.description!.length, tool.name).toBeLessThanOrEqual(2048);
      expect(tool.annotations?.readOnlyHint, tool.name).toBe(READ_ONLY.includes(tool.name));
      expect(tool.annotations?.destructiveHint, tool.name).toBe(DESTRUCTIVE.includes(tool.name));
      expect(typeof tool.annotations?.idempotentHint, tool.name).toBe("boolean");
      expect(tool.annotations?.openWorldHint, tool.name).toBe(false);
    }
    const idempotent = tools
      .filter((t) => t.annotations?.idempotentHint)
      .map((t) => t.name)
      .sort();
    expect(idempotent).toEqual([
      "context_get",
      "project_list",
      "project_switch",
      "stats_show",
      "thread_delete",
      "thread_history",
      "thread_list",
      "thread_rebase",
      "thread_search",
      "thread_switch",
      "threadmind_init",
    ]);
  });

  test("tool parameters are the ones in the tool table", async () => {
    const { tools } = await server.client.listTools();
    const params = Object.fromEntries(
      tools.map((t) => [
        t.name,
        { all: Object.keys(t.inputSchema.properties ?? {}).sort(), required: [...(t.inputSchema.required ?? [])].sort() },
      ]),
    );
    expect(params).toEqual({
      project_create: { all: ["mode", "systemContext", "title"], required: ["title"] },
      project_list: { all: [], required: [] },
      project_switch: { all: ["projectId"], required: ["projectId"] },
      thread_create: { all: ["parentId", "related", "title"], required: ["title"] },
      thread_switch: { all: ["maxTokens", "threadId"], required: ["threadId"] },
      thread_list: { all: ["depth", "rootId", "status"], required: [] },
      thread_status: { all: ["reason", "status", "threadId"], required: ["status"] },
      thread_merge: { all: ["parentSummary", "threadId"], required: ["parentSummary"] },
      thread_delete: { all: ["threadId"], required: ["threadId"] },
      thread_rebase: { all: ["newParentId", "threadId"], required: ["newParentId", "threadId"] },
      summary_update: { all: ["content", "paths", "related", "replaceSection", "section", "threadId"], required: ["content"] },
      context_get: { all: ["maxTokens"], required: [] },
      threadmind_init: { all: ["clients"], required: [] },
      stats_show: { all: [], required: [] },
      thread_search: { all: ["intent", "limit", "query", "scope", "status"], required: ["query"] },
      thread_history: { all: ["limit", "threadId"], required: [] },
    });
  });

  test("lists the 11 prompts with their arguments", async () => {
    const { prompts } = await server.client.listPrompts();
    expect(prompts.map((p) => p.name).sort()).toEqual([...PROMPTS].sort());
    const args = Object.fromEntries(
      prompts.map((p) => [p.name, (p.arguments ?? []).map((a) => `${a.name}${a.required ? "" : "?"}`)]),
    );
    expect(args).toMatchObject({
      "tm-create": ["title"],
      "tm-switch": ["threadId"],
      "tm-rebase": ["threadId", "newParentId"],
      "tm-summary": ["content?", "topic?"],
      "summarize-thread": ["topic?"],
    });
    for (const name of ["tm-help", "tm-context", "tm-tree", "tm-stats", "tm-init", "start-thread"])
      expect(args[name]).toEqual([]);
  });

  test("lists the context and tree resources and the per-thread template", async () => {
    const { resources } = await server.client.listResources();
    expect(resources.map((r) => r.uri)).toEqual(["threadmind://context", "threadmind://tree"]);
    const { resourceTemplates } = await server.client.listResourceTemplates();
    expect(resourceTemplates.map((t) => t.uriTemplate)).toEqual(["threadmind://threads/{threadId}"]);
  });
});
