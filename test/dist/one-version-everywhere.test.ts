// Guards the release version: package.json, the lockfile, the plugin manifests, server.json, the bundles' --version and
// the server's initialize all say the same; a release that bumps one of them and forgets another fails here.
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { BUILT_CLI, REPO_ROOT } from "../support/run-cli.js";
import type { TempRepo } from "../support/temp-repo.js";
import { closeServerInTempRepo, serverInTempRepo, type RunningServer } from "../server/support/spawn-server.js";

function json(path: string): unknown {
  return JSON.parse(readFileSync(join(REPO_ROOT, path), "utf8"));
}

function at(value: unknown, ...keys: (string | number)[]): unknown {
  let current = value;
  for (const key of keys)
    current = typeof current === "object" && current !== null ? (current as Record<string | number, unknown>)[key] : undefined;
  return current;
}

const version = at(json("package.json"), "version");

let repo: TempRepo;
let server: RunningServer;
beforeAll(async () => {
  ({ repo, server } = await serverInTempRepo());
});
afterAll(() => closeServerInTempRepo(server, repo));

describe("one version everywhere", () => {
  test("package.json's version is a plain semver (no range, no tag)", () => {
    expect(version).toMatch(/^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/);
  });

  test.each([
    ["package-lock.json version", () => at(json("package-lock.json"), "version")],
    ["package-lock.json root package", () => at(json("package-lock.json"), "packages", "", "version")],
    [".claude-plugin/plugin.json", () => at(json(".claude-plugin/plugin.json"), "version")],
    [".claude-plugin/marketplace.json (thread-mind)", () => at(json(".claude-plugin/marketplace.json"), "plugins", 0, "version")],
    ["server.json", () => at(json("server.json"), "version")],
    ["server.json npm package", () => at(json("server.json"), "packages", 0, "version")],
  ])("%s agrees with package.json", (_where, read) => {
    expect(read()).toBe(version);
  });

  test("the built CLI's --version agrees, whatever npm_package_version the caller's project sets", () => {
    const run = spawnSync(process.execPath, [BUILT_CLI, "--version"], {
      encoding: "utf8",
      env: { PATH: process.env.PATH ?? "/usr/bin:/bin", npm_package_version: "9.9.9" },
    });
    expect(run.stderr).toBe("");
    expect(run.stdout.trim()).toBe(version);
  });

  test("the built server reports it at initialize", () => {
    expect(server.client.getServerVersion()?.version).toBe(version);
  });
});
