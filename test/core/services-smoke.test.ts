// Guards the basic lifecycle: project → threads → summaries → context → tree, on a real git repo.
import { afterEach, describe, expect, test } from "vitest";
import { makeTempRepo, type TempRepo } from "../support/temp-repo.js";
import { servicesFor } from "../support/core-services.js";

let repo: TempRepo;
afterEach(() => repo?.cleanup());

describe("thread lifecycle", () => {
  test("create project, child threads, summaries, context and tree", async () => {
    repo = makeTempRepo();
    repo.commit("init", { "README.md": "x\n" });
    const s = servicesFor(repo.dir);
    const { project, thread } = await s.projectCreate({ title: "Shop", systemContext: "TypeScript monorepo." });
    expect(project.id).toBe("shop");
    expect(thread.id).toBe("main");
    await s.summaryUpdate({ content: "## Decisions\n- Use Postgres\n\n## State\n- nothing yet" });
    const auth = await s.threadCreate({ title: "Auth" });
    expect(auth.thread.parentId).toBe("main");
    await s.summaryUpdate({ section: "decisions", content: "- JWT in cookies" });
    await s.summaryUpdate({ section: "constraints", content: "- no third-party IdP" });
    const ui = await s.threadCreate({ title: "Auth UI" });
    await s.summaryUpdate({ content: "## State\n- login form done" });
    const ctx = await s.contextGet();
    expect(ctx.text).toContain("## System Context\nTypeScript monorepo.");
    expect(ctx.text).toContain("- Use Postgres");
    expect(ctx.text).not.toContain("nothing yet");
    expect(ctx.text).toContain("## Thread: Auth UI (current)\n### State\n- login form done");
    expect(ctx.depth).toBe(3);
    const tree = await s.threadList();
    expect(tree.text).toContain("└── Auth UI (auth-ui) ◀ current");
    expect(ui.thread.id).toBe("auth-ui");
  });
});
