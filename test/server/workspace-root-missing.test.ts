// Bug: with THREADMIND_ROOT naming a directory that does not exist (a typo, or a client that passes
// "${workspaceFolder}" unexpanded) outside any git repository, project_create failed "unexpectedly" with a raw ENOENT from mkdir and sent the model
// to thread_list. It now says which workspace is missing and where it came from, and creates nothing.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import { makeTempRepo, type TempRepo } from "../support/temp-repo.js";
import { callError, spawnServer, type RunningServer } from "./support/spawn-server.js";

let repo: TempRepo;
let server: RunningServer;
let missing: string;
beforeAll(async () => {
  repo = makeTempRepo({ git: false });
  missing = join(repo.dir, "${workspaceFolder}");
  server = await spawnServer({ cwd: repo.dir, env: { THREADMIND_ROOT: "${workspaceFolder}" } });
});
afterAll(async () => {
  await server?.close();
  repo?.cleanup();
});

test("project_create in a THREADMIND_ROOT that does not exist names it, creates nothing, and is no unexpected failure", async () => {
  const text = await callError(server, "project_create", { title: "Shop" });
  expect(text).not.toContain("failed unexpectedly");
  expect(text).toContain(missing);
  expect(text).toContain("THREADMIND_ROOT");
  expect(existsSync(missing)).toBe(false);
});
