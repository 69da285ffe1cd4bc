// Real Claude Code in a workspace whose path has spaces, accents and an emoji: a conversation resumed by a new process
// (--resume, then --continue) keeps its thread through /clear, though another window moved the branch meanwhile.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sayWhySkipped } from "../support/skip-reason.js";
import { claudeAvailability } from "../support/claude-binary.js";
import { createClaudeSandbox } from "../support/claude-sandbox.js";
import type { ClaudeSandbox } from "../support/claude-sandbox.js";
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

function sessionIdOf(run: ClaudeRun): string {
  const result: StreamJsonMessage | undefined = run.messages.filter((m) => m.type === "result").at(-1);
  if (result === undefined || typeof result.session_id !== "string") throw new Error(`no result line\n${describeRun(run)}`);
  return result.session_id;
}

describe.skipIf(!availability.available)(
  "plugin in a workspace path with spaces and unicode, resumed conversations (real Claude Code)",
  () => {
    let sandbox: ClaudeSandbox;
    let repo: ThreadMindRepo;
    let alphaId: string;
    let betaId: string;
    let clearedId: string;
    let continuedId: string;
    let alphaRun: ClaudeRun;
    beforeAll(async () => {
      sandbox = await createClaudeSandbox({ bin, mock: { defaultReply: switchingModel } });
      repo = await createThreadMindRepo("Odd path", "MAIN-MARKER-c0: shared root decisions.", "tm e2e dossier été ✓ 😀 ");
      expect(await repo.addThread("Alpha", "main", "ALPHA-MARKER-a1: alpha's own state.")).toBe("alpha");
      expect(await repo.addThread("Beta", "main", "BETA-MARKER-b2: beta's own state.")).toBe("beta");
      await repo.startOn("main");
      const run = (args: string[]) =>
        sandbox.run([...args, "--output-format", "json", ...PLUGIN_ARGS], { cwd: repo.dir, timeoutMs: RUN_TIMEOUT });
      alphaRun = await run(["-p", "TM-SWITCH alpha", "--allowedTools", SWITCH_TOOL]);
      expectSuccess(alphaRun);
      alphaId = sessionIdOf(alphaRun);
      // Another window moves the branch's start thread to beta.
      const betaRun = await run(["-p", "TM-SWITCH beta", "--allowedTools", SWITCH_TOOL]);
      expectSuccess(betaRun);
      betaId = sessionIdOf(betaRun);
      // A new process resumes the alpha conversation and clears it.
      const clear = await run(["-p", "/clear", "--resume", alphaId]);
      expectSuccess(clear);
      clearedId = sessionIdOf(clear);
      // Yet another process continues the most recent conversation here: the cleared one.
      const continued = await run(["-p", "after the clear", "--continue"]);
      expectSuccess(continued);
      continuedId = sessionIdOf(continued);
    }, 5 * RUN_TIMEOUT);
    afterAll(async () => {
      await sandbox?.dispose();
      repo?.cleanup();
    });

    it("runs the hooks and the MCP server from a launch directory with spaces and unicode", () => {
      expect(repo.dir).toContain(" été ✓ 😀 ");
      expect(bodyText(sandbox.mock.messageRequests()[1])).toContain('Switched to thread "Alpha" (alpha)');
      const startup = repo.recorded().measurements.injections.filter((i) => i.sessionId === alphaId);
      expect(startup.map((i) => [i.source, i.threadId, i.receipt])).toEqual([["startup", "main", "delivered"]]);
    });

    it("measures each ended session's size from its transcript in that directory", () => {
      const { sessionEnds } = repo.recorded().measurements;
      const ends = (id: string) => sessionEnds.filter((e) => e.sessionId === id).map((e) => [e.reason, e.contextTokens]);
      expect(ends(betaId)).toEqual([["other", size(USAGE_AFTER_SWITCH.beta!)]]);
      expect(ends(alphaId)).toEqual([
        ["other", size(USAGE_AFTER_SWITCH.alpha!)],
        ["clear", size(USAGE_AFTER_SWITCH.alpha!)],
      ]);
    });

    it("brings back the resumed conversation's thread (alpha) at /clear, not the branch's newer start thread", () => {
      const cleared = repo.recorded().measurements.injections.filter((i) => i.source === "clear");
      expect(cleared.map((i) => [i.sessionId, i.threadId, i.receipt])).toEqual([[clearedId, "alpha", "delivered"]]);
      const [context] = recordedContexts(readTranscript(transcriptPath(sandbox.home, repo.dir, clearedId)));
      expect(context).toContain('loaded after /clear: the context of thread "Alpha" (alpha)');
    });

    it("continues the cleared conversation with --continue, its context carried, nothing injected twice", () => {
      expect(continuedId).toBe(clearedId);
      const after = bodyText(requestFor(sandbox.mock.requests, "after the clear"));
      expect(after).toContain(`${CONTEXT_PREFIX}ThreadMind memory, loaded after /clear: the context of thread "Alpha" (alpha)`);
      expect(after).toContain("ALPHA-MARKER-a1");
      expect(after).not.toContain("BETA-MARKER-b2");
      const { injections } = repo.recorded().measurements;
      expect(injections.filter((i) => i.source === "resume")).toEqual([]);
    });
  },
);
