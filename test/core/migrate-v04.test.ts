// Guards the upgrade of a 0.4 store (files exactly as ThreadMind 0.4 wrote them): parentage moves into the thread files,
// trees/<project>.json is removed, every title and summary is kept byte for byte, and a broken store changes nothing.
import { afterEach, describe, expect, test } from "vitest";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { parseThread } from "../../src/core/store/frontmatter.js";
import { ThreadMindError } from "../../src/core/errors.js";
import { makeTempRepo, type TempRepo } from "../support/temp-repo.js";
import { servicesFor } from "../support/core-services.js";
import { snapshotDir } from "../support/dir-snapshot.js";

let repo: TempRepo | undefined;
afterEach(() => {
  repo?.cleanup();
  repo = undefined;
});

interface OldThread {
  id: string;
  title: string;
  /** What 0.4 wrote in the frontmatter (its tree is the authority and may disagree after a crash). */
  parentId: string | null;
  content: string;
}

/** Exactly 0.4's serializeFrontmatter: raw `key: value` lines, then a blank line and the content, no final newline. */
function oldThreadFile(t: OldThread, author = "alice-1a2b"): string {
  return [
    "---",
    `id: ${t.id}`,
    `title: ${t.title}`,
    `parentId: ${t.parentId ?? "null"}`,
    `author: ${author}`,
    "createdAt: 2025-03-01T10:00:00.000Z",
    "updatedAt: 2025-03-02T11:30:00.000Z",
    "---",
    "",
    t.content,
  ].join("\n");
}

const SHOP: OldThread[] = [
  { id: "main", title: "Shop", parentId: null, content: "## Decisions\n- Postgres\n\n---\n\n## State\n- shipping" },
  {
    id: "auth-jwt-cookies",
    title: "Auth: JWT # in cookies",
    parentId: "main",
    content: "## Decisions\n- JWT: HS256\n- key: value looking line",
  },
  { id: "quoted-title", title: '"Quoted" title', parentId: "main", content: "" },
  {
    id: "wip-login-form",
    title: "[WIP] login form",
    parentId: "main",
    content: "Plain summary with a colon: here\nand --- dashes",
  },
  { id: "yes", title: "yes", parentId: "main", content: "title looks like a YAML boolean" },
  { id: "ui", title: "UI & *stars* !important", parentId: "main", content: "moved under auth by a 0.4 rebase" },
  // Titles that YAML would read differently from what 0.4 meant (a comment, quotes, a tag, an anchor, a number).
  { id: "fix-login-urgent", title: "Fix login # urgent", parentId: "main", content: "x" },
  { id: "single", title: "'single'", parentId: "main", content: "x" },
  { id: "double", title: '"double"', parentId: "main", content: "x" },
  { id: "tagged", title: "!important fix", parentId: "main", content: "x" },
  { id: "anchored", title: "&ref anchor", parentId: "main", content: "x" },
  { id: "number", title: "42", parentId: "main", content: "x" },
];
const SHOP_TREE = {
  nodes: {
    main: {
      parentId: null,
      children: [
        "auth-jwt-cookies",
        "quoted-title",
        "wip-login-form",
        "yes",
        "fix-login-urgent",
        "single",
        "double",
        "tagged",
        "anchored",
        "number",
      ],
    },
    "auth-jwt-cookies": { parentId: "main", children: ["ui"] },
    "quoted-title": { parentId: "main", children: [] },
    "wip-login-form": { parentId: "main", children: [] },
    yes: { parentId: "main", children: [] },
    "fix-login-urgent": { parentId: "main", children: [] },
    single: { parentId: "main", children: [] },
    double: { parentId: "main", children: [] },
    tagged: { parentId: "main", children: [] },
    anchored: { parentId: "main", children: [] },
    number: { parentId: "main", children: [] },
    ui: { parentId: "auth-jwt-cookies", children: [] },
    ghost: { parentId: "main", children: [] },
  },
};

function writeOldStore(dir: string, projects: { id: string; title: string; threads: OldThread[]; tree: unknown }[]): string {
  const store = join(dir, ".threadmind");
  for (const sub of ["projects", "threads", "trees", "stats"]) mkdirSync(join(store, sub), { recursive: true });
  writeFileSync(join(store, ".gitignore"), "config.json\n");
  writeFileSync(
    join(store, "config.json"),
    JSON.stringify({ activeProjectId: projects[0]!.id, activeThreadId: "ui", author: "alice-1a2b", version: 1 }, null, 2),
  );
  for (const p of projects) {
    writeFileSync(
      join(store, "projects", `${p.id}.json`),
      JSON.stringify({ id: p.id, title: p.title, systemContext: "", mode: "team", rootThreadId: "main" }, null, 2),
    );
    writeFileSync(join(store, "trees", `${p.id}.json`), typeof p.tree === "string" ? p.tree : JSON.stringify(p.tree, null, 2));
    writeFileSync(join(store, "stats", `${p.id}.json`), JSON.stringify({ projectId: p.id, threads: {} }, null, 2));
    mkdirSync(join(store, "threads", p.id), { recursive: true });
    for (const t of p.threads) writeFileSync(join(store, "threads", p.id, `${t.id}.md`), oldThreadFile(t));
  }
  return store;
}

describe("0.4 migration", () => {
  test('a thread named "constructor" that its tree does not list keeps its own parent (not Object\'s constructor)', async () => {
    repo = makeTempRepo({ git: false });
    const threads: OldThread[] = [
      { id: "main", title: "Shop", parentId: null, content: "## Decisions\n- Postgres" },
      { id: "constructor", title: "Constructor", parentId: "main", content: "## Decisions\n- builders, not factories" },
    ];
    const store = writeOldStore(repo.dir, [
      { id: "shop", title: "Shop", threads, tree: { nodes: { main: { parentId: null, children: [] } } } },
    ]);
    const report = await servicesFor(repo.dir).migrateIfNeeded();
    expect(report?.projects).toEqual([{ id: "shop", threads: 2, parentsFromTree: 0, rewritten: 2 }]);
    const migrated = parseThread(readFileSync(join(store, "threads", "shop", "constructor.md"), "utf8"));
    expect([migrated.parentId, migrated.summary]).toEqual(["main", "## Decisions\n- builders, not factories"]);
  });

  test("parentage moves into the files, the tree file goes, titles and summaries are kept exactly, and a report says so", async () => {
    repo = makeTempRepo({ git: false });
    const store = writeOldStore(repo.dir, [{ id: "shop", title: "Shop", threads: SHOP, tree: SHOP_TREE }]);
    const s = servicesFor(repo.dir, "s", { env: { THREADMIND_AUTHOR: "alice" } });
    const report = await s.migrateIfNeeded();
    expect(report).not.toBeNull();
    expect(report!.projects).toEqual([{ id: "shop", threads: 12, parentsFromTree: 1, rewritten: 12 }]);
    expect(report!.text).toContain(
      'ThreadMind upgraded this store from the 0.4 layout:\n- project "shop": 12 thread files now carry their parentId (12 rewritten); every summary kept',
    );
    expect(report!.text).toContain(
      `- removed ${join(store, "trees", "shop.json")} (the tree is now derived from the thread files)`,
    );
    expect(report!.text).toContain('trees/shop.json listed "ghost" but threads/shop/ghost.md does not exist');
    expect(report!.text).toContain("stats/ (0.4 statistics) was left as it is");
    expect(existsSync(join(store, "trees"))).toBe(false);
    expect(existsSync(join(store, "stats", "shop.json"))).toBe(true);
    const expectedParents = (id: string) => (id === "main" ? null : id === "ui" ? "auth-jwt-cookies" : "main");
    for (const old of SHOP) {
      const text = readFileSync(join(store, "threads", "shop", `${old.id}.md`), "utf8");
      const t = parseThread(text);
      expect(t.id).toBe(old.id);
      expect(t.title, old.id).toBe(old.title);
      expect(t.parentId, old.id).toBe(expectedParents(old.id));
      expect(t.summary, old.id).toBe(old.content);
      expect(t.author).toBe("alice-1a2b");
      expect(t.createdAt).toBe("2025-03-01T10:00:00.000Z");
      expect(t.updatedAt).toBe("2025-03-02T11:30:00.000Z");
    }
    // The migrated store works, and a second run has nothing to do.
    const tree = await s.threadList();
    expect(tree.problems).toEqual([]);
    expect(tree.text).toContain("├── Auth: JWT # in cookies (auth-jwt-cookies)\n│   └── UI & *stars* !important (ui)");
    expect(await servicesFor(repo.dir, "other").migrateIfNeeded()).toBeNull();
    // Local state of 0.4 is understood: its project is this machine's last project.
    expect((await servicesFor(repo.dir, "fresh").contextGet()).project.id).toBe("shop");
  });

  test("0.4's active thread becomes the thread new sessions on the checked-out branch start on", async () => {
    repo = makeTempRepo();
    repo.commit("init", { "README.md": "x\n" });
    writeOldStore(repo.dir, [{ id: "shop", title: "Shop", threads: SHOP, tree: SHOP_TREE }]);
    const report = await servicesFor(repo.dir, "s", { env: { THREADMIND_AUTHOR: "alice" } }).migrateIfNeeded();
    expect(report!.text).toContain('the 0.4 active thread "ui" is where new sessions on branch main start');
    expect((await servicesFor(repo.dir, "fresh").currentThread()).thread.id).toBe("ui");
  });

  test("the store's .gitignore learns the 0.5 local files (0.4 ignored config.json only)", async () => {
    repo = makeTempRepo({ git: false });
    const store = writeOldStore(repo.dir, [{ id: "shop", title: "Shop", threads: SHOP, tree: SHOP_TREE }]);
    await servicesFor(repo.dir).migrateIfNeeded();
    const ignore = readFileSync(join(store, ".gitignore"), "utf8").split("\n");
    for (const entry of ["config.json", "config.json.*", "cache/", ".lock", ".lock.*"]) expect(ignore).toContain(entry);
  });

  test("in team mode, threads written under this machine's 0.4 author id are still this user's", async () => {
    repo = makeTempRepo({ git: false });
    writeOldStore(repo.dir, [{ id: "shop", title: "Shop", threads: SHOP, tree: SHOP_TREE }]);
    const s = servicesFor(repo.dir, "s", { env: { THREADMIND_AUTHOR: "alice-new-id" } });
    await s.migrateIfNeeded();
    await s.summaryUpdate({ threadId: "ui", section: "state", content: "- still mine" });
    expect(s.store.readThread("shop", "ui").summary).toContain("- still mine");
    // A teammate (another machine, another 0.4 id) is not.
    const bob = servicesFor(repo.dir, "b", { env: { THREADMIND_AUTHOR: "bob" } });
    writeFileSync(join(repo.dir, ".threadmind", "config.json"), JSON.stringify({ version: 1, author: "bob-9z9z" }));
    await expect(bob.summaryUpdate({ threadId: "ui", content: "x" })).rejects.toThrow(
      'Cannot update thread "ui": owned by "alice-1a2b"',
    );
  });

  test("a broken tree file stops the migration and nothing changes, in any project", async () => {
    repo = makeTempRepo({ git: false });
    const store = writeOldStore(repo.dir, [
      { id: "alpha", title: "Alpha", threads: SHOP, tree: SHOP_TREE },
      { id: "beta", title: "Beta", threads: SHOP, tree: '{"nodes": {"main": {"parentId": null, "children": [' },
    ]);
    const before = snapshotDir(store, { dirTimes: false });
    const error = await servicesFor(repo.dir)
      .migrateIfNeeded()
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(error).toBeInstanceOf(ThreadMindError);
    expect((error as Error).message).toMatch(
      new RegExp(`^Cannot migrate ${join(store, "trees", "beta.json")}: invalid JSON \\(.*\\)\\. Nothing was changed\\.$`),
    );
    expect(snapshotDir(store, { dirTimes: false })).toEqual(before);
  });

  test("a thread file that cannot be understood stops the migration and nothing changes", async () => {
    repo = makeTempRepo({ git: false });
    const store = writeOldStore(repo.dir, [
      { id: "alpha", title: "Alpha", threads: SHOP, tree: SHOP_TREE },
      { id: "beta", title: "Beta", threads: SHOP, tree: SHOP_TREE },
    ]);
    writeFileSync(join(store, "threads", "beta", "yes.md"), "no frontmatter here");
    const before = snapshotDir(store, { dirTimes: false });
    const error = await servicesFor(repo.dir)
      .migrateIfNeeded()
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect((error as Error).message).toBe(
      `Cannot migrate ${join(store, "threads", "beta", "yes.md")}: no '---' frontmatter block. Nothing was changed.`,
    );
    expect(snapshotDir(store, { dirTimes: false })).toEqual(before);
  });

  test("a tree with a node id that is not a valid id stops the migration and nothing changes", async () => {
    repo = makeTempRepo({ git: false });
    const store = writeOldStore(repo.dir, [
      {
        id: "shop",
        title: "Shop",
        threads: SHOP,
        tree: { nodes: { ...SHOP_TREE.nodes, "": { parentId: "main", children: [] } } },
      },
    ]);
    const before = snapshotDir(store, { dirTimes: false });
    await expect(servicesFor(repo.dir).migrateIfNeeded()).rejects.toThrow(/node id "" is not a valid id\. Nothing was changed\./);
    expect(snapshotDir(store, { dirTimes: false })).toEqual(before);
  });
});
