// Guards the server's queue against recall's index build: a server that would have to read the store (a fresh one holds no thread parsed) hands the build to `recall-index` in a process of its own instead of reading every thread in its queue (a call made 300 ms after a fresh server's start waited ~2 s at 1,000 threads); one that holds the threads parsed builds it itself.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, expect, test } from "vitest";
import { makeTempRepo, type TempRepo } from "../support/temp-repo.js";
import { servicesFor } from "../support/core-services.js";
import { serializeThread } from "../../src/core/store/frontmatter.js";
import { INLINE_UNPARSED_MAX, refreshPathIndex } from "../../src/server/path-index-refresh.js";
import { cachedPathIndex } from "../../src/core/recall/path-index-build.js";

let repo: TempRepo | undefined;
afterAll(() => repo?.cleanup());

const FILLERS = 300;

test("a store the server does not hold parsed is indexed by another process; once held, by the server", async () => {
  expect(FILLERS).toBeGreaterThan(INLINE_UNPARSED_MAX);
  repo = makeTempRepo({ prefix: "tm-index-refresh-" });
  const setup = servicesFor(repo.dir);
  await setup.projectCreate({ title: "Shop" });
  const dir = join(repo.dir, ".threadmind", "threads", "shop");
  for (let i = 0; i < FILLERS; i++) {
    const at = "2026-01-01T00:00:00.000Z";
    const t = { id: `filler-${i}`, title: `Filler ${i}`, parentId: "main", author: "t", createdAt: at, updatedAt: at };
    writeFileSync(join(dir, `filler-${i}.md`), serializeThread({ ...t, summary: "## State\n- filler" }));
  }
  // A stand-in for the CLI: records the command it was started with and exits.
  const started = join(repo.dir, "started.txt");
  const cli = join(repo.dir, "fake-cli.cjs");
  writeFileSync(cli, `require("node:fs").appendFileSync(${JSON.stringify(started)}, process.argv[2] + "\\n");\n`);
  // A fresh server's services: no thread parsed.
  const fresh = servicesFor(repo.dir);
  expect(await refreshPathIndex(fresh, { cliPath: cli })).toBe(false);
  const deadline = Date.now() + 15_000;
  // The file appears (created by appendFileSync) a moment before its line is in it: wait for the whole line.
  const line = () => (existsSync(started) ? readFileSync(started, "utf8") : "");
  while (Date.now() < deadline && !line().endsWith("\n")) await sleep(10);
  expect(readFileSync(started, "utf8")).toBe("recall-index\n");
  expect(await cachedPathIndex(fresh.store.dir, fresh.store.workspace.gitTop)).toBeNull();
  expect(fresh.store.unparsedThreadIds("shop", 10_000).length).toBe(FILLERS + 1);
  // Once the server holds the threads parsed (a read of every thread), it builds the index itself.
  fresh.store.readAllThreads("shop");
  expect(fresh.store.unparsedThreadIds("shop", 10_000)).toEqual([]);
  expect(await refreshPathIndex(fresh, { cliPath: cli })).toBe(true);
  expect(await cachedPathIndex(fresh.store.dir, fresh.store.workspace.gitTop)).not.toBeNull();
  expect(readFileSync(started, "utf8")).toBe("recall-index\n");
  // Current now: the server finds it so without reading anything again, and starts nothing.
  expect(await refreshPathIndex(fresh, { cliPath: cli })).toBe(true);
  expect(readFileSync(started, "utf8")).toBe("recall-index\n");
}, 60_000);
