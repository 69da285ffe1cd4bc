// Guards plugin/hooks.json's commands (node --preserve-symlinks-main: Node skips resolving the entry's real path, ~0.3 ms
// of every hook start): run exactly as Claude Code runs them, through a plugin root whose dist is a symbolic link, they
// print what the bundle run by its real path prints, and the code cache is kept.
import { spawnSync } from "node:child_process";
import { setTimeout as sleep } from "node:timers/promises";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { makeTempRepo, type TempRepo } from "../support/temp-repo.js";
import { servicesFor } from "../support/core-services.js";
import { HOOK_BUNDLE, runHookProcess } from "../reliability/hook-process.js";
import { claudeInstanceSession } from "../../src/core/session-key.js";
import { FINE_RACY_MARGIN_MS } from "../../src/core/store/file-stamp.js";

const REPO_ROOT = join(import.meta.dirname, "..", "..");
const PID = process.pid;
let repo: TempRepo;
let dist: string;
let root: string;
let data: string;

/** The SessionStart command of plugin/hooks.json, ${CLAUDE_PLUGIN_ROOT} replaced. */
function startCommand(pluginRoot: string): string {
  const config = JSON.parse(readFileSync(join(REPO_ROOT, "plugin", "hooks.json"), "utf8")) as {
    hooks: Record<string, { hooks: { command: string }[] }[]>;
  };
  const command = config.hooks.SessionStart?.[0]?.hooks[0]?.command ?? "";
  expect(command).toContain("${CLAUDE_PLUGIN_ROOT}/plugin/dist/hook.cjs");
  return command.replaceAll("${CLAUDE_PLUGIN_ROOT}", pluginRoot);
}

beforeAll(async () => {
  repo = makeTempRepo();
  repo.commit("code", { "README.md": "x\n" });
  dist = mkdtempSync(join(tmpdir(), "tm-dist-real-"));
  for (const bundle of ["hook.cjs", "hook-start.cjs", "hook-main.cjs", "hook-recall.cjs", "hook-core.cjs"])
    copyFileSync(join(HOOK_BUNDLE, "..", bundle), join(dist, bundle));
  root = mkdtempSync(join(tmpdir(), "tm-plugin-root-"));
  mkdirSync(join(root, "plugin"));
  symlinkSync(dist, join(root, "plugin", "dist"), "dir");
  data = mkdtempSync(join(tmpdir(), "tm-plugin-data-"));
  const s = servicesFor(repo.dir, claudeInstanceSession(PID).key);
  await s.projectCreate({ title: "Linked" });
  await s.summaryUpdate({ content: "## Decisions\n- LINKED-ROOT-DECISION" });
  await sleep(FINE_RACY_MARGIN_MS + 20);
}, 30_000);
afterAll(() => {
  repo?.cleanup();
  for (const dir of [dist, root, data]) rmSync(dir, { recursive: true, force: true });
});

describe("plugin/hooks.json's commands", () => {
  test("through a plugin root whose dist is a symbolic link, SessionStart prints what the real path prints", async () => {
    const input = JSON.stringify({
      session_id: "conv-link",
      transcript_path: join(repo.dir, "conv-link.jsonl"),
      cwd: repo.dir,
      hook_event_name: "SessionStart",
      source: "startup",
    });
    const env: NodeJS.ProcessEnv = { PATH: process.env.PATH, HOME: repo.dir, GIT_CONFIG_NOSYSTEM: "1" };
    Object.assign(env, {
      CLAUDE_PID: String(PID),
      CLAUDE_PROJECT_DIR: repo.dir,
      CLAUDE_CODE_SESSION_ID: "conv-link",
      CLAUDE_PLUGIN_ROOT: root,
      CLAUDE_PLUGIN_DATA: data,
    });
    const viaCommand = () => spawnSync("/bin/sh", ["-c", startCommand(root)], { cwd: repo.dir, env, input, encoding: "utf8" });
    const real = await runHookProcess("session-start", {
      cwd: repo.dir,
      sessionId: "conv-link",
      transcriptPath: join(repo.dir, "conv-link.jsonl"),
      claudePid: PID,
      stdin: input,
      bundle: join(dist, "hook.cjs"),
      env: { CLAUDE_PLUGIN_DATA: null },
    });
    expect(real).toMatchObject({ code: 0, stderr: "" });
    expect(real.stdout).toContain("LINKED-ROOT-DECISION");
    for (let i = 0; i < 3; i++) {
      const run = viaCommand();
      expect(run).toMatchObject({ status: 0, stderr: "" });
      expect(run.stdout).toBe(real.stdout);
    }
    expect(existsSync(join(data, "code-cache", "hook-start.cjs-session-start.bin"))).toBe(true);
  });
});
