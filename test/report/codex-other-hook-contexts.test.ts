// Guards "Codex otherInjections is always empty" (#28): codex-cli 0.171.0 marks a hook's additionalContext in the
// rollout (content_item_kinds "hooks.additional_context"), so other hooks' contexts are counted as other injections,
// and Codex's own developer messages (skills, permissions) as none. The fixture is a real 0.171.0 rollout: two
// SessionStart hooks (another plugin's, then one with ThreadMind's header) and another UserPromptSubmit hook.
import { copyFile, mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { scanRollout } from "../../src/core/savings/rollout-scan.js";
import { buildSavingsReport } from "../../src/core/savings/savings-report.js";
import { emptyMeasurements } from "../../src/core/measure/measurements.js";
import { RolloutClassifier } from "../../src/transcript/codex/classify-rollout.js";
import { jsonl, tempDirPerTest } from "../transcript/transcript-builders.js";
import {
  TokenCounter,
  codexInstructions,
  developerMessage,
  hookContext,
  sessionMeta,
  turnContext,
  userMessage,
} from "../transcript/rollout-builders.js";

const dir = tempDirPerTest();
const REAL = "rollout-2026-12-02T06-57-41-01a2358b-73b5-7220-a38c-90e6fe712646.jsonl";
const REAL_PATH = join(import.meta.dirname, "../fixtures/codex", REAL);
const HEADER = 'ThreadMind memory, loaded at session start: the context of thread "Shop" (main). Keep it current.';

describe("hook contexts in a Codex rollout", () => {
  it("of a real 0.171.0 rollout: ThreadMind's once, the other hooks' two as other injections, Codex's own as none", async () => {
    const session = await scanRollout({ path: REAL_PATH, folder: "2026/12/02" });
    expect(session.threadMindInjections.map((i) => [i.source, i.threadId])).toEqual([["startup", "main"]]);
    expect(session.otherInjections.map((i) => i.chars)).toEqual(
      ["OTHER plugin start context", "OTHER prompt context"].map((t) => t.length),
    );
  });

  it("are listed in the report's session as other injections", async () => {
    const codexHome = join(dir.path, "codex-home");
    const day = join(codexHome, "sessions", "2026", "12", "02");
    await mkdir(day, { recursive: true });
    await copyFile(REAL_PATH, join(day, REAL));
    const report = await buildSavingsReport({
      workspaceRoot: "/tmp/cx28-exp/repo", // the rollout's recorded cwd; the workspace need not exist to be matched
      projectsDir: join(dir.path, "claude", "projects"),
      measurements: emptyMeasurements(),
      env: { CODEX_HOME: codexHome },
    });
    expect(report.sessions.map((s) => [s.agent, s.threadMindInjections, s.otherInjections, s.withThreadMind])).toEqual([
      ["codex", 1, 2, true],
    ]);
  });

  it("without Codex's metadata: only ThreadMind's is counted (the others cannot be told from Codex's own text)", async () => {
    const path = await dir.file(
      "rollout-2026-11-20T10-00-00-old.jsonl",
      jsonl([
        sessionMeta("old"),
        turnContext(),
        developerMessage("<permissions instructions>sandbox</permissions instructions>"),
        developerMessage(HEADER),
        userMessage("hi"),
        new TokenCounter().response({ input: 3000, cached: 0, output: 10 }),
      ]),
    );
    const session = await scanRollout({ path, folder: "2026/11/20" });
    expect(session.threadMindInjections).toHaveLength(1);
    expect(session.otherInjections).toEqual([]);
  });

  it("a message Codex marks as its own instructions is no hook context; of a mixed one, only the hook's part is", () => {
    const classifier = new RolloutClassifier();
    expect(classifier.classifyValue(codexInstructions()).kind).toBe("other");
    const mixed = hookContext("OTHER context");
    const payload = mixed.payload as {
      content: unknown[];
      internal_chat_message_metadata_passthrough: Record<string, unknown[]>;
    };
    payload.content.unshift({ type: "input_text", text: "<permissions instructions>x" });
    payload.internal_chat_message_metadata_passthrough.content_item_kinds!.unshift("permissions.instructions");
    payload.internal_chat_message_metadata_passthrough.content_item_metadata!.unshift({
      provenance: { type: "harness", hook: false },
    });
    const line = classifier.classifyValue(mixed);
    expect(line.kind === "hook-context" ? [line.record.text, line.record.fromHook] : line.kind).toEqual(["OTHER context", true]);
  });

  it("built in 0.171.0's shape: counted as the real rollout is", async () => {
    const path = join(dir.path, "rollout-2026-11-20T10-00-00-built.jsonl");
    const counter = new TokenCounter();
    await writeFile(
      path,
      jsonl([
        sessionMeta("built"),
        codexInstructions(),
        turnContext(),
        hookContext("another plugin's start context"),
        hookContext(HEADER),
        userMessage("hi"),
        hookContext("another plugin's prompt context"),
        counter.response({ input: 3000, cached: 0, output: 10 }),
      ]),
    );
    const session = await scanRollout({ path, folder: "2026/11/20" });
    expect([session.threadMindInjections.length, session.otherInjections.length]).toEqual([1, 2]);
  });
});
