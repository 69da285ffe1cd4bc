// Guards issue #30 item 8: resources/list pages the threads with MCP cursors (20,000 threads made one 4.1 MB reply):
// at most RESOURCES_PAGE_SIZE threads a page, the static resources on the first, every thread exactly once over the pages.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, expect, test } from "vitest";
import type { Resource } from "@modelcontextprotocol/sdk/types.js";
import { RESOURCES_PAGE_SIZE } from "../../src/server/resources.js";
import type { TempRepo } from "../support/temp-repo.js";
import { call, closeServerInTempRepo, serverInTempRepo, type RunningServer } from "./support/spawn-server.js";

const FILLERS = 2 * RESOURCES_PAGE_SIZE + 200;
let repo: TempRepo;
let server: RunningServer;
beforeAll(async () => {
  ({ repo, server } = await serverInTempRepo({ "README.md": "x\n" }));
  await call(server, "project_create", { title: "Wide" });
  const dir = join(repo.dir, ".threadmind", "threads", "wide");
  // Format-1 files (`<id>.md`, still read as they are): the quickest way to a wide project.
  for (let i = 0; i < FILLERS; i++) {
    const at = new Date(Date.UTC(2026, 1, 1) + i * 1000).toISOString();
    writeFileSync(
      join(dir, `w-${i}.md`),
      `---\nid: w-${i}\ntitle: Topic ${i}\nparentId: main\nauthor: t\ncreatedAt: ${at}\nupdatedAt: ${at}\n---\n`,
    );
  }
});
afterAll(() => closeServerInTempRepo(server, repo));

test("resources/list answers pages of at most 500 threads with a cursor to the next, every thread once over the pages", async () => {
  const pages: Resource[][] = [];
  let cursor: string | undefined;
  do {
    const page = await server.client.listResources(cursor === undefined ? {} : { cursor });
    pages.push(page.resources);
    cursor = page.nextCursor;
  } while (cursor !== undefined && pages.length < 10);
  expect(pages.map((p) => p.length)).toEqual([
    RESOURCES_PAGE_SIZE + 2,
    RESOURCES_PAGE_SIZE,
    FILLERS + 1 - 2 * RESOURCES_PAGE_SIZE,
  ]);
  expect(pages[0]!.slice(0, 2).map((r) => r.uri)).toEqual(["threadmind://context", "threadmind://tree"]);
  const uris = pages.flat().map((r) => r.uri);
  expect(new Set(uris).size).toBe(uris.length);
  expect(uris.filter((u) => u.startsWith("threadmind://threads/"))).toHaveLength(FILLERS + 1);
  expect(uris).toContain("threadmind://threads/main");
  // Oldest first (createdAt), as before the pages.
  expect(pages[0]![2]).toMatchObject({
    uri: "threadmind://threads/w-0",
    name: "Topic 0",
    mimeType: "text/markdown",
    // Each thread resource is titled with its thread's own title (#26: the @-menu tells threads apart).
    title: "Topic 0",
  });
});

test("a cursor that is not one of ours is refused with an error, not answered with the first page", async () => {
  await expect(server.client.listResources({ cursor: "not-a-cursor" })).rejects.toThrow("Invalid cursor for resources/list");
});
