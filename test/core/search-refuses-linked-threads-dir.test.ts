// Guards thread_search against a hostile repository whose threads directory is a symbolic link out of .threadmind/
// (e.g. to another project's store): the search refuses it, naming it, as every other operation does, and never
// answers with text read through it.
import { afterEach, beforeEach, expect, test } from "vitest";
import { renameSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { UnreadableFileError } from "../../src/core/errors.js";
import { closeSearchIndexes } from "../../src/core/search/index.js";
import { makeTempRepo, type TempRepo } from "../support/temp-repo.js";
import { servicesFor } from "../support/core-services.js";

let repo: TempRepo;
let other: TempRepo;

beforeEach(async () => {
  repo = makeTempRepo({ git: false });
  other = makeTempRepo({ git: false, prefix: "tm-other-project-" });
  // Another project of the user's, with a private decision in its store.
  const o = servicesFor(other.dir);
  await o.projectCreate({ title: "P" });
  await o.summaryUpdate({ content: "## Decisions\n- payroll credentials rotate quarterly" });
  // The hostile repository: its own store, whose threads directory links to the other project's.
  const s = servicesFor(repo.dir);
  await s.projectCreate({ title: "P" });
  await s.summaryUpdate({ content: "## Decisions\n- nothing about money" });
});

afterEach(() => {
  closeSearchIndexes();
  repo.cleanup();
  other.cleanup();
});

test.each([
  ["the project's threads directory", join("threads", "p")],
  ["the threads directory", "threads"],
])("thread_search refuses %s when it is a symbolic link out of .threadmind/ and reads nothing through it", async (_, rel) => {
  const linked = join(repo.dir, ".threadmind", rel);
  renameSync(linked, `${linked}.moved`);
  symlinkSync(join(other.dir, ".threadmind", rel), linked);
  const s = servicesFor(repo.dir, "reader");
  const answer = await s.threadSearch({ query: "payroll credentials", intent: "deep" }).then(
    (a) => a,
    (e: unknown) => e,
  );
  expect(JSON.stringify(answer)).not.toContain("quarterly");
  expect(answer).toBeInstanceOf(UnreadableFileError);
  expect((answer as UnreadableFileError).path).toBe(linked);
  expect((answer as Error).message).toContain("is a symbolic link; ThreadMind does not follow links in .threadmind/");
});
