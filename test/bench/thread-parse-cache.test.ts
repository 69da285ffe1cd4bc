// The store keeps parsed thread files while they are unchanged: a rewritten file must never be served from the cache.
import { mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync, readFileSync, renameSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { servicesFor } from "../support/core-services.js";

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

async function store() {
  const dir = mkdtempSync(join(tmpdir(), "tm-parse-cache-"));
  dirs.push(dir);
  const s = servicesFor(dir);
  const { project } = await s.projectCreate({ title: "Cache" });
  const { thread } = await s.threadCreate({ title: "Topic" });
  await s.summaryUpdate({ content: "## State\n- first version" });
  // Format 2: the summary item lives in its own file, <id>/state/<key>.md, next to the head (<id>/thread.md).
  const state = join(s.store.threadFolder(project.id, thread.id), "state");
  const [name] = readdirSync(state);
  return {
    s,
    projectId: project.id,
    threadId: thread.id,
    file: s.store.threadPath(project.id, thread.id),
    item: join(state, name!),
  };
}

describe("parsed thread cache", () => {
  it("an edit in place of the same size and the same mtime is read afresh", async () => {
    const { s, projectId, threadId, item } = await store();
    expect(s.store.readThread(projectId, threadId).summary).toContain("first version");
    const before = statSync(item);
    writeFileSync(item, readFileSync(item, "utf8").replace("first version", "other version"));
    utimesSync(item, before.atime, before.mtime); // same size, same mtime: only ctime tells
    expect(s.store.readThread(projectId, threadId).summary).toContain("other version");
  });

  it("a file replaced by rename (another process's atomic write) is read afresh, in readAllThreads too", async () => {
    const { s, projectId, threadId, item } = await store();
    s.store.readAllThreads(projectId);
    writeFileSync(`${item}.new`, readFileSync(item, "utf8").replace("first version", "renamed version"));
    renameSync(`${item}.new`, item);
    expect(s.store.readAllThreads(projectId).threads.get(threadId)?.summary).toContain("renamed version");
    expect(s.store.readThread(projectId, threadId).summary).toContain("renamed version");
  });

  it("a file damaged after it was cached is reported, not served from the cache", async () => {
    const { s, projectId, threadId, file } = await store();
    s.store.readThread(projectId, threadId);
    writeFileSync(file, "no frontmatter any more\n");
    expect(() => s.store.readThread(projectId, threadId)).toThrow(/frontmatter/);
    expect(s.store.readAllThreads(projectId).problems.map((p) => p.threadId)).toContain(threadId);
  });

  it("changing a thread returned by the store does not change what the store returns next", async () => {
    const { s, projectId, threadId } = await store();
    const first = s.store.readThread(projectId, threadId);
    first.summary = "changed by a caller";
    first.paths = ["x"];
    const again = s.store.readThread(projectId, threadId);
    expect(again.summary).toContain("first version");
    expect(again.paths).toBeUndefined();
  });
});
