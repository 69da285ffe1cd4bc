// The hooks and their time plans (deadline, lock wait), shared by the small entry and the hooks proper.

export type HookName = "session-start" | "session-end" | "pre-compact" | "user-prompt-submit" | "pre-tool-use" | "subagent-start";

export interface HookPlan {
  event: string;
  /** Everything, stdin included, must finish within this; then the hook gives up and exits 0. */
  deadlineMs: number;
  lockTimeoutMs: number;
}

export const PLANS = {
  "session-start": { event: "SessionStart", deadlineMs: 4_000, lockTimeoutMs: 1_500 },
  // Claude Code kills SessionEnd hooks after about 1.5 s in total, node start-up included.
  "session-end": { event: "SessionEnd", deadlineMs: 1_000, lockTimeoutMs: 500 },
  "pre-compact": { event: "PreCompact", deadlineMs: 4_000, lockTimeoutMs: 1_500 },
  // Runs before every prompt: never holds a prompt up for long, and never takes the lock (it only appends).
  "user-prompt-submit": { event: "UserPromptSubmit", deadlineMs: 1_000, lockTimeoutMs: 300 },
  // Runs before every file-changing tool call (point-of-action recall): never holds the tool up, never takes the lock.
  "pre-tool-use": { event: "PreToolUse", deadlineMs: 1_000, lockTimeoutMs: 0 },
  // Runs as each subagent starts (its lean context): never takes the lock.
  "subagent-start": { event: "SubagentStart", deadlineMs: 2_000, lockTimeoutMs: 0 },
} as const satisfies Record<HookName, HookPlan>;

export function isHookName(name: string | undefined): name is HookName {
  return name !== undefined && Object.hasOwn(PLANS, name);
}
