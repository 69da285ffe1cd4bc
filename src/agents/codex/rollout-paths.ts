// Where Codex keeps its rollouts: $CODEX_HOME (default ~/.codex)/sessions/YYYY/MM/DD/rollout-<time>-<session id>.jsonl[.zst].
import { homedir } from "node:os";
import { join, resolve } from "node:path";

/** Codex's home: CODEX_HOME when set, else ~/.codex. */
export function codexHome(env: Record<string, string | undefined>, home: string = homedir()): string {
  const configured = env.CODEX_HOME;
  return configured !== undefined && configured !== "" ? resolve(configured) : join(home, ".codex");
}

export function codexSessionsDir(env: Record<string, string | undefined>, home: string = homedir()): string {
  return join(codexHome(env, home), "sessions");
}

/** A rollout's file name: rollout-….jsonl, or rollout-….jsonl.zst once Codex compressed it. */
export function isRolloutName(name: string): boolean {
  return name.startsWith("rollout-") && (name.endsWith(".jsonl") || name.endsWith(".jsonl.zst"));
}

export function isRolloutPath(path: string): boolean {
  return isRolloutName(path.slice(Math.max(path.lastIndexOf("/"), path.lastIndexOf("\\")) + 1));
}
