// thread_search answers when its cache cannot be saved (a cache/ left read-only or owned by another user, not a directory, a link): the index is derived data, so the answer stands with a notice.
import { afterEach, beforeEach, expect, test } from "vitest";
import { existsSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { closeSearchIndexes } from "../../src/core/search/index.js";
import { makeTempRepo, type TempRepo } from "../support/temp-repo.js";
import { servicesFor } from "../support/core-services.js";

let repo: TempRepo;
let outside: TempRepo;

beforeEach(async () => {
  repo = makeTempRepo({ git: false });
  outside = makeTempRepo({ git: false, prefix: "tm-outside-" });
  const s = servicesFor(repo.dir);
  await s.projectCreate({ title: "Shop" });
  await s.summaryUpdate({ content: "## Decisions\n- Rate limiting uses a token bucket" });
});

afterEach(() => {
  closeSearchIndexes();
  repo.cleanup();
  outside.cleanup();
});

const searchDir = () => join(repo.dir, ".threadmind", "cache", "search");

test("a search cache that is a file, not a directory: the hits come back, with a notice, and nothing is written", async () => {
  rmSync(searchDir(), { recursive: true, force: true });
  mkdirSync(join(searchDir(), ".."), { recursive: true });
  writeFileSync(searchDir(), "not a directory");
  const answer = await servicesFor(repo.dir).threadSearch({ query: "token bucket", intent: "lookup" });
  expect(answer.hits.map((h) => h.threadId)).toEqual(["main"]);
  expect(answer.notices.some((n) => n.startsWith("The search index could not be saved ("))).toBe(true);
});

test("a search cache that links out of the repository: the hits come back, and nothing is written through the link", async () => {
  rmSync(searchDir(), { recursive: true, force: true });
  mkdirSync(join(searchDir(), ".."), { recursive: true });
  symlinkSync(outside.dir, searchDir());
  const answer = await servicesFor(repo.dir).threadSearch({ query: "token bucket", intent: "lookup" });
  expect(answer.hits.map((h) => h.threadId)).toEqual(["main"]);
  expect(answer.notices.some((n) => n.startsWith("The search index could not be saved ("))).toBe(true);
  expect(existsSync(join(outside.dir, "shop.catalog.json"))).toBe(false);
});
