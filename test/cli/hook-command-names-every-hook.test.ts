// Bug: `thread-mind-mcp hook --help` (and the command list) named three hooks; the hook entry also runs
// user-prompt-submit, which plugin/hooks.json registers for UserPromptSubmit.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { expect, it } from "vitest";
import { homesPerTest, REPO_ROOT, runCli } from "../support/run-cli.js";
import { reposPerTest } from "../support/temp-repo.js";

const newRepo = reposPerTest();
const newHome = homesPerTest();

it("hook --help names every hook plugin/hooks.json runs", () => {
  const hooksJson = readFileSync(join(REPO_ROOT, "plugin", "hooks.json"), "utf8");
  const names = [...new Set([...hooksJson.matchAll(/hook\.cjs\\" ([a-z-]+)/g)].map((m) => m[1]!))];
  expect(names).toEqual(["session-start", "session-end", "pre-compact", "user-prompt-submit", "pre-tool-use", "subagent-start"]);
  const run = runCli(["hook", "--help"], { cwd: newRepo({ git: false, prefix: "tm-cli-hook-" }).dir, home: newHome() });
  expect(run.code).toBe(0);
  for (const name of names) expect(run.stdout).toContain(name);
});
