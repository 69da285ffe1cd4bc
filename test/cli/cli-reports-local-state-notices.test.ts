// Bug: with a damaged .threadmind/config.json, `thread-mind-mcp tree` and `context` showed the main thread as the active
// one (the branch's choice could not be read) without a word, while stats and every MCP tool result said why.
import { rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, expect, it } from "vitest";
import { servicesFor } from "../support/core-services.js";
import { makeTempRepo } from "../support/temp-repo.js";
import { makeHome, runCli } from "../support/run-cli.js";

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const c of cleanups.splice(0)) c();
});

it("tree, context, search and history say on stderr that config.json could not be used", async () => {
  const r = makeTempRepo();
  cleanups.push(r.cleanup);
  r.commit("init");
  const services = servicesFor(r.dir);
  await services.projectCreate({ title: "Shop" });
  await services.threadCreate({ title: "Auth" });
  const config = join(r.dir, ".threadmind", "config.json");
  writeFileSync(config, "{bad");
  const h = makeHome();
  cleanups.push(() => rmSync(h, { recursive: true, force: true }));
  for (const args of [["tree"], ["context"], ["search", "auth"], ["history"]]) {
    const run = runCli(args, { cwd: r.dir, home: h });
    expect(run.stderr, args[0]).toContain(`ThreadMind's local state ${config} could not be used`);
  }
});
