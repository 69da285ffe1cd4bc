// Guards the context's read of ancestors in part: only what it shows of them (the head, Decisions and Constraints, and
// their paths) is read and becomes a source of the cached start, so their other items cost a session start nothing and a
// damaged one does not hide an ancestor's decisions.
import { readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";
import { reposPerTest } from "../support/temp-repo.js";
import { servicesFor } from "../support/core-services.js";

const newRepo = reposPerTest();

async function parentAndChild(dir: string) {
  const s = servicesFor(dir);
  await s.projectCreate({ title: "P" });
  await s.summaryUpdate({
    threadId: "main",
    content:
      "## Decisions\n- parent decision\n\n## State\n- parent state\n\n## Open questions\n- parent question\n\n## Next steps\n- parent next",
  });
  const child = await s.threadCreate({ title: "Child", parentId: "main" });
  await s.summaryUpdate({ threadId: child.thread.id, content: "## Decisions\n- child decision\n\n## State\n- child state" });
  return { s, childId: child.thread.id };
}

test("an ancestor's State, Open questions and Next steps are not sources of a child's context", async () => {
  const repo = newRepo();
  const { s, childId } = await parentAndChild(repo.dir);
  const { project } = await s.currentThread();
  const child = s.store.readThread(project.id, childId);
  const { context, sources } = await s.contextWithSources(project, child, { maxChars: 10_000 });
  expect(context.text).toContain("- parent decision");
  expect(context.text).toContain("- child state");
  expect(context.text).not.toContain("parent state");
  const parentSources = sources.filter((p) => p.startsWith("threads/p/main/"));
  expect(parentSources.some((p) => p.startsWith("threads/p/main/decisions/"))).toBe(true);
  expect(parentSources.filter((p) => /\/(state|open-questions|next-steps)\//.test(p))).toEqual([]);
  // The child's own sections are all read.
  expect(sources.some((p) => p.startsWith(`threads/p/${childId}/state/`))).toBe(true);
});

test("a damaged Next steps item of an ancestor leaves its decisions in a child's context", async () => {
  const repo = newRepo();
  const { childId } = await parentAndChild(repo.dir);
  const next = join(repo.dir, ".threadmind/threads/p/main/next-steps");
  const [file] = readdirSync(next);
  writeFileSync(join(next, file!), "<<<<<<< ours\n- a\n=======\n- b\n>>>>>>> theirs\n");
  const fresh = servicesFor(repo.dir);
  const { project } = await fresh.currentThread();
  const { context } = await fresh.contextWithSources(project, fresh.store.readThread(project.id, childId), {
    maxChars: 10_000,
  });
  expect(context.text).toContain("- parent decision");
  expect(context.text).not.toMatch(/could not be read/);
  // Read whole (its own context, thread_switch), the thread still names the damaged file.
  expect(() => fresh.store.readThread(project.id, "main")).toThrow(/conflict markers/);
});
