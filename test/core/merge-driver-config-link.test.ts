// Guards the merge driver's refresh of .git/config (every SessionStart) when that file is a symbolic link, as some
// dotfile setups make it: like git, the refresh writes the file the link points to and keeps the link.
import { lstatSync, mkdirSync, readFileSync, readlinkSync, renameSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";
import {
  driverCommand,
  gitConfigPath,
  readConfiguredDriver,
  refreshDriverConfig,
} from "../../src/core/merge/git-merge-driver.js";
import { reposPerTest } from "../support/temp-repo.js";

const newRepo = reposPerTest();

test("a .git/config that is a symbolic link stays one: the driver is written into the file it points to, as git config does", () => {
  const repo = newRepo();
  const shared = newRepo({ git: false, prefix: "tm-dotfiles-" });
  const config = gitConfigPath(repo.dir);
  mkdirSync(join(shared.dir, "git"));
  const target = join(shared.dir, "git", "config");
  renameSync(config, target);
  symlinkSync(target, config);
  repo.git("config", "--local", "core.note", "kept");
  expect(lstatSync(config).isSymbolicLink()).toBe(true); // git itself writes through the link

  const expected = driverCommand("/usr/bin/node", "/plugin/dist/cli.mjs");
  expect(refreshDriverConfig(config, expected)).toBe("missing");
  expect(lstatSync(config).isSymbolicLink()).toBe(true);
  expect(readlinkSync(config)).toBe(target);
  expect(readConfiguredDriver(target)).toBe(expected);
  expect(readFileSync(target, "utf8")).toContain("note = kept");
  expect(repo.git("config", "--get", "merge.threadmind.driver")).toBe(expected);
});
