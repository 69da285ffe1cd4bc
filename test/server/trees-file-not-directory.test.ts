// Bug: a .threadmind/trees that is a file (not the 0.4 layout's directory) made every tool fail "unexpectedly" with a raw
// ENOTDIR from the migration, and told the model to check with thread_list (which failed the same way). It is refused
// by name, as a linked trees/ is, so that the user knows which file to move.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { servicesFor } from "../support/core-services.js";
import type { TempRepo } from "../support/temp-repo.js";
import { callError, closeServerInTempRepo, serverInTempRepo, type RunningServer } from "./support/spawn-server.js";

let repo: TempRepo;
let server: RunningServer;
beforeAll(async () => {
  ({ repo, server } = await serverInTempRepo({ "README.md": "x\n" }));
});
afterAll(() => closeServerInTempRepo(server, repo));

test("a file at .threadmind/trees is named in the tool error, never an unexpected failure", async () => {
  await servicesFor(repo.dir).projectCreate({ title: "Shop" });
  const trees = join(repo.dir, ".threadmind", "trees");
  writeFileSync(trees, "not the 0.4 layout\n");
  const text = await callError(server, "thread_list");
  expect(text).not.toContain("failed unexpectedly");
  expect(text).toContain(trees);
  expect(text).toContain("not a directory");
});
