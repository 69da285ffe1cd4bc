// Guards where `.threadmind/` is found or created: THREADMIND_ROOT, MCP client roots (one with a store wins),
// CLAUDE_PROJECT_DIR, the working directory; then up to the git top level, never above it.
import { afterEach, describe, expect, test } from "vitest";
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { resolveWorkspace, findExistingStore } from "../../src/core/workspace.js";
import { ThreadMindServices } from "../../src/core/services.js";
import { makeTempRepo, type TempRepo } from "../support/temp-repo.js";

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});

function repoWithSub(): TempRepo & { sub: string } {
  const repo = makeTempRepo();
  cleanups.push(repo.cleanup);
  const sub = join(repo.dir, "packages", "app", "src");
  mkdirSync(sub, { recursive: true });
  return Object.assign(repo, { sub });
}

function plainDir(): string {
  const dir = mkdtempSync(join(tmpdir(), "tm-plain-"));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

const store = (dir: string) => mkdirSync(join(dir, ".threadmind"), { recursive: true });

describe("which directory", () => {
  test("THREADMIND_ROOT comes first", () => {
    const a = repoWithSub();
    const b = repoWithSub();
    store(b.dir);
    const ws = resolveWorkspace({ env: { THREADMIND_ROOT: a.dir, CLAUDE_PROJECT_DIR: b.dir }, roots: [b.dir], cwd: b.dir });
    expect(ws).toEqual({ root: a.dir, storeDir: join(a.dir, ".threadmind"), gitTop: a.dir, source: "THREADMIND_ROOT" });
  });

  test("client roots: a root that already holds a store wins, else the first root; file:// URIs and paths", () => {
    const first = repoWithSub();
    const second = repoWithSub();
    const other = repoWithSub();
    expect(
      resolveWorkspace({
        env: { CLAUDE_PROJECT_DIR: other.dir },
        roots: [pathToFileURL(first.dir).href, second.dir],
        cwd: other.dir,
      }),
    ).toMatchObject({
      root: first.dir,
      source: "client root",
    });
    store(second.dir);
    expect(
      resolveWorkspace({ env: {}, roots: [pathToFileURL(first.dir).href, pathToFileURL(second.dir).href], cwd: other.dir }),
    ).toMatchObject({
      root: second.dir,
      source: "client root",
    });
    // A root inside a repository whose top holds the store counts as holding it.
    expect(resolveWorkspace({ env: {}, roots: [first.dir, second.sub], cwd: other.dir })).toMatchObject({
      root: second.dir,
      source: "client root",
    });
  });

  test("client roots that are not directories or not absolute are ignored", () => {
    const repo = repoWithSub();
    const ws = resolveWorkspace({
      env: { CLAUDE_PROJECT_DIR: repo.dir },
      roots: ["relative/dir", "file:///does/not/exist", "https://example.com/x", join(repo.dir, "README-missing")],
      cwd: "/",
    });
    expect(ws).toMatchObject({ root: repo.dir, source: "CLAUDE_PROJECT_DIR" });
  });

  test("CLAUDE_PROJECT_DIR, then the working directory", () => {
    const repo = repoWithSub();
    const elsewhere = repoWithSub();
    expect(resolveWorkspace({ env: { CLAUDE_PROJECT_DIR: repo.dir }, cwd: elsewhere.dir })).toMatchObject({
      root: repo.dir,
      source: "CLAUDE_PROJECT_DIR",
    });
    expect(resolveWorkspace({ env: { CLAUDE_PROJECT_DIR: join(repo.dir, "nope") }, cwd: elsewhere.dir })).toMatchObject({
      root: elsewhere.dir,
      source: "cwd",
    });
    expect(resolveWorkspace({ env: {}, cwd: elsewhere.dir })).toMatchObject({ root: elsewhere.dir, source: "cwd" });
  });
});

describe("up to the git top level", () => {
  test("launched in a subdirectory, the parent's .threadmind is found", () => {
    const repo = repoWithSub();
    store(join(repo.dir, "packages"));
    expect(resolveWorkspace({ env: {}, cwd: repo.sub })).toMatchObject({ root: join(repo.dir, "packages"), gitTop: repo.dir });
    store(repo.dir);
    // The nearest one wins.
    expect(resolveWorkspace({ env: {}, cwd: repo.sub }).root).toBe(join(repo.dir, "packages"));
    rmSync(join(repo.dir, "packages", ".threadmind"), { recursive: true });
    expect(resolveWorkspace({ env: {}, cwd: repo.sub }).root).toBe(repo.dir);
  });

  test("without any store, a new one goes to the git top level", () => {
    const repo = repoWithSub();
    expect(resolveWorkspace({ env: {}, cwd: repo.sub })).toEqual({
      root: repo.dir,
      storeDir: join(repo.dir, ".threadmind"),
      gitTop: repo.dir,
      source: "cwd",
    });
    expect(resolveWorkspace({ env: { CLAUDE_PROJECT_DIR: repo.sub }, cwd: "/" }).root).toBe(repo.dir);
  });

  test("a store above the git top level is not used", () => {
    const outer = plainDir();
    store(outer);
    const inner = join(outer, "repo");
    mkdirSync(join(inner, ".git"), { recursive: true });
    expect(resolveWorkspace({ env: {}, cwd: inner }).root).toBe(inner);
    expect(findExistingStore(inner, inner)).toBeNull();
  });

  test("outside git: the directory itself, and no search upwards", () => {
    const outer = plainDir();
    store(outer);
    const dir = join(outer, "work");
    mkdirSync(dir);
    expect(resolveWorkspace({ env: {}, cwd: dir })).toEqual({
      root: dir,
      storeDir: join(dir, ".threadmind"),
      gitTop: null,
      source: "cwd",
    });
  });

  test("a project created from a subdirectory lands at the git top and is found again from another subdirectory", async () => {
    const repo = repoWithSub();
    const make = (cwd: string, key: string) =>
      new ThreadMindServices({
        workspace: resolveWorkspace({ env: {}, cwd }),
        session: { key },
        env: { THREADMIND_AUTHOR: "me" },
      });
    await make(repo.sub, "one").projectCreate({ title: "P" });
    expect(existsSync(join(repo.dir, ".threadmind", "projects", "p.json"))).toBe(true);
    expect(existsSync(join(repo.sub, ".threadmind"))).toBe(false);
    const docs = join(repo.dir, "docs");
    mkdirSync(docs);
    expect((await make(docs, "two").contextGet()).project.id).toBe("p");
  });
});
