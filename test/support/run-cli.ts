// Runs the built CLI (plugin/dist/cli.mjs) as a real process with a clean environment, for CLI tests.
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach } from "vitest";

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
export const BUILT_CLI = join(REPO_ROOT, "plugin", "dist", "cli.mjs");

export interface CliRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * `node [nodeArgs] <cli> ...args` in `cwd`. The environment is built from scratch (PATH, HOME, a git that reads no system or
 * global config) plus `env`, so nothing of the caller's CLAUDE_* / THREADMIND_* settings leaks in.
 */
export function runCli(
  args: string[],
  options: { cwd: string; home: string; env?: Record<string, string>; cli?: string; nodeArgs?: string[] },
): CliRun {
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? "/usr/bin:/bin",
    HOME: options.home,
    GIT_CONFIG_NOSYSTEM: "1",
    LANG: "C.UTF-8",
    ...options.env,
  };
  const result = spawnSync(process.execPath, [...(options.nodeArgs ?? []), options.cli ?? BUILT_CLI, ...args], {
    cwd: options.cwd,
    env,
    encoding: "utf8",
    timeout: 60_000,
    // A report of a few hundred megabytes of transcripts prints megabytes of JSON (spawnSync keeps 1 MiB by default).
    maxBuffer: 256 * 1024 * 1024,
  });
  if (result.error) throw result.error;
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

/**
 * How many threads (the main one and its scan workers) `report --json` of the built CLI ran in `cwd`, with runCli's
 * environment plus `env`: node's --cpu-prof (not allowed in NODE_OPTIONS) writes one profile per thread. Throws when the
 * report fails.
 */
export function reportThreadCount(cwd: string, env: Record<string, string>): number {
  const profiles = mkdtempSync(join(tmpdir(), "tm-report-profiles-"));
  const home = makeHome();
  try {
    const run = runCli(["report", "--json"], {
      cwd,
      home,
      env,
      nodeArgs: ["--cpu-prof", `--cpu-prof-dir=${profiles}`],
    });
    if (run.code !== 0) throw new Error(`report exited with code ${run.code}: ${run.stderr}`);
    return readdirSync(profiles).filter((f) => f.endsWith(".cpuprofile")).length;
  } finally {
    rmSync(profiles, { recursive: true, force: true });
    rmSync(home, { recursive: true, force: true });
  }
}

/** An empty HOME (no ~/.claude, no ~/.gitconfig). */
export function makeHome(): string {
  const home = realpathSync(mkdtempSync(join(tmpdir(), "tm-cli-home-")));
  mkdirSync(join(home, ".claude"), { recursive: true });
  return home;
}

/** makeHome for the tests of the calling file: every HOME it makes is removed after the test that made it (as reposPerTest). */
export function homesPerTest(): () => string {
  const made: string[] = [];
  afterEach(() => {
    for (const home of made.splice(0)) rmSync(home, { recursive: true, force: true });
  });
  return () => {
    const home = makeHome();
    made.push(home);
    return home;
  };
}

/** Records a user-scope install of the plugin in `<home>/.claude` the way `claude plugin install` 2.1.332 does. */
export function installPluginIn(
  home: string,
  options: { version: string; enabled?: boolean; scope?: "user" | "project"; projectPath?: string },
): void {
  const plugins = join(home, ".claude", "plugins");
  mkdirSync(plugins, { recursive: true });
  const entry: Record<string, string> = {
    scope: options.scope ?? "user",
    installPath: join(plugins, "cache", "thread-mind", "thread-mind", options.version),
    version: options.version,
    installedAt: "2026-11-30T05:43:07.276Z",
    lastUpdated: "2026-11-30T05:43:07.276Z",
  };
  if (options.projectPath !== undefined) entry.projectPath = options.projectPath;
  writeFileSync(
    join(plugins, "installed_plugins.json"),
    JSON.stringify({ version: 2, plugins: { "thread-mind@thread-mind": [entry] } }, null, 2),
  );
  writeFileSync(
    join(home, ".claude", "settings.json"),
    JSON.stringify({ enabledPlugins: { "thread-mind@thread-mind": options.enabled ?? true } }, null, 2),
  );
}
