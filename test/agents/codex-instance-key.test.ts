// Guards how a Codex instance is keyed: its hooks (told by their rollout path) and its MCP server (THREADMIND_AGENT=codex
// from the plugin's .mcp.json) are both its children, so both key "codex-<its pid>" and a hook can tell the window's writes.
import { describe, expect, it } from "vitest";
import { hookSessionOr, isClaudeInstance, serverSession } from "../../src/core/session-key.js";
import { processCwd } from "../../src/agents/codex/launch-dir.js";

const rollout = "/h/.codex/sessions/2026/12/02/rollout-2026-12-02T04-43-53-abc.jsonl";

describe("a Codex instance", () => {
  it("is keyed alike by its hooks and its MCP server", () => {
    const hook = hookSessionOr({}, { sessionId: "abc", transcriptPath: rollout }, 4242);
    const server = serverSession({ THREADMIND_AGENT: "codex" }, 9000, 4242);
    expect(hook).toEqual({ key: "codex-4242", pid: 4242 });
    expect(server).toEqual(hook);
    expect(isClaudeInstance(hook)).toBe(true);
  });

  it("does not change Claude Code's keys, and a hook of neither stays a conversation key", () => {
    expect(hookSessionOr({ CLAUDE_PID: "77" }, { sessionId: "s", transcriptPath: rollout }, 4242).key).toBe("claude-77");
    const plain = hookSessionOr({}, { sessionId: "s", transcriptPath: "/h/.claude/projects/-w/s.jsonl" }, 4242);
    expect(plain).toEqual({ key: "hook-session-s" });
    expect(isClaudeInstance(plain)).toBe(false);
  });

  it("started its server in the directory read from its own process", (ctx) => {
    ctx.skip(
      process.platform !== "linux" && process.platform !== "darwin",
      `a process's directory is read on Linux and macOS only, not ${process.platform}`,
    );
    expect(processCwd(process.pid)).toBe(process.cwd());
    expect(processCwd(1 - 2)).toBeNull();
  });
});
