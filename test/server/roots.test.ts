// Guards how the workspace is chosen: client roots (a root with .threadmind wins), list_changed, THREADMIND_ROOT, CLAUDE_PROJECT_DIR, cwd.
import { existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, test } from "vitest";
import { makeTempRepo, type TempRepo } from "../support/temp-repo.js";
import { allTextOf, call, spawnServer, until, type RunningServer, type SpawnOptions } from "./support/spawn-server.js";

const repos: TempRepo[] = [];
const servers: RunningServer[] = [];
function newRepo(): TempRepo {
  const repo = makeTempRepo();
  repos.push(repo);
  return repo;
}
async function start(options: SpawnOptions): Promise<RunningServer> {
  const server = await spawnServer(options);
  servers.push(server);
  return server;
}
afterAll(async () => {
  for (const s of servers) await s.close();
  for (const r of repos) r.cleanup();
});

/** A repo whose .threadmind already holds a project with this title. */
async function repoWithProject(title: string): Promise<TempRepo> {
  const repo = newRepo();
  const creator = await start({ cwd: repo.dir });
  await call(creator, "project_create", { title });
  return repo;
}

const workspaceOf = async (server: RunningServer) => {
  const text = await call(server, "project_list");
  const match = /^(?:Projects in |No ThreadMind project in )(.+?)[:.](?:\n| Only)/.exec(text);
  if (!match) throw new Error(`unexpected project_list text: ${text}`);
  return match[1];
};

describe("client roots", () => {
  test("the server asks for roots after initialized and works in the client's root, not its cwd", async () => {
    const cwdRepo = newRepo();
    const rootRepo = newRepo();
    const server = await start({ cwd: cwdRepo.dir, roots: [rootRepo.dir] });
    await call(server, "project_create", { title: "Rooted" });
    expect(server.rootsAsked()).toBe(1);
    expect(existsSync(join(rootRepo.dir, ".threadmind", "projects", "rooted.json"))).toBe(true);
    expect(existsSync(join(cwdRepo.dir, ".threadmind"))).toBe(false);
  });

  test("among several roots, one that already contains .threadmind wins", async () => {
    const empty = newRepo();
    const withStore = await repoWithProject("Existing");
    const server = await start({ cwd: empty.dir, roots: [empty.dir, withStore.dir] });
    expect(await workspaceOf(server)).toBe(withStore.dir);
    expect(await call(server, "project_list")).toContain("- Existing (existing, solo) ◀ this session");
  });

  test("a root inside a repository uses the repository's top level", async () => {
    const repo = newRepo();
    mkdirSync(join(repo.dir, "packages", "web"), { recursive: true });
    const server = await start({ cwd: repo.dir, roots: [join(repo.dir, "packages", "web")] });
    expect(await workspaceOf(server)).toBe(repo.dir);
  });

  test("roots/list_changed makes the server ask again, switch workspace and announce the resource list change", async () => {
    const first = await repoWithProject("First");
    const second = await repoWithProject("Second");
    const server = await start({ cwd: first.dir, roots: [first.dir] });
    expect(await call(server, "thread_list")).toBe("Project: First\nFirst (main) ◀ current");
    const notified = server.listChanged();
    await server.setRoots([second.dir]);
    expect(await call(server, "thread_list")).toBe("Project: Second\nSecond (main) ◀ current");
    expect(server.rootsAsked()).toBe(2);
    await until(() => server.listChanged() > notified, "resources/list_changed after the workspace moved");
  });

  test("THREADMIND_ROOT wins over the client's roots, which are then not asked for", async () => {
    const fixed = await repoWithProject("Fixed");
    const other = await repoWithProject("Other");
    const server = await start({ cwd: other.dir, roots: [other.dir], env: { THREADMIND_ROOT: fixed.dir } });
    expect(await workspaceOf(server)).toBe(fixed.dir);
    expect(server.rootsAsked()).toBe(0);
  });

  test("a client whose roots/list fails gets a note once, and the server keeps the environment's workspace", async () => {
    const repo = newRepo();
    const server = await start({ cwd: repo.dir, roots: [repo.dir], rootsError: "roots are unavailable" });
    const first = await server.client.callTool({ name: "project_list", arguments: {} });
    expect(allTextOf(first)).toContain(`No ThreadMind project in ${repo.dir}.`);
    expect(allTextOf(first)).toContain(
      `Note: Could not get the client's workspace roots (MCP error -32603: roots are unavailable); ThreadMind uses ${repo.dir} (from cwd).`,
    );
    const second = await server.client.callTool({ name: "project_list", arguments: {} });
    expect(allTextOf(second)).not.toContain("Note:");
  });
});

describe("clients without roots", () => {
  test("CLAUDE_PROJECT_DIR comes before the working directory", async () => {
    const cwdRepo = newRepo();
    const projectDir = newRepo();
    const server = await start({ cwd: cwdRepo.dir, env: { CLAUDE_PROJECT_DIR: projectDir.dir } });
    expect(await workspaceOf(server)).toBe(projectDir.dir);
  });

  test("the working directory, up to the git top level, is the workspace otherwise", async () => {
    const repo = newRepo();
    mkdirSync(join(repo.dir, "src", "deep"), { recursive: true });
    const server = await start({ cwd: join(repo.dir, "src", "deep") });
    expect(await workspaceOf(server)).toBe(repo.dir);
    expect(server.rootsAsked()).toBe(0);
  });
});
