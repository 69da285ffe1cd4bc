// The hook commands exactly as plugin/hooks.json declares them, run the way Claude Code and Codex run them (sh -c, stdin
// JSON, env).
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";

/**
 * The command line plugin/hooks.json gives `event` (first hook of the first matcher group), ${CLAUDE_PLUGIN_ROOT}
 * substituted; `distDir` replaces plugin/dist (to measure another build).
 */
export function hookCommand(repoRoot, event, distDir = join(repoRoot, "plugin", "dist")) {
  const config = JSON.parse(readFileSync(join(repoRoot, "plugin", "hooks.json"), "utf8"));
  const groups = config.hooks?.[event];
  const command = groups?.[0]?.hooks?.[0]?.command;
  if (typeof command !== "string") throw new Error(`plugin/hooks.json has no command for ${event}`);
  return command.replaceAll("${CLAUDE_PLUGIN_ROOT}/plugin/dist", distDir).replaceAll("${CLAUDE_PLUGIN_ROOT}", repoRoot);
}

/** The environment Claude Code gives a hook (no variables of the benchmark's own shell besides PATH). */
export function hookEnv({ repoRoot, home, projectDir, claudePid, sessionId }) {
  return {
    PATH: `${dirname(process.execPath)}:${process.env.PATH ?? "/usr/bin:/bin"}`,
    HOME: home,
    CLAUDE_PID: String(claudePid),
    CLAUDE_PROJECT_DIR: projectDir,
    CLAUDE_PLUGIN_ROOT: repoRoot,
    CLAUDE_PLUGIN_DATA: join(home, ".claude", "plugins", "data", "thread-mind"),
    CLAUDE_CODE_SESSION_ID: sessionId,
    GIT_CONFIG_NOSYSTEM: "1",
  };
}

/**
 * The environment Codex gives a plugin's hook (../shared/codex-facts.md): its own (PATH, HOME), and the plugin's
 * folders as PLUGIN_ROOT / PLUGIN_DATA and their CLAUDE_ twins; no CLAUDE_PID, CLAUDE_PROJECT_DIR nor session id (the
 * hook tells Codex from its rollout path and keys the instance by its parent, Codex: here the benchmark process).
 */
export function codexHookEnv({ repoRoot, home }) {
  const data = join(home, ".codex", "plugins", "data", "thread-mind-thread-mind");
  return {
    PATH: `${dirname(process.execPath)}:${process.env.PATH ?? "/usr/bin:/bin"}`,
    HOME: home,
    PLUGIN_ROOT: repoRoot,
    PLUGIN_DATA: data,
    CLAUDE_PLUGIN_ROOT: repoRoot,
    CLAUDE_PLUGIN_DATA: data,
    GIT_CONFIG_NOSYSTEM: "1",
  };
}

/** A process spec for runTimed: `sh -c <command>` with the hook's stdin JSON. */
export function shellSpec(command, { cwd, env, input }) {
  return { command: "/bin/sh", args: ["-c", command], cwd, env, input: input === undefined ? "" : JSON.stringify(input) };
}
