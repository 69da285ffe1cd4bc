// Guards every tool's success path end to end (project → threads → summaries → context → merge/delete), in one real git repo.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { TempRepo } from "../support/temp-repo.js";
import { servicesFor } from "../support/core-services.js";
import { call, closeServerInTempRepo, serverInTempRepo, type RunningServer } from "./support/spawn-server.js";

let repo: TempRepo;
let server: RunningServer;

beforeAll(async () => {
  ({ repo, server } = await serverInTempRepo({ "README.md": "shop\n", "src/a.ts": "export const a = 1;\n" }));
});
afterAll(() => closeServerInTempRepo(server, repo));

/** The thread's summary as stored (its folder's files, assembled as the store reads them from disk). */
const threadFile = (id: string) => servicesFor(repo.dir, "reader").store.readThread("shop", id).summary;

/** Runs a tool and returns its text plus how many resources/list_changed notifications it caused. */
async function callCounting(name: string, args: Record<string, unknown> = {}): Promise<{ text: string; notified: number }> {
  const before = server.listChanged();
  const text = await call(server, name, args);
  return { text, notified: server.listChanged() - before };
}

describe("tools over stdio, in order", () => {
  test("project_create creates the project with main, selects it and notifies resource list changes", async () => {
    const { text, notified } = await callCounting("project_create", { title: "Shop", systemContext: "TypeScript monorepo." });
    expect(text).toContain('Created project "Shop" (id shop, solo) with its root thread "main"');
    expect(await call(server, "thread_list")).toContain("Shop (main) ◀ current");
    expect(notified).toBe(1);
    expect(JSON.parse(readFileSync(join(repo.dir, ".threadmind", "projects", "shop.json"), "utf8"))).toMatchObject({
      id: "shop",
      mode: "solo",
    });
  });

  test("project_list marks this session's project", async () => {
    expect(await call(server, "project_list")).toBe(`Projects in ${repo.dir}:\n- Shop (shop, solo) ◀ this session`);
  });

  test("summary_update without section replaces the whole summary and reports its size", async () => {
    const content = "## Decisions\n- Use Postgres\n\n## State\n- nothing yet";
    const text = await call(server, "summary_update", { content });
    expect(text).toMatch(
      new RegExp(
        `^Updated the summary of "Shop" \\(main; whole summary replaced\\): ${content.length} characters, ~\\d+ tokens \\(limit 32,000 characters\\)\\.$`,
      ),
    );
    expect(threadFile("main")).toContain("## Decisions\n- Use Postgres\n\n## State\n- nothing yet");
  });

  test("summary_update of a block the section holds already writes nothing and says so, with the size as stored", async () => {
    const text = await call(server, "summary_update", { section: "decisions", content: "- Use Postgres" });
    const stored = "## Decisions\n- Use Postgres\n\n## State\n- nothing yet";
    expect(text).toMatch(
      new RegExp(
        `^Nothing to write: the summary of "Shop" \\(main\\) already holds this \\(section decisions\\): ${stored.length} characters, ~\\d+ tokens \\(limit 32,000 characters\\)\\.$`,
      ),
    );
    expect(threadFile("main")).toContain(stored);
    expect(await call(server, "summary_update", { section: "state", content: "  " })).toMatch(
      new RegExp(
        `^Nothing to write: the content is empty; the summary of "Shop" \\(main\\) is unchanged: ${stored.length} characters, ~\\d+ tokens \\(limit 32,000 characters\\)\\.$`,
      ),
    );
  });

  test("thread_create makes a child of the active thread, selects it and answers in a few lines (the tree is thread_list's)", async () => {
    const { text, notified } = await callCounting("thread_create", { title: "Auth" });
    expect(text).toContain('Created thread "Auth" (id auth), a child of "main"; it is now this session\'s current thread.');
    expect(text).not.toContain("──");
    expect(await call(server, "thread_list")).toContain("└── Auth (auth) ◀ current");
    expect(text).not.toContain("Linked to git branch");
    expect(notified).toBe(1);
  });

  test("thread_create warns when the parent has no summary yet", async () => {
    const text = await call(server, "thread_create", { title: "Tokens" });
    expect(text).toContain('Parent thread "auth" has no summary yet');
    await call(server, "thread_delete", { threadId: "tokens" });
  });

  test("summary_update with section adds to it, creating it in its canonical place", async () => {
    await call(server, "thread_switch", { threadId: "auth" });
    expect(await call(server, "summary_update", { section: "decisions", content: "- JWT in cookies" })).toContain(
      "section decisions added to",
    );
    await call(server, "summary_update", { section: "constraints", content: "- no third-party IdP" });
    await call(server, "summary_update", { section: "decisions", content: "- refresh tokens rotate" });
    expect(threadFile("auth")).toContain(
      "## Decisions\n- JWT in cookies\n- refresh tokens rotate\n\n## Constraints\n- no third-party IdP",
    );
  });

  test("summary_update with replaceSection replaces only that section", async () => {
    await call(server, "summary_update", { section: "state", content: "- draft" });
    expect(await call(server, "summary_update", { section: "state", content: "- login works", replaceSection: true })).toContain(
      "section state replaced",
    );
    const file = threadFile("auth");
    expect(file).toContain("## State\n- login works");
    expect(file).not.toContain("- draft");
    expect(file).toContain("- JWT in cookies");
  });

  test("thread_create on a feature branch links the thread to the branch", async () => {
    repo.git("checkout", "-q", "-b", "feature/login");
    const text = await call(server, "thread_create", { title: "Auth UI" });
    expect(text).toContain("Linked to git branch feature/login: sessions on that branch start on it.");
    expect(await call(server, "thread_list")).toContain("Auth UI (auth-ui) ⎇ feature/login ◀ current");
    await call(server, "summary_update", { content: "## State\n- login form done" });
  });

  test("context_get assembles system context, ancestors' decisions and constraints, and the active summary", async () => {
    const text = await call(server, "context_get");
    expect(text).toContain("## System Context\nTypeScript monorepo.");
    expect(text).toContain("- Use Postgres");
    expect(text).toContain("- JWT in cookies");
    expect(text).toContain("- no third-party IdP");
    expect(text).not.toContain("nothing yet");
    expect(text).not.toContain("login works");
    expect(text).toContain("## Thread: Auth UI (current)\n### State\n- login form done");
    expect(text).toMatch(/_ThreadMind context: ~\d+ tokens \| depth: 3 threads_$/);
  });

  test("context_get with maxTokens leaves out farther ancestors first; a tiny budget keeps the active summary, cut", async () => {
    const full = Number(/~(\d+) tokens/.exec(await call(server, "context_get"))![1]);
    const text = await call(server, "context_get", { maxTokens: full - 5 });
    expect(text).toContain("Left out to fit the budget");
    expect(text).toContain("## Thread: Auth UI (current)\n### State\n- login form done");
    // Issue 15: maxTokens 40 on this three-thread chain gave ~88 tokens without the active summary.
    const tiny = await call(server, "context_get", { maxTokens: 40 });
    expect(tiny).toMatch(/^## Thread: Auth UI \(current\)\n### State\n- login/);
  });

  test("thread_switch selects another thread and returns its context", async () => {
    const text = await call(server, "thread_switch", { threadId: "auth" });
    expect(text).toContain('Switched to thread "Auth" (auth).');
    expect(text).toContain("## Thread: Auth (current)");
    expect(text).toContain("- login works");
    expect(text).toMatch(/depth: 2 threads_$/);
    const full = Number(/~(\d+) tokens/.exec(text)![1]);
    const budgeted = await call(server, "thread_switch", { threadId: "auth", maxTokens: full - 3 });
    // Too tight for the ancestors and the notices: the active summary comes first.
    expect(budgeted).toContain("## Thread: Auth (current)\n### Decisions\n- JWT in cookies");
    expect(Number(/~(\d+) tokens/.exec(budgeted)![1])).toBeLessThanOrEqual(full - 3);
  });

  test("thread_list shows the tree with the active thread marked", async () => {
    const text = await call(server, "thread_list");
    expect(text).toBe(
      ["Project: Shop", "Shop (main)", "└── Auth (auth) ◀ current", "    └── Auth UI (auth-ui) ⎇ feature/login"].join("\n"),
    );
  });

  test("thread_rebase moves a thread under another parent and notifies", async () => {
    const { text, notified } = await callCounting("thread_rebase", { threadId: "auth-ui", newParentId: "main" });
    expect(text).toContain('Moved "auth-ui" under "main".');
    expect(await call(server, "thread_list")).toContain("├── Auth (auth) ◀ current\n└── Auth UI (auth-ui) ⎇ feature/login");
    expect(notified).toBe(1);
  });

  test("thread_status closes with a reason recorded in Decisions, and reopens", async () => {
    const closed = await call(server, "thread_status", { threadId: "auth-ui", status: "abandoned", reason: "replaced by SSO" });
    expect(closed).toContain('Thread "Auth UI" (auth-ui) is now abandoned.');
    // Another thread than the session's: the session stays where it is, and the answer says nothing of it.
    expect(closed).not.toContain("This session is now on");
    expect(await call(server, "thread_list")).toContain("Auth UI (auth-ui) [abandoned] ⎇ feature/login");
    expect(threadFile("auth-ui")).toMatch(/## Decisions\n- Abandoned \(\d{4}-\d{2}-\d{2}\): replaced by SSO/);
    const reopened = await call(server, "thread_status", { threadId: "auth-ui", status: "active" });
    expect(reopened).toContain('Thread "Auth UI" (auth-ui) is now open.');
    expect(await call(server, "thread_list")).not.toContain("[abandoned]");
    expect(await call(server, "thread_status", { threadId: "auth-ui", status: "active" })).toContain(
      'Thread "Auth UI" (auth-ui) is open already: nothing to change.',
    );
  });

  test("thread_status on the active thread closes it and moves the session to the parent", async () => {
    await call(server, "thread_switch", { threadId: "auth-ui" });
    const text = await call(server, "thread_status", { status: "done", reason: "shipped" });
    expect(text).toContain('This session is now on "main".');
    const tree = await call(server, "thread_list");
    expect(tree).toContain("Auth UI (auth-ui) [done] ⎇ feature/login");
    expect(tree).toContain("Shop (main) ◀ current");
  });

  test("thread_merge replaces the parent's summary, closes the thread and notifies", async () => {
    await call(server, "thread_switch", { threadId: "auth" });
    const { text, notified } = await callCounting("thread_merge", {
      parentSummary: "## Decisions\n- Use Postgres\n- JWT in cookies",
    });
    expect(text).toContain(
      'Merged "auth" into "main": the parent\'s summary was replaced and "auth" is closed as done. This session is now on "main".',
    );
    expect(notified).toBe(1);
    const tree = await call(server, "thread_list");
    expect(tree).toContain("Auth (auth) [done → main]");
    expect(tree).toContain("Shop (main) ◀ current");
    expect(threadFile("main")).toContain("## Decisions\n- Use Postgres\n- JWT in cookies");
    expect(threadFile("main")).not.toContain("nothing yet");
  });

  test("thread_delete removes the thread with its descendants and notifies", async () => {
    await call(server, "thread_create", { title: "Payments" });
    await call(server, "thread_create", { title: "Stripe", parentId: "payments" });
    const { text, notified } = await callCounting("thread_delete", { threadId: "payments" });
    expect(text).toContain("Deleted 2 threads: payments, stripe.");
    expect(text).toContain('This session is on "main".');
    expect(notified).toBe(1);
    const tree = await call(server, "thread_list");
    expect(tree).not.toContain("Payments");
    expect(tree).toContain("Shop (main) ◀ current");
  });

  test("summary_update with paths makes context_get warn when later commits change them", async () => {
    await call(server, "summary_update", { section: "state", content: "- a.ts holds the constant", paths: ["src/a.ts"] });
    repo.commit("change a", { "src/a.ts": "export const a = 2;\n" });
    const text = await call(server, "context_get");
    expect(text).toContain("_⚠ 1 commit changed src/a.ts since this summary was written: check it is still accurate._");
    await call(server, "summary_update", { section: "state", content: "- a is 2", paths: [] });
    expect(await call(server, "context_get")).not.toContain("⚠");
  });

  test("a second project, project_list and project_switch back", async () => {
    const created = await call(server, "project_create", { title: "Docs site", mode: "team" });
    expect(created).toContain('Created project "Docs site" (id docs-site, team)');
    expect(await call(server, "project_list")).toBe(
      `Projects in ${repo.dir}:\n- Docs site (docs-site, team) ◀ this session\n- Shop (shop, solo)`,
    );
    const before = server.listChanged();
    const switched = await call(server, "project_switch", { projectId: "shop" });
    expect(switched).toMatch(
      /^Switched to project "Shop" \(shop\)\. This session starts on thread "[^"]+" \([a-z0-9-]+\); call context_get to load its context\.$/,
    );
    expect(server.listChanged()).toBe(before + 1);
    expect(await call(server, "project_list")).toContain("- Shop (shop, solo) ◀ this session");
  });
});
