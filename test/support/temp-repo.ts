// Real temporary git repositories for tests: init with a local identity, commit files, switch branches.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { afterEach } from "vitest";
import { dirname, join } from "node:path";

export interface TempRepo {
  dir: string;
  git(...args: string[]): string;
  write(path: string, text: string): void;
  commit(message: string, files?: Record<string, string>): string;
  cleanup(): void;
}

export const TEST_GIT_ENV = {
  GIT_AUTHOR_NAME: "Test Author",
  GIT_AUTHOR_EMAIL: "author@example.com",
  GIT_COMMITTER_NAME: "Test Author",
  GIT_COMMITTER_EMAIL: "author@example.com",
  GIT_CONFIG_NOSYSTEM: "1",
};

/** A temp directory; a git repository (branch main, user Test Author) unless `git: false`. */
export function makeTempRepo(options: { git?: boolean; prefix?: string; user?: { name: string; email: string } } = {}): TempRepo {
  const dir = mkdtempSync(join(tmpdir(), options.prefix ?? "tm-repo-"));
  const run = (...args: string[]) =>
    execFileSync("git", args, { cwd: dir, encoding: "utf8", env: { ...process.env, ...TEST_GIT_ENV } }).trim();
  if (options.git !== false) {
    run("init", "-q", "-b", "main");
    run("config", "user.name", options.user?.name ?? "Test Author");
    run("config", "user.email", options.user?.email ?? "author@example.com");
    run("config", "commit.gpgsign", "false");
  }
  const write = (path: string, text: string) => {
    const full = join(dir, path);
    mkdirSync(dirname(full), { recursive: true });
    writeFileSync(full, text);
  };
  return {
    dir,
    git: run,
    write,
    commit(message, files = {}) {
      for (const [p, t] of Object.entries(files)) write(p, t);
      run("add", "-A");
      run("commit", "-q", "--allow-empty", "-m", message);
      return run("rev-parse", "HEAD");
    },
    cleanup: () => rmSync(dir, { recursive: true, force: true }),
  };
}

/** makeTempRepo for the tests of the calling file: every repository it makes is removed after the test that made it. */
export function reposPerTest(): (options?: Parameters<typeof makeTempRepo>[0]) => TempRepo {
  const made: TempRepo[] = [];
  afterEach(() => {
    for (const r of made.splice(0)) r.cleanup();
  });
  return (options) => {
    const r = makeTempRepo(options);
    made.push(r);
    return r;
  };
}
