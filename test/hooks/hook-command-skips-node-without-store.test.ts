// Guards plugin/hooks.json's shell check (#31): in a repository without `.threadmind/` every hook command exits 0 without
// starting node (a PATH with no node proves it: sh would fail with 127); where the hooks would find a store (as
// findExistingStore finds it: from CLAUDE_PROJECT_DIR up to the git top) or the environment names it, node runs.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, test } from "vitest";
import { makeTempRepo, type TempRepo } from "../support/temp-repo.js";

const REPO_ROOT = join(import.meta.dirname, "..", "..");
const EVENTS = ["SessionStart", "SessionEnd", "PreCompact", "UserPromptSubmit"] as const;
/** The shells the command may meet: POSIX sh (dash on Debian, bash as sh on macOS), bash (Git Bash on Windows). */
const SHELLS = ["/bin/sh", "/bin/bash", "/usr/bin/bash", "/bin/dash", "/usr/bin/dash"].filter((s) => existsSync(s));

const repos: TempRepo[] = [];
afterEach(() => {
  for (const r of repos.splice(0)) r.cleanup();
});

function commandOf(event: (typeof EVENTS)[number]): string {
  const config = JSON.parse(readFileSync(join(REPO_ROOT, "plugin", "hooks.json"), "utf8")) as {
    hooks: Record<string, { hooks: { command: string }[] }[]>;
  };
  const command = config.hooks[event]?.[0]?.hooks[0]?.command ?? "";
  expect(command).toContain("${CLAUDE_PLUGIN_ROOT}/plugin/dist/hook.cjs");
  return command.replaceAll("${CLAUDE_PLUGIN_ROOT}", REPO_ROOT);
}

/** Runs the event's command with a PATH that holds no node: 0 means node was not needed, 127 that the shell went for it. */
function runWithoutNode(shell: string, event: (typeof EVENTS)[number], env: Record<string, string>, cwd = tmpdir()) {
  const run = spawnSync(shell, ["-c", commandOf(event)], {
    cwd,
    // HOME: a bash started without a terminal may read ~/.bashrc (whose lines would write to stderr).
    env: { PATH: "/nonexistent", HOME: cwd, ...env },
    input: "{}",
    encoding: "utf8",
  });
  return { code: run.status, stderr: run.stderr };
}

function repo(): TempRepo {
  const r = makeTempRepo();
  repos.push(r);
  return r;
}

describe("plugin/hooks.json's check before node", () => {
  test.each(SHELLS)(
    "%s: no .threadmind from the project directory up to the git top: every hook exits 0, node never starts",
    (shell) => {
      const r = repo();
      const sub = join(r.dir, "packages", "app");
      mkdirSync(sub, { recursive: true });
      // A store above the git top is not this repository's (findExistingStore stops at the top): it changes nothing.
      for (const dir of [r.dir, sub, `${sub}/`]) {
        for (const event of EVENTS)
          expect(runWithoutNode(shell, event, { CLAUDE_PROJECT_DIR: dir }), `${event} in ${dir}`).toEqual({
            code: 0,
            stderr: "",
          });
      }
    },
  );

  test.each(SHELLS)("%s: a store at the git top seen from a subdirectory, or in the project directory, needs node", (shell) => {
    const r = repo();
    const sub = join(r.dir, "src");
    mkdirSync(sub);
    mkdirSync(join(r.dir, ".threadmind"));
    for (const dir of [r.dir, sub]) {
      for (const event of EVENTS)
        expect(runWithoutNode(shell, event, { CLAUDE_PROJECT_DIR: dir }).code, `${event} in ${dir}`).toBe(127);
    }
  });

  test.each(SHELLS)(
    "%s: what the shell cannot judge is left to node: THREADMIND_ROOT, no or a relative CLAUDE_PROJECT_DIR",
    (shell) => {
      const r = repo();
      expect(runWithoutNode(shell, "SessionStart", { CLAUDE_PROJECT_DIR: r.dir, THREADMIND_ROOT: r.dir }).code).toBe(127);
      expect(runWithoutNode(shell, "SessionStart", {}).code).toBe(127);
      expect(runWithoutNode(shell, "UserPromptSubmit", { CLAUDE_PROJECT_DIR: "relative/dir" }).code).toBe(127);
    },
  );

  test("outside any git repository the walk ends at / and exits 0", () => {
    // The temp dir's ancestors hold no .git nor .threadmind on a test machine; node's rule looks in the directory only.
    const dir = join(repo().dir, "..");
    if (existsSync(join(dir, ".git")) || existsSync(join(dir, ".threadmind"))) return;
    expect(runWithoutNode("/bin/sh", "SessionEnd", { CLAUDE_PROJECT_DIR: dir })).toEqual({ code: 0, stderr: "" });
  });
});
