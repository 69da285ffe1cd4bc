// Bug: with a damaged .threadmind/config.json, `thread-mind-mcp tree` and `context` showed the main thread as the active
// one (the branch's choice could not be read) without a word, while stats and every MCP tool result said why.
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { servicesFor } from "../support/core-services.js";
import { reposPerTest } from "../support/temp-repo.js";
import { homesPerTest, runCli } from "../support/run-cli.js";

const newRepo = reposPerTest();
const newHome = homesPerTest();

it("tree, context, search and history say on stderr that config.json could not be used", async () => {
  const r = newRepo();
  r.commit("init");
  const services = servicesFor(r.dir);
  await services.projectCreate({ title: "Shop" });
  await services.threadCreate({ title: "Auth" });
  const config = join(r.dir, ".threadmind", "config.json");
  writeFileSync(config, "{bad");
  const h = newHome();
  for (const args of [["tree"], ["context"], ["search", "auth"], ["history"]]) {
    const run = runCli(args, { cwd: r.dir, home: h });
    expect(run.stderr, args[0]).toContain(`ThreadMind's local state ${config} could not be used`);
  }
});
