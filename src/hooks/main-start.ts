// plugin/dist/hook-start.cjs: SessionStart, run as main-run.ts runs it, with its own fast path and the team check only (no
// transcript reading, measuring or nudging code: less for every session start to read, deserialise and run).
import { join } from "node:path";
import { fastSessionStart } from "./hook-fast-start.js";
import { hookMain } from "./main-run.js";
import { teamGitCheck } from "./team-git-check.js";

export const { runHook, runPath } = hookMain(
  (name, input, env, rotate) => (name === "session-start" ? fastSessionStart(input, env, rotate) : Promise.resolve(null)),
  // The merge driver kept current, and thread files in conflict named (the full path names the active one itself).
  (input, output) => teamGitCheck(input.cwd, process.env, join(__dirname, "cli.mjs"), output.userMessage ?? ""),
);
