// Over stdio, on a project of several hundred threads: thread_list is a bounded view, the resource list still names every thread.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import type { TempRepo } from "../support/temp-repo.js";
import { call, closeServerInTempRepo, serverInTempRepo, type RunningServer } from "./support/spawn-server.js";

const FILLERS = 300;
let repo: TempRepo;
let server: RunningServer;
beforeAll(async () => {
  ({ repo, server } = await serverInTempRepo({ "README.md": "x\n" }));
  await call(server, "project_create", { title: "Wide" });
  const dir = join(repo.dir, ".threadmind", "threads", "wide");
  for (let i = 0; i < FILLERS; i++) {
    const at = `2026-02-01T00:${String(Math.floor(i / 60)).padStart(2, "0")}:${String(i % 60).padStart(2, "0")}.000Z`;
    writeFileSync(
      join(dir, `w-${i}.md`),
      `---\nid: w-${i}\ntitle: Wide topic number ${i} with a title of some length\nparentId: main\nauthor: t\ncreatedAt: ${at}\nupdatedAt: ${at}\n---\n`,
    );
  }
});
afterAll(() => closeServerInTempRepo(server, repo));

describe("a project of several hundred threads", () => {
  test("thread_list answers a bounded view of at most 8 KB; rootId and depth list the rest", async () => {
    const text = await call(server, "thread_list");
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(8 * 1024);
    expect(text.split("\n")[0]).toBe(
      `Project: Wide (${FILLERS + 1} threads: ${FILLERS + 1} open, 0 done, 0 abandoned; a bounded view)`,
    );
    expect(text).toContain("Wide (main) ◀ current");
    expect(text).toContain("Open threads, most recently updated first:");
    const page = await call(server, "thread_list", { rootId: "main", depth: 1, status: "active" });
    expect(page).toContain("(w-0)");
    expect(page).toContain("left out to keep this answer under 8 KB");
  });

  test("the resource list still names every thread", async () => {
    const { resources } = await server.client.listResources();
    const threads = resources.filter((r) => r.uri.startsWith("threadmind://threads/"));
    expect(threads).toHaveLength(FILLERS + 1);
    expect(threads.map((r) => r.uri)).toContain(`threadmind://threads/w-${FILLERS - 1}`);
  });
});
