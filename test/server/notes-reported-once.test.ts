// Guards the once-only notes in tool results: the 0.4 migration report on first use, and local-state problems.
import { existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import { makeTempRepo, type TempRepo } from "../support/temp-repo.js";
import { spawnServer, textOf, type RunningServer } from "./support/spawn-server.js";

let repo: TempRepo | undefined;
let server: RunningServer | undefined;
afterEach(async () => {
  await server?.close();
  repo?.cleanup();
  server = undefined;
  repo = undefined;
});

const notesOf = (result: unknown) => (result as CallToolResult).content.slice(1).map((c) => (c.type === "text" ? c.text : ""));

/** A store as ThreadMind 0.4 left it: parentage in trees/<project>.json, naive frontmatter without parentId. */
function writeV04Store(dir: string): void {
  const store = join(dir, ".threadmind");
  mkdirSync(join(store, "projects"), { recursive: true });
  mkdirSync(join(store, "threads", "legacy"), { recursive: true });
  mkdirSync(join(store, "trees"), { recursive: true });
  writeFileSync(
    join(store, "projects", "legacy.json"),
    JSON.stringify({ id: "legacy", title: "Legacy", mode: "solo", createdAt: "2025-01-01T00:00:00.000Z" }),
  );
  writeFileSync(
    join(store, "threads", "legacy", "main.md"),
    "---\nid: main\ntitle: Legacy\nstatus: active\ncreatedAt: 2025-01-01T00:00:00.000Z\nupdatedAt: 2025-01-01T00:00:00.000Z\n---\n## Decisions\n- old decision\n",
  );
  writeFileSync(
    join(store, "threads", "legacy", "api.md"),
    "---\nid: api\ntitle: API\nstatus: active\ncreatedAt: 2025-01-02T00:00:00.000Z\nupdatedAt: 2025-01-02T00:00:00.000Z\n---\n## State\n- api state\n",
  );
  writeFileSync(
    join(store, "trees", "legacy.json"),
    JSON.stringify({ nodes: { main: { parentId: null }, api: { parentId: "main" } } }),
  );
  writeFileSync(join(store, "config.json"), JSON.stringify({ activeProjectId: "legacy" }));
}

describe("notes in tool results", () => {
  test("the 0.4 migration runs on first use and its report comes once, with the next tool result", async () => {
    repo = makeTempRepo();
    writeV04Store(repo.dir);
    server = await spawnServer({ cwd: repo.dir });
    const first = await server.client.callTool({ name: "thread_list", arguments: {} });
    expect(first.isError).toBeFalsy();
    expect(textOf(first)).toBe("Project: Legacy\nLegacy (main) ◀ current\n└── API (api)");
    const notes = notesOf(first);
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatch(
      /^Note: ThreadMind upgraded this store from the 0\.4 layout:\n- project "legacy": 2 thread files now carry their parentId/,
    );
    expect(existsSync(join(repo.dir, ".threadmind", "trees"))).toBe(false);
    const second = await server.client.callTool({ name: "thread_list", arguments: {} });
    expect(notesOf(second)).toEqual([]);
  });

  test("an unusable config.json is reported once, then set aside when state is next written", async () => {
    repo = makeTempRepo();
    server = await spawnServer({ cwd: repo.dir });
    await server.client.callTool({ name: "project_create", arguments: { title: "Shop" } });
    const configPath = join(repo.dir, ".threadmind", "config.json");
    writeFileSync(configPath, "{ not json");
    const switched = await server.client.callTool({ name: "thread_create", arguments: { title: "Auth" } });
    expect(switched.isError).toBeFalsy();
    const notes = notesOf(switched);
    expect(notes[0]).toMatch(
      new RegExp(
        `^Note: ThreadMind's local state ${configPath.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} could not be used \\(invalid JSON`,
      ),
    );
    expect(notes[0]).toContain("it will be set aside and rebuilt. Thread files are not affected.");
    expect(notes[1]).toMatch(/^Note: The unusable config\.json was moved to .*config\.json\.corrupt-/);
    expect(readdirSync(join(repo.dir, ".threadmind")).some((f) => f.startsWith("config.json.corrupt-"))).toBe(true);
    const next = await server.client.callTool({ name: "thread_list", arguments: {} });
    expect(notesOf(next)).toEqual([]);
  });
});
