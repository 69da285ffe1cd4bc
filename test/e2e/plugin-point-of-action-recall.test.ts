// Real Claude Code + the plugin: point-of-action recall and the subagent context. The model, on thread main, writes a
// file a sibling (done) thread's paths cover: the request after the tool call carries that thread's decision, a second
// write of it does not repeat it, after /clear it comes again, a file no thread covers adds nothing; a subagent's first
// request carries the lean context of the thread; a conversation that writes three files and then its summary leaves
// them in the thread's paths. Where Claude Code records each injection in the transcript (a PreToolUse context under
// its tool call's id in the conversation's file, a SubagentStart context in the subagent's own file), and that the
// SessionEnd hooks confirm each one delivered from there (receipts), as stats then say.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { existsSync, readdirSync } from "node:fs";
import { sayWhySkipped } from "../support/skip-reason.js";
import { join } from "node:path";
import { claudeAvailability } from "../support/claude-binary.js";
import { createClaudeSandbox } from "../support/claude-sandbox.js";
import type { ClaudeSandbox } from "../support/claude-sandbox.js";
import { startClaudeSession } from "../support/claude-session.js";
import type { ClaudeSessionEnd } from "../support/claude-session.js";
import { textReply, toolUseReply } from "../support/mock-anthropic.js";
import type { MockReply, RecordedRequest } from "../support/mock-anthropic.js";
import { lastUserText } from "../support/anthropic-request-text.js";
import { PLUGIN_ARGS, answersToolResult, bodyText, promptRequests, toolName } from "../support/plugin-e2e.js";
import { createThreadMindRepo } from "../support/threadmind-repo.js";
import type { ThreadMindRepo } from "../support/threadmind-repo.js";
import { logLines } from "../support/store-measurements.js";
import { listTranscripts, readTranscript, type TranscriptRecord } from "../support/claude-transcripts.js";
import { collectStats, renderStats } from "../../src/core/savings/stats.js";

const availability = await claudeAvailability();
sayWhySkipped(availability.available ? null : availability.reason);
const bin = availability.available ? availability.binary.path : "";
const RUN_TIMEOUT = 180_000;
const UPDATE_TOOL = toolName("summary_update");
const RECALL_PREFIX = "PreToolUse:Write hook additional context: ";
const SUBAGENT_PREFIX = "SubagentStart hook additional context: ";
const REFUND_RULE = "REFUND-RULE: refunds are never issued after 30 days.";
const MAIN_RULE = "MAIN-RULE: every amount is in cents.";
const SUB_PROMPT = "SUBAGENT-TASK: look at the payments code.";

/**
 * "WRITE <path>": the model writes that file (relative to the repository); "TASK": it starts a general-purpose
 * subagent; "SAVE": it calls summary_update. Tool results and the subagent's own request get a short text answer.
 */
function model(repoDir: () => string) {
  return (request: RecordedRequest): MockReply => {
    const body = request.body;
    if (body === null) throw new Error("request without a body");
    if (answersToolResult(request)) return textReply("Done.");
    const text = lastUserText(body);
    if (text.includes(SUB_PROMPT) && !bodyText(request).includes("WRITE ")) return textReply("Subagent finished.");
    const write = /WRITE (\S+)/.exec(text)?.[1];
    if (write !== undefined) return toolUseReply("Write", { file_path: join(repoDir(), write), content: "export {};\n" });
    if (/\bTASK\b/.test(text)) {
      const tools = (body as { tools?: Array<{ name?: string }> }).tools ?? [];
      const task = tools.find((t) => t.name === "Task" || t.name === "Agent")?.name ?? "Task";
      return toolUseReply(task, {
        description: "Look at payments",
        prompt: SUB_PROMPT,
        subagent_type: "general-purpose",
        run_in_background: false,
      });
    }
    if (/\bSAVE\b/.test(text)) return toolUseReply(UPDATE_TOOL, { section: "state", content: "- Wrote three files." });
    return textReply("ok");
  };
}

const occurrences = (text: string, needle: string) => text.split(needle).length - 1;

describe.skipIf(!availability.available)("point-of-action recall and subagent context (real Claude Code)", () => {
  let sandbox: ClaudeSandbox;
  let currentRepo = "";
  beforeAll(async () => {
    sandbox = await createClaudeSandbox({ bin, mock: { defaultReply: model(() => currentRepo) } });
  });
  afterAll(async () => {
    await sandbox?.dispose();
  });

  /** Runs the prompts in one stream-json process; each prompt's requests, in order. */
  async function conversation(repo: ThreadMindRepo, prompts: string[]) {
    currentRepo = repo.dir;
    const session = startClaudeSession({
      bin,
      home: sandbox.home,
      baseUrl: sandbox.mock.url,
      cwd: repo.dir,
      args: [...PLUGIN_ARGS, "--allowedTools", "Write", "Task", "Agent", UPDATE_TOOL],
      timeoutMs: RUN_TIMEOUT,
    });
    const perPrompt: RecordedRequest[][] = [];
    const first = sandbox.mock.requests.length;
    let end: ClaudeSessionEnd;
    try {
      for (const prompt of prompts) {
        const before = sandbox.mock.requests.length;
        await session.send(prompt);
        perPrompt.push(promptRequests(sandbox.mock.requests.slice(before)));
      }
    } finally {
      end = await session.close();
    }
    return { perPrompt, end, all: promptRequests(sandbox.mock.requests.slice(first)) };
  }

  describe("a sibling thread's decision at the write of a file it covers", () => {
    let repo: ThreadMindRepo;
    let refunds: string;
    let run: Awaited<ReturnType<typeof conversation>>;
    beforeAll(async () => {
      repo = await createThreadMindRepo("Shop", `## Decisions\n- ${MAIN_RULE}`);
      refunds = await repo.addThread("Refunds", "main", `## Decisions\n- ${REFUND_RULE}\n\n## State\n- REFUND-STATE shipped.`);
      await repo.services.summaryUpdate({ threadId: refunds, section: "state", content: "- done", paths: ["src/payments/"] });
      await repo.services.threadStatus({ status: "done", threadId: refunds, reason: "shipped" });
      await repo.startOn("main");
      run = await conversation(repo, [
        "WRITE src/payments/refund-a.ts",
        "WRITE src/payments/refund-a.ts",
        "WRITE src/search/index-a.ts",
        "/clear",
        "WRITE src/payments/refund-a.ts",
        "TASK",
      ]);
    }, RUN_TIMEOUT + 60_000);
    afterAll(() => repo?.cleanup());

    /** The request that answers the prompt's tool call (the one after the tool ran). */
    const afterTool = (i: number) => {
      const found = run.perPrompt[i]!.filter(answersToolResult);
      if (found.length === 0) throw new Error(`no tool result after prompt ${i}`);
      return bodyText(found[found.length - 1]);
    };

    it("exits 0", () => {
      expect(run.end, run.end.stderr).toMatchObject({ exitCode: 0, timedOut: false });
    });

    it("the request after the first write carries the done thread's decision, named with its title, id and status", () => {
      const body = afterTool(0);
      expect(body).toContain(RECALL_PREFIX);
      expect(occurrences(body, REFUND_RULE)).toBe(1);
      expect(body).toContain(`### Refunds (${refunds}) · done · covers directory src/payments/`);
      expect(body).not.toContain("REFUND-STATE");
    });

    it("a second write of the same file does not repeat it, and an uncovered file adds nothing", () => {
      expect(occurrences(afterTool(1), REFUND_RULE)).toBe(1); // the first one, still in the conversation
      expect(occurrences(afterTool(1), RECALL_PREFIX)).toBe(1);
      expect(occurrences(afterTool(2), RECALL_PREFIX)).toBe(1);
    });

    it("after /clear it comes again", () => {
      const body = afterTool(4);
      expect(occurrences(body, REFUND_RULE)).toBe(1);
      expect(body).not.toContain("src/search/index-a.ts");
    });

    it("a subagent's first request carries the thread's lean context", () => {
      // The subagent may run in the background (2.1.332 launches Agent asynchronously): its request can follow the turn.
      const sub = run.all.find(
        (r) => r.body !== null && bodyText(r).includes(SUB_PROMPT) && !answersToolResult(r) && !bodyText(r).includes("WRITE "),
      );
      expect(sub, "no subagent request").toBeDefined();
      const body = bodyText(sub);
      expect(body).toContain(SUBAGENT_PREFIX);
      expect(body).toContain(MAIN_RULE);
      expect(body).toContain("ThreadMind holds more");
    });

    it("logs each injection (recall and subagent context) with its size", () => {
      const lines = logLines(repo.dir);
      expect(lines.filter((e) => e.kind === "recall").map((e) => e.file)).toEqual([
        "src/payments/refund-a.ts",
        "src/payments/refund-a.ts",
      ]);
      expect(lines.filter((e) => e.kind === "subagentContext")).toHaveLength(1);
    });

    /** The hook_additional_context records of a transcript, with the record's own fields. */
    const hookContexts = (records: TranscriptRecord[]) =>
      records.flatMap((r) => {
        const a = r.attachment as Record<string, unknown> | undefined;
        return r.type === "attachment" && a?.type === "hook_additional_context" ? [{ record: r, attachment: a }] : [];
      });
    const toolUseIds = (records: TranscriptRecord[]) =>
      records.flatMap((r) => {
        const content = (r.message as { content?: unknown } | undefined)?.content;
        return r.type === "assistant" && Array.isArray(content)
          ? content.flatMap((b: { type?: string; id?: string; name?: string }) =>
              b.type === "tool_use" && b.name === "Write" ? [b.id] : [],
            )
          : [];
      });

    it("Claude Code records a PreToolUse context in the conversation's transcript under the tool call's id", () => {
      // One transcript before /clear, one after: each holds one recall, recorded as the hook's event and its tool call.
      const files = listTranscripts(sandbox.home, repo.dir);
      expect(files).toHaveLength(2);
      const recalls = logLines(repo.dir).filter((e) => e.kind === "recall");
      for (const file of files) {
        const records = readTranscript(file);
        const pre = hookContexts(records).filter((h) => h.attachment.hookEvent === "PreToolUse");
        expect(pre).toHaveLength(1);
        expect(pre[0]!.attachment).toMatchObject({ hookName: "PreToolUse:Write" });
        expect((pre[0]!.attachment.content as string[])[0]).toContain(REFUND_RULE);
        expect(pre[0]!.record.isSidechain).toBe(false);
        // Its toolUseID is the id of a Write in that transcript, and the one the hook logged (its input's tool_use_id).
        const id = pre[0]!.attachment.toolUseID;
        expect(toolUseIds(records)).toContain(id);
        expect(recalls.map((e) => e.toolUseId)).toContain(id);
      }
    });

    it("Claude Code records a SubagentStart context in the subagent's own file, <session>/subagents/agent-<agent_id>.jsonl", () => {
      const sub = logLines(repo.dir).find((e) => e.kind === "subagentContext");
      const withFolder = listTranscripts(sandbox.home, repo.dir).filter((f) =>
        existsSync(join(f.replace(/\.jsonl$/, ""), "subagents")),
      );
      expect(withFolder).toHaveLength(1);
      const folder = join(withFolder[0]!.replace(/\.jsonl$/, ""), "subagents");
      expect(readdirSync(folder)).toContain(`agent-${String(sub?.agentId)}.jsonl`);
      const records = readTranscript(join(folder, `agent-${String(sub?.agentId)}.jsonl`));
      const start = hookContexts(records).filter((h) => h.attachment.hookEvent === "SubagentStart");
      expect(start).toHaveLength(1);
      expect(start[0]!.record).toMatchObject({ isSidechain: true, agentId: sub?.agentId });
      expect((start[0]!.attachment.content as string[])[0]).toContain(MAIN_RULE);
      // Nothing of it in the conversation's own transcript.
      expect(hookContexts(readTranscript(withFolder[0]!)).filter((h) => h.attachment.hookEvent === "SubagentStart")).toEqual([]);
    });

    it("once the sessions ended, each recall and the subagent context is confirmed delivered from the transcript", async () => {
      const lines = logLines(repo.dir);
      const handed = lines.filter((e) => e.kind === "recall" || e.kind === "subagentContext");
      expect(handed).toHaveLength(3);
      for (const e of handed) {
        const receipt = lines.find((r) => r.kind === "receipt" && r.injectionAt === e.at && r.contentHash === e.fingerprint);
        expect(receipt?.receipt, `${String(e.kind)} at ${String(e.at)}`).toBe("delivered");
      }
      const stats = renderStats(await collectStats(repo.services));
      expect(stats).toMatch(
        /Before a file was changed \(PreToolUse\): 2 times, ~\d+ tokens in all \(estimated: characters \/ 3\.5\); 2 delivered \(confirmed from the transcript\)\n/,
      );
      expect(stats).toMatch(
        /To subagents \(SubagentStart\): 1 time, ~\d+ tokens in all \(estimated: characters \/ 3\.5\); 1 delivered \(confirmed from the transcript\)\n/,
      );
    });
  });

  describe("a conversation that writes three files and then its summary", () => {
    let repo: ThreadMindRepo;
    let run: Awaited<ReturnType<typeof conversation>>;
    beforeAll(async () => {
      repo = await createThreadMindRepo("Shop", `## Decisions\n- ${MAIN_RULE}`);
      run = await conversation(repo, ["WRITE lib/one.ts", "WRITE lib/two.ts", "WRITE docs/three.md", "SAVE"]);
    }, RUN_TIMEOUT + 60_000);
    afterAll(() => repo?.cleanup());

    it("leaves those files in the thread's paths and tells the model, most recent first", () => {
      expect(run.end, run.end.stderr).toMatchObject({ exitCode: 0, timedOut: false });
      const main = repo.services.store.readThread(repo.projectId, "main");
      // Format 2 keeps each path's recency in its file name: read back most recent first, as the reply joined them.
      expect(main.paths).toEqual(["docs/three.md", "lib/two.ts", "lib/one.ts"]);
      const saved = run.perPrompt[3]!.filter(answersToolResult).map(bodyText).join("\n");
      expect(saved).toContain(
        "Paths: docs/three.md, lib/two.ts, lib/one.ts (changed in this conversation) joined the thread's paths",
      );
    });
  });
});
