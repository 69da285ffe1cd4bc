// Paths kept current: the files a client session changed (its PreToolUse hooks' fileEdit events) since its last write to
// its thread join that thread's paths at the next summary write, most recent first and within the limit; paths given by
// hand win (set or cleared), and a write to another thread takes none of them. Since format 2 (#25) a thread's paths are
// one file per member and read back sorted: "most recent first" shows in pathsAdded and in which ones the limit keeps.
import { afterEach, describe, expect, it } from "vitest";
import { makeTempRepo, type TempRepo } from "../support/temp-repo.js";
import { servicesFor } from "../support/core-services.js";
import { appendMeasurementEvents } from "../../src/core/measure/measurement-log.js";
import { LIMITS } from "../../src/core/limits.js";

let repos: TempRepo[] = [];
afterEach(() => {
  for (const r of repos) r.cleanup();
  repos = [];
});

async function setup() {
  const r = makeTempRepo({ prefix: "tm-changed-files-" });
  repos.push(r);
  const services = servicesFor(r.dir);
  await services.projectCreate({ title: "Shop" });
  await services.summaryUpdate({ content: "## Decisions\n- One.", paths: ["docs/"] });
  const edited = (...files: string[]) =>
    appendMeasurementEvents(
      services.store.dir,
      files.map((file, i) => ({
        kind: "fileEdit" as const,
        at: new Date(Date.now() + i).toISOString(),
        sessionId: "conv-1",
        instance: "test-session",
        file,
      })),
    );
  const paths = () => services.store.readThread(services.currentProject().id, "main").paths;
  return { services, edited, paths };
}

describe("a summary write joins the files the conversation changed", () => {
  it("puts the changed files first, most recent first, skipping ones a path already covers, and says so", async () => {
    const { services, edited, paths } = await setup();
    edited("src/a.ts", "docs/guide.md", "src/b.ts", "src/a.ts");
    const result = await services.summaryUpdate({ section: "decisions", content: "- Two." });
    // Read back in the order written (#27: most recent first), not sorted.
    expect(paths()).toEqual(["src/a.ts", "src/b.ts", "docs/"]);
    expect(result.pathsAdded).toEqual(["src/a.ts", "src/b.ts"]);
  });

  it("joins only what changed since the previous write", async () => {
    const { services, edited, paths } = await setup();
    edited("src/a.ts");
    await services.summaryUpdate({ section: "decisions", content: "- Two." });
    edited("src/c.ts");
    const result = await services.summaryUpdate({ section: "decisions", content: "- Three." });
    expect(result.pathsAdded).toEqual(["src/c.ts"]);
    expect(paths()).toEqual(["src/c.ts", "src/a.ts", "docs/"]);
  });

  it("leaves paths given by hand alone: set, or cleared", async () => {
    const { services, edited, paths } = await setup();
    edited("src/a.ts");
    await services.summaryUpdate({ section: "decisions", content: "- Two.", paths: [] });
    expect(paths()).toBeUndefined();
    edited("src/b.ts");
    await services.summaryUpdate({ section: "decisions", content: "- Three.", paths: ["lib/"] });
    expect(paths()).toEqual(["lib/"]);
  });

  it("keeps to the paths limit", async () => {
    const { services, edited, paths } = await setup();
    edited(...Array.from({ length: LIMITS.pathsCount + 20 }, (_, i) => `src/f${i}.ts`));
    await services.summaryUpdate({ section: "decisions", content: "- Two." });
    expect(paths()).toHaveLength(LIMITS.pathsCount);
    // The most recent ones are kept; the oldest changed files and the older path fall off the end.
    const newest = Array.from({ length: LIMITS.pathsCount }, (_, i) => `src/f${LIMITS.pathsCount + 19 - i}.ts`);
    expect(paths()).toEqual(newest);
    expect(paths()).not.toContain("src/f19.ts");
    expect(paths()).not.toContain("docs/");
  });

  it("gives a write to another thread none of them", async () => {
    const { services, edited, paths } = await setup();
    const { thread } = await services.threadCreate({ title: "Other", parentId: "main" });
    await services.threadSwitch("main");
    edited("src/a.ts");
    const result = await services.summaryUpdate({ threadId: thread.id, content: "## Decisions\n- Other." });
    expect(result.pathsAdded).toEqual([]);
    expect(services.store.readThread(services.currentProject().id, thread.id).paths).toBeUndefined();
    expect(paths()).toEqual(["docs/"]);
  });
});
