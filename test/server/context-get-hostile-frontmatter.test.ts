// Guards issue #30 item 4 for context_get: an active thread whose frontmatter holds 60,000 keys (28–37 s before the
// bound) is refused at once as a damaged file, naming it and why, over stdio; the server keeps answering.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import type { CallToolResult } from "@modelcontextprotocol/sdk/types.js";
import type { TempRepo } from "../support/temp-repo.js";
import { allTextOf, call, closeServerInTempRepo, serverInTempRepo, type RunningServer } from "./support/spawn-server.js";

let repo: TempRepo;
let server: RunningServer;
beforeAll(async () => {
  ({ repo, server } = await serverInTempRepo({ "README.md": "x\n" }));
  await call(server, "project_create", { title: "Shop" });
  await call(server, "summary_update", { content: "## Decisions\n- Use Postgres" });
});
afterAll(() => closeServerInTempRepo(server, repo));

test("context_get on a thread file of 60,000 frontmatter keys names the file and the bound, within a wide margin of time", async () => {
  const file = join(repo.dir, ".threadmind", "threads", "shop", "main", "thread.md"); // format 2: the head file holds the frontmatter
  const extra = Array.from({ length: 60_000 }, (_, i) => `key${i}: v${i}\n`).join("");
  writeFileSync(file, readFileSync(file, "utf8").replace(/\n---\n/, `\n${extra}---\n`));
  const started = performance.now();
  const result = (await server.client.callTool({ name: "context_get", arguments: {} })) as CallToolResult;
  // Generous: 28–37 s before the bound, milliseconds now.
  expect(performance.now() - started).toBeLessThan(15_000);
  const text = allTextOf(result);
  expect(text).toContain("main/thread.md");
  expect(text).toContain("frontmatter too large to parse");
  expect(await call(server, "project_list")).toContain("Shop");
});
