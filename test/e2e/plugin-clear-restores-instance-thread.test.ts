// Real Claude Code + the plugin: /clear measures the ended session and brings back the thread THIS instance switched to.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sayWhySkipped } from "../support/skip-reason.js";
import { claudeAvailability } from "../support/claude-binary.js";
import { createClaudeSandbox } from "../support/claude-sandbox.js";
import type { ClaudeSandbox } from "../support/claude-sandbox.js";
import { startClaudeSession } from "../support/claude-session.js";
import type { ClaudeSession, ClaudeSessionEnd } from "../support/claude-session.js";
import { readTranscript, transcriptPath } from "../support/claude-transcripts.js";
import { CONTEXT_PREFIX, PLUGIN_ARGS, bodyText, recordedContexts, requestFor } from "../support/plugin-e2e.js";
import { describeRun, expectSuccess } from "../support/run-claude.js";
import type { ClaudeRun, StreamJsonMessage } from "../support/run-claude.js";
import { createThreadMindRepo } from "../support/threadmind-repo.js";
import type { ThreadMindRepo } from "../support/threadmind-repo.js";
import { SWITCH_TOOL, USAGE_AFTER_SWITCH, size, switchingModel } from "../support/switching-model.js";

const availability = await claudeAvailability();
sayWhySkipped(availability.available ? null : availability.reason);
const bin = availability.available ? availability.binary.path : "";
const RUN_TIMEOUT = 120_000;

function resultOf(run: ClaudeRun): StreamJsonMessage {
  const result = run.messages.filter((m) => m.type === "result").at(-1);
  if (result === undefined || typeof result.session_id !== "string") throw new Error(`no result line\n${describeRun(run)}`);
  return result;
}

function sessionIdOf(message: StreamJsonMessage): string {
  if (typeof message.session_id !== "string") throw new Error(`no session_id in ${JSON.stringify(message).slice(0, 300)}`);
  return message.session_id;
}

async function threeThreadRepo(): Promise<ThreadMindRepo> {
  const repo = await createThreadMindRepo("Clear project", "MAIN-MARKER-c0: shared root decisions.");
  const ids = [
    await repo.addThread("Alpha", "main", "ALPHA-MARKER-a1: alpha's own state."),
    await repo.addThread("Beta", "main", "BETA-MARKER-b2: beta's own state."),
  ];
  // The scripted switches name these ids.
  expect(ids).toEqual(["alpha", "beta"]);
  await repo.startOn("main");
  return repo;
}

describe.skipIf(!availability.available)("plugin at /clear (real Claude Code)", () => {
  describe("claude -p '/clear' --resume <sid> after a switch through the MCP tool", () => {
    let sandbox: ClaudeSandbox;
    let repo: ThreadMindRepo;
    let firstId: string;
    let clearedId: string;
    let switchRun: ClaudeRun;
    beforeAll(async () => {
      sandbox = await createClaudeSandbox({ bin, mock: { defaultReply: switchingModel } });
      repo = await threeThreadRepo();
      const run = (args: string[]) =>
        sandbox.run([...args, "--output-format", "json", ...PLUGIN_ARGS], { cwd: repo.dir, timeoutMs: RUN_TIMEOUT });
      switchRun = await run(["-p", "TM-SWITCH alpha", "--allowedTools", SWITCH_TOOL]);
      expectSuccess(switchRun);
      firstId = sessionIdOf(resultOf(switchRun));
      const clear = await run(["-p", "/clear", "--resume", firstId]);
      expectSuccess(clear);
      clearedId = sessionIdOf(resultOf(clear));
      expectSuccess(await run(["-p", "after the clear", "--resume", clearedId]));
    }, 3 * RUN_TIMEOUT);
    afterAll(async () => {
      await sandbox?.dispose();
      repo?.cleanup();
    });

    it("runs the scripted thread_switch through the plugin's MCP server", () => {
      expect(resultOf(switchRun).permission_denials).toEqual([]);
      expect(bodyText(sandbox.mock.messageRequests()[1])).toContain('Switched to thread "Alpha" (alpha)');
    });

    it("records at SessionEnd(clear) exactly the size the mock reported for the last response", () => {
      const ends = repo.recorded().measurements.sessionEnds.filter((e) => e.sessionId === firstId);
      expect(ends.map((e) => e.reason)).toEqual(["other", "clear"]);
      for (const end of ends) expect(end.contextTokens).toBe(size(USAGE_AFTER_SWITCH.alpha!));
    });

    it("loads the switched-to thread (not the branch's old start thread) at SessionStart(clear) and it reaches the model", () => {
      const { injections } = repo.recorded().measurements;
      expect(injections.map((i) => [i.source, i.threadId])).toEqual([
        ["startup", "main"],
        ["clear", "alpha"],
      ]);
      const cleared = injections[1];
      expect(cleared?.sessionId).toBe(clearedId);
      const [context, ...others] = recordedContexts(readTranscript(transcriptPath(sandbox.home, repo.dir, clearedId)));
      expect(others).toEqual([]);
      expect(context).toContain('loaded after /clear: the context of thread "Alpha" (alpha)');
      expect(cleared?.chars).toBe(context?.length);
      expect(cleared?.receipt).toBe("delivered");
      const after = bodyText(requestFor(sandbox.mock.requests, "after the clear"));
      expect(after).toContain(CONTEXT_PREFIX + (context ?? ""));
      expect(after).toContain("ALPHA-MARKER-a1");
      expect(after).not.toContain("BETA-MARKER-b2");
      // The startup context (main's own summary as the active thread) went with the cleared conversation.
      expect(after).not.toContain('the context of thread "Clear project" (main)');
    });
  });

  describe("two live instances on different threads (stream-json, one process each): switch, /clear, prompt", () => {
    let sandbox: ClaudeSandbox;
    let repo: ThreadMindRepo;
    let alpha: ClaudeSession;
    let beta: ClaudeSession;
    let ends: ClaudeSessionEnd[];
    let alphaStartId: string;
    let betaStartId: string;
    let midRun: ReturnType<ThreadMindRepo["recorded"]>;
    beforeAll(async () => {
      sandbox = await createClaudeSandbox({ bin, mock: { defaultReply: switchingModel } });
      repo = await threeThreadRepo();
      const start = () =>
        startClaudeSession({
          bin,
          home: sandbox.home,
          baseUrl: sandbox.mock.url,
          cwd: repo.dir,
          args: [...PLUGIN_ARGS, "--allowedTools", SWITCH_TOOL],
          timeoutMs: RUN_TIMEOUT,
        });
      alpha = start();
      beta = start();
      try {
        alphaStartId = sessionIdOf(await alpha.send("TM-SWITCH alpha"));
        // The later switch: it also becomes the branch's start thread, which instance alpha must NOT fall back to.
        betaStartId = sessionIdOf(await beta.send("TM-SWITCH beta"));
        midRun = repo.recorded();
        await alpha.send("/clear");
        await alpha.send("alpha instance after its clear");
        await beta.send("/clear");
        await beta.send("beta instance after its clear");
      } finally {
        ends = await Promise.all([alpha.close(), beta.close()]);
      }
    }, 3 * RUN_TIMEOUT);
    afterAll(async () => {
      await sandbox?.dispose();
      repo?.cleanup();
    });

    it("exits 0 in both instances", () => {
      for (const end of ends) expect(end, end.stderr).toMatchObject({ exitCode: 0, timedOut: false });
    });

    it("keys each instance's thread on its Claude Code pid (the MCP server's parent), the branch remembering the last switch", () => {
      expect(midRun.sessions[`claude-${alpha.pid}`]).toMatchObject({ threadId: "alpha", pid: alpha.pid });
      expect(midRun.sessions[`claude-${beta.pid}`]).toMatchObject({ threadId: "beta", pid: beta.pid });
      expect(midRun.branches.main?.[repo.projectId]).toBe("beta");
    });

    it("gives each instance its own thread after /clear: the other instance's switch does not leak", () => {
      const alphaAfter = bodyText(requestFor(sandbox.mock.requests, "alpha instance after its clear"));
      expect(alphaAfter).toContain(
        `${CONTEXT_PREFIX}ThreadMind memory, loaded after /clear: the context of thread "Alpha" (alpha)`,
      );
      expect(alphaAfter).toContain("ALPHA-MARKER-a1");
      expect(alphaAfter).not.toContain("BETA-MARKER-b2");
      const betaAfter = bodyText(requestFor(sandbox.mock.requests, "beta instance after its clear"));
      expect(betaAfter).toContain(`${CONTEXT_PREFIX}ThreadMind memory, loaded after /clear: the context of thread "Beta" (beta)`);
      expect(betaAfter).toContain("BETA-MARKER-b2");
      expect(betaAfter).not.toContain("ALPHA-MARKER-a1");
    });

    it("records each ended session's own size at SessionEnd(clear) and each clear-time injection as delivered", () => {
      const { sessionEnds, injections } = repo.recorded().measurements;
      const clearEnd = (sessionId: string) => sessionEnds.filter((e) => e.sessionId === sessionId && e.reason === "clear");
      expect(clearEnd(alphaStartId).map((e) => e.contextTokens)).toEqual([size(USAGE_AFTER_SWITCH.alpha!)]);
      expect(clearEnd(betaStartId).map((e) => e.contextTokens)).toEqual([size(USAGE_AFTER_SWITCH.beta!)]);
      const clears = injections.filter((i) => i.source === "clear");
      expect(clears.map((i) => i.threadId).sort()).toEqual(["alpha", "beta"]);
      for (const injection of clears) {
        expect(injection.sessionId).not.toBe(alphaStartId);
        expect(injection.sessionId).not.toBe(betaStartId);
        expect(injection.receipt).toBe("delivered");
      }
    });

    it("prunes the instances' entries once their processes are gone", async () => {
      // Any later write prunes sessions of dead pids; a core write stands in for the next hook.
      await repo.services.store.locked(() => repo.services.updateState(() => undefined));
      const sessions = repo.recorded().sessions;
      expect(sessions[`claude-${alpha.pid}`]).toBeUndefined();
      expect(sessions[`claude-${beta.pid}`]).toBeUndefined();
    });
  });
});
