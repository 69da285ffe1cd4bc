// Guards every documented failure: results with isError and the core's texts, ids refused by input validation, limits, no crash.
import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { makeTempRepo, type TempRepo } from "../support/temp-repo.js";
import { allTextOf, call, callError, spawnServer, until, type RunningServer } from "./support/spawn-server.js";

const NO_PROJECT = "No ThreadMind project in this workspace. Only create one (project_create) if the user asks for it.";
const INPUT_VALIDATION = /^MCP error -32602: Input validation error: Invalid arguments for tool \w+: /;

/** A GitHub-token-shaped string made at run time, so that the repository holds no secret-looking literal. */
function fakeGithubToken(): string {
  const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
  const body = [...randomBytes(36)].map((b) => alphabet[b % alphabet.length]).join("");
  return `g${"hp_"}${body}`;
}

const repos: TempRepo[] = [];
const servers: RunningServer[] = [];
async function start(repo: TempRepo, env: Record<string, string> = {}): Promise<RunningServer> {
  const server = await spawnServer({ cwd: repo.dir, env });
  servers.push(server);
  return server;
}
function newRepo(): TempRepo {
  const repo = makeTempRepo();
  repos.push(repo);
  return repo;
}

let repo: TempRepo;
let server: RunningServer;
beforeAll(async () => {
  repo = newRepo();
  server = await start(repo);
});
afterAll(async () => {
  for (const s of servers) await s.close();
  for (const r of repos) r.cleanup();
});

describe("without a project", () => {
  test("every tool that needs a project says there is none and how to get one", async () => {
    for (const [name, args] of [
      ["thread_list", {}],
      ["context_get", {}],
      ["thread_create", { title: "x" }],
      ["thread_switch", { threadId: "main" }],
      ["summary_update", { content: "x" }],
      ["stats_show", {}],
    ] as const) {
      expect(await callError(server, name, args), name).toBe(NO_PROJECT);
    }
    expect(existsSync(join(repo.dir, ".threadmind", "projects"))).toBe(false);
  });

  test("project_create refuses a blank title, a title over 200 characters and a system context over 8,000", async () => {
    expect(await callError(server, "project_create", { title: "   " })).toBe("The project title must not be empty.");
    expect(await callError(server, "project_create", { title: "t".repeat(201) })).toBe(
      "The project title is too long: 201 characters (limit 200).",
    );
    expect(await callError(server, "project_create", { title: "Shop", systemContext: "s".repeat(8001) })).toBe(
      "The system context is too long: 8,001 characters (limit 8,000).",
    );
  });

  test("absurdly large inputs are refused by the schema before the tool runs", async () => {
    expect(await callError(server, "project_create", { title: "t".repeat(100_000) })).toMatch(INPUT_VALIDATION);
    expect(await callError(server, "summary_update", { content: "c".repeat(200_000) })).toMatch(INPUT_VALIDATION);
  });
});

describe("with a project", () => {
  beforeAll(async () => {
    await call(server, "project_create", { title: "Shop" });
    await call(server, "thread_create", { title: "A" });
    await call(server, "thread_create", { title: "B" });
    await call(server, "thread_switch", { threadId: "a" });
  });

  test("project_create refuses a title taken already, whatever its case: nothing made", async () => {
    expect(await callError(server, "project_create", { title: " shop" })).toBe(
      'A project titled "Shop" exists already (id shop). Nothing was created: project_switch shop works in it, or give the new project another title.',
    );
    expect(existsSync(join(repo.dir, ".threadmind", "projects", "shop-2.json"))).toBe(false);
  });

  test("ids like ../x are refused by input validation before the tool runs", async () => {
    const calls: [string, Record<string, unknown>][] = [
      ["project_switch", { projectId: "../x" }],
      ["thread_switch", { threadId: "../x" }],
      ["thread_delete", { threadId: "../x" }],
      ["thread_rebase", { threadId: "../x", newParentId: "main" }],
      ["thread_rebase", { threadId: "a", newParentId: "../x" }],
      ["thread_create", { title: "x", parentId: "../x" }],
      ["thread_status", { status: "done", threadId: "../x" }],
      ["thread_merge", { parentSummary: "x", threadId: "../x" }],
      ["summary_update", { content: "x", threadId: "../x" }],
      ["thread_switch", { threadId: "A" }],
      ["thread_switch", { threadId: "x".repeat(65) }],
    ];
    for (const [name, args] of calls) {
      const text = await callError(server, name, args);
      expect(text, name).toMatch(INPUT_VALIDATION);
      expect(text, name).toContain('must be lowercase letters a-z, digits and "-", 1 to 64 characters');
    }
    // Nothing was created or left beside the threads (format 2: one folder per thread).
    expect(readdirSync(join(repo.dir, ".threadmind", "threads", "shop")).sort()).toEqual(["a", "b", "main"]);
  });

  test("other invalid parameters are refused by the schema too", async () => {
    expect(await callError(server, "summary_update", { content: "x", section: "notes" })).toMatch(INPUT_VALIDATION);
    expect(await callError(server, "context_get", { maxTokens: 0 })).toMatch(INPUT_VALIDATION);
    expect(await callError(server, "thread_status", { status: "closed" })).toMatch(INPUT_VALIDATION);
    expect(await callError(server, "project_create", { title: "x", mode: "shared" })).toMatch(INPUT_VALIDATION);
    expect(await callError(server, "threadmind_init", { clients: ["vim"] })).toMatch(INPUT_VALIDATION);
  });

  test("not-found errors name the missing project or thread", async () => {
    expect(await callError(server, "project_switch", { projectId: "nope" })).toBe(
      'Project "nope" not found. Existing projects: shop',
    );
    expect(await callError(server, "thread_switch", { threadId: "nope" })).toBe('Thread "nope" not found');
    expect(await callError(server, "thread_delete", { threadId: "nope" })).toBe('Thread "nope" not found');
    expect(await callError(server, "summary_update", { content: "x", threadId: "nope" })).toBe('Thread "nope" not found');
    expect(await callError(server, "thread_create", { title: "x", parentId: "nope" })).toBe('Parent thread "nope" not found');
    expect(await callError(server, "thread_rebase", { threadId: "a", newParentId: "nope" })).toBe(
      'Parent thread "nope" not found',
    );
  });

  test("the main thread cannot be deleted, moved, closed or merged", async () => {
    expect(await callError(server, "thread_delete", { threadId: "main" })).toBe("Cannot delete the main thread");
    expect(await callError(server, "thread_rebase", { threadId: "main", newParentId: "a" })).toBe(
      "Cannot rebase the main thread",
    );
    expect(await callError(server, "thread_status", { threadId: "main", status: "done" })).toBe(
      "The main thread cannot be closed",
    );
    expect(await callError(server, "thread_merge", { threadId: "main", parentSummary: "x" })).toBe(
      'Thread "main" has no parent to merge into (the main thread cannot be closed)',
    );
  });

  test("thread_rebase refuses a descendant, itself and the current parent", async () => {
    expect(await callError(server, "thread_rebase", { threadId: "a", newParentId: "b" })).toBe('"b" is a descendant of "a"');
    expect(await callError(server, "thread_rebase", { threadId: "a", newParentId: "a" })).toBe('Cannot rebase "a" onto itself');
    expect(await callError(server, "thread_rebase", { threadId: "a", newParentId: "main" })).toBe(
      '"a" is already a child of "main"',
    );
  });

  test("summary and reason limits give the length and the limit", async () => {
    expect(await callError(server, "summary_update", { content: "c".repeat(32_001) })).toBe(
      "The content is too long: 32,001 characters (limit 32,000).",
    );
    expect(await callError(server, "summary_update", { content: "c".repeat(16_001), section: "state" })).toBe(
      "The content is too long: 16,001 characters (limit 16,000).",
    );
    await call(server, "summary_update", { content: `## State\n${"s".repeat(20_000)}` });
    expect(await callError(server, "summary_update", { content: "d".repeat(15_000), section: "decisions" })).toMatch(
      /^The summary of "a" is too long: 35,0\d\d characters \(limit 32,000\)\.$/,
    );
    expect(await callError(server, "thread_status", { status: "done", reason: "r".repeat(2001) })).toBe(
      "The reason is too long: 2,001 characters (limit 2,000).",
    );
    expect(
      await callError(server, "summary_update", { content: "x", paths: Array.from({ length: 101 }, (_, i) => `p${i}`) }),
    ).toBe("Too many paths: 101 (limit 100).");
    expect(await callError(server, "summary_update", { content: "x", paths: ["p".repeat(501)] })).toBe(
      "A path is too long: 501 characters (limit 500).",
    );
    expect(await callError(server, "thread_merge", { parentSummary: "  " })).toBe("The parent summary must not be empty.");
    expect(await callError(server, "thread_create", { title: "" })).toBe("The thread title must not be empty.");
  });

  test("a summary with a credential is refused and nothing is written", async () => {
    const text = await callError(server, "summary_update", { section: "state", content: `- token ${fakeGithubToken()}` });
    expect(text).toMatch(
      /^Refused to write the summary of thread "a": it contains what looks like a credential \(GitHub token on line 1\)\. Nothing was written\./,
    );
    expect(await call(server, "context_get")).not.toContain("token g");
  });

  test("an unreadable thread file is named with the reason, and the tree reports it", async () => {
    writeFileSync(join(repo.dir, ".threadmind", "threads", "shop", "broken.md"), "no frontmatter here\n");
    const text = await callError(server, "thread_switch", { threadId: "broken" });
    expect(text).toContain(`Cannot read ${join(repo.dir, ".threadmind", "threads", "shop", "broken.md")}: `);
    expect(text).toContain("Fix or remove the file; ThreadMind will not overwrite it.");
    expect(await call(server, "thread_list")).toContain("⚠ 1 thread file could not be read (left as they are):");
    rmSync(join(repo.dir, ".threadmind", "threads", "shop", "broken.md"));
  });

  test("a token cache that cannot be saved is a notice: the summary is written once and the operation succeeds", async () => {
    // The token-count cache path is blocked by a directory where its file should be: saving it fails with EISDIR.
    const cache = join(repo.dir, ".threadmind", "cache");
    rmSync(cache, { recursive: true, force: true });
    mkdirSync(join(cache, "token-counts.jsonl"), { recursive: true });
    writeFileSync(join(cache, "token-counts.jsonl", "x"), "x");
    const line = `- ${randomBytes(8).toString("hex")}`;
    const result = await server.client.callTool({ name: "summary_update", arguments: { section: "next-steps", content: line } });
    expect(result.isError).toBeFalsy();
    expect(allTextOf(result)).toContain("could not save its token-count cache");
    // The after-write work (once the client pauses) writes in cache/ too: its sweep's file, written last, says it ran.
    await until(() => existsSync(join(cache, "conflict-sweep.json")), "the after-write sweep");
    await call(server, "project_list");
    rmSync(cache, { recursive: true, force: true });
    expect((await call(server, "context_get")).split(line).length - 1).toBe(1);
  });

  test("a directory in the lock file's place is refused with a clear error and the server keeps serving", async () => {
    const lock = join(repo.dir, ".threadmind", ".lock");
    mkdirSync(lock);
    writeFileSync(join(lock, "x"), "x");
    const result = await server.client.callTool({ name: "summary_update", arguments: { section: "next-steps", content: "- x" } });
    rmSync(lock, { recursive: true, force: true });
    expect(result.isError).toBe(true);
    expect(allTextOf(result)).toContain(
      `Cannot read ${lock}: is a directory, not a regular file; ThreadMind opens only regular files.`,
    );
    expect(await call(server, "thread_list")).toContain("Project: Shop");
  });

  test("a FIFO at measurements.jsonl, measurements.1.jsonl or .lock never blocks a tool: it is refused with a clear error", async () => {
    for (const name of ["measurements.jsonl", "measurements.1.jsonl", ".lock"]) {
      const fifo = join(repo.dir, ".threadmind", name);
      rmSync(fifo, { force: true });
      execFileSync("mkfifo", [fifo]);
      try {
        const texts: string[] = [];
        for (const [tool, args] of [
          ["summary_update", { section: "next-steps", content: `- ${name}` }],
          ["stats_show", {}],
          ["thread_list", {}],
          ["context_get", {}],
        ] as const) {
          texts.push(allTextOf(await server.client.callTool({ name: tool, arguments: args })));
        }
        // Whatever needed the FIFO says so; nothing hangs (a blocked open would freeze the whole server).
        expect(texts.join("\n"), name).toContain(
          `Cannot read ${fifo}: is a FIFO (named pipe), not a regular file; ThreadMind opens only regular files.`,
        );
        expect(texts[2], name).toContain("Project: Shop");
      } finally {
        rmSync(fifo, { force: true });
      }
    }
  });
});

describe("team mode", () => {
  test("a thread owned by another author cannot be changed, and deleting others' descendants is refused", async () => {
    const teamRepo = newRepo();
    const alice = await start(teamRepo, { THREADMIND_AUTHOR: "alice" });
    await call(alice, "project_create", { title: "Team", mode: "team" });
    // Team projects give new threads a random id suffix (#25): the ids are read from the replies.
    const api = /\(id (api-[a-z0-9]{4})\)/.exec(await call(alice, "thread_create", { title: "Api" }))?.[1];
    expect(api).toBeDefined();
    const bob = await start(teamRepo, { THREADMIND_AUTHOR: "bob" });
    expect(await callError(bob, "summary_update", { content: "x", threadId: api })).toBe(
      `Cannot update thread "${api}": owned by "alice"`,
    );
    expect(await callError(bob, "thread_status", { threadId: api, status: "done" })).toBe(
      `Cannot update thread "${api}": owned by "alice"`,
    );
    const child = /\(id (bob-child-[a-z0-9]{4})\)/.exec(
      await call(bob, "thread_create", { title: "Bob child", parentId: api }),
    )?.[1];
    expect(child).toBeDefined();
    expect(await callError(alice, "thread_delete", { threadId: api })).toBe(
      `Cannot delete thread "${api}": its descendants include threads owned by others (${child})`,
    );
  });
});

describe("several projects and no selection", () => {
  test("a new session with two projects and no local state is asked to pick one", async () => {
    const multi = newRepo();
    const first = await start(multi);
    await call(first, "project_create", { title: "One" });
    await call(first, "project_create", { title: "Two" });
    await first.close();
    servers.splice(servers.indexOf(first), 1);
    rmSync(join(multi.dir, ".threadmind", "config.json"));
    const second = await start(multi);
    expect(await callError(second, "thread_list")).toBe(
      "No active project. Existing projects: one, two. Use project_switch to select one.",
    );
    expect(await call(second, "project_list")).toContain("No project is selected for this session: use project_switch.");
    await call(second, "project_switch", { projectId: "two" });
    expect(await call(second, "thread_list")).toBe("Project: Two\nTwo (main) ◀ current");
  });
});
