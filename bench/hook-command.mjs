// The hook commands exactly as plugin/hooks.json declares them, run the way Claude Code runs them (sh -c, stdin JSON, env).
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

/** A process spec for runTimed: `sh -c <command>` with the hook's stdin JSON. */
export function shellSpec(command, { cwd, env, input }) {
  return { command: "/bin/sh", args: ["-c", command], cwd, env, input: input === undefined ? "" : JSON.stringify(input) };
}
