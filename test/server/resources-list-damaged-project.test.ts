// Bug: a project file git left with conflict markers (or otherwise unreadable) made resources/list fail as a whole, so
// the client lost threadmind://context and threadmind://tree too, the very resources whose reading names the damaged file.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import type { TempRepo } from "../support/temp-repo.js";
import { call, closeServerInTempRepo, serverInTempRepo, type RunningServer } from "./support/spawn-server.js";

let repo: TempRepo;
let server: RunningServer;
beforeAll(async () => {
  ({ repo, server } = await serverInTempRepo({ "README.md": "x\n" }));
});
afterAll(() => closeServerInTempRepo(server, repo));

test("resources/list keeps the static resources when the project file cannot be read; reading them names the file", async () => {
  await call(server, "project_create", { title: "Shop" });
  await call(server, "thread_create", { title: "Auth" });
  expect((await server.client.listResources()).resources.map((r) => r.uri)).toContain("threadmind://threads/auth");
  const projectFile = join(repo.dir, ".threadmind", "projects", "shop.json");
  const text = readFileSync(projectFile, "utf8");
  writeFileSync(
    projectFile,
    text.replace('"title": "Shop"', '<<<<<<< HEAD\n"title": "Shop",\n=======\n"title": "Shops",\n>>>>>>> theirs'),
  );
  const { resources } = await server.client.listResources();
  expect(resources.map((r) => r.uri)).toEqual(["threadmind://context", "threadmind://tree"]);
  await expect(server.client.readResource({ uri: "threadmind://context" })).rejects.toThrow(projectFile);
});
