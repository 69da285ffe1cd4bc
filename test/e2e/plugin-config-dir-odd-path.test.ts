// Real Claude Code with its configuration folder (CLAUDE_CONFIG_DIR) at a path with spaces, accents and an emoji, the
// plugin installed from a marketplace there: it runs from that plugins cache, its data folder and transcripts live there.
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sayWhySkipped } from "../support/skip-reason.js";
import { claudeAvailability } from "../support/claude-binary.js";
import { createClaudeSandbox } from "../support/claude-sandbox.js";
import type { ClaudeSandbox } from "../support/claude-sandbox.js";
import { copyRepoAsClone } from "../support/marketplace-copy.js";
import { textReply } from "../support/mock-anthropic.js";
import type { Usage } from "../support/mock-anthropic.js";
import { CONTEXT_PREFIX, THREADMIND_HEADER, bodyText, promptRequests, REPO_ROOT } from "../support/plugin-e2e.js";
import { runCli } from "../support/run-cli.js";
import { describeRun, expectSuccess } from "../support/run-claude.js";
import { createThreadMindRepo } from "../support/threadmind-repo.js";
import type { ThreadMindRepo } from "../support/threadmind-repo.js";
import type { SavingsReport } from "../../src/core/savings/savings-report.js";

const availability = await claudeAvailability();
sayWhySkipped(availability.available ? null : availability.reason);
const bin = availability.available ? availability.binary.path : "";
const RUN_TIMEOUT = 120_000;
const USAGE: Usage = { input_tokens: 2_222, cache_creation_input_tokens: 0, cache_read_input_tokens: 20_000, output_tokens: 5 };

describe.skipIf(!availability.available)("plugin under a CLAUDE_CONFIG_DIR with spaces and unicode (real Claude Code)", () => {
  let sandbox: ClaudeSandbox;
  let repo: ThreadMindRepo;
  let configDir: string;
  let sessionId: string;
  beforeAll(async () => {
    sandbox = await createClaudeSandbox({
      bin,
      mock: { defaultReply: textReply("ok", USAGE) },
      env: (dirs) => ({ CLAUDE_CONFIG_DIR: join(dirs.scratch, "config été ✓ 😀") }),
    });
    configDir = join(sandbox.scratch, "config été ✓ 😀");
    const market = join(sandbox.scratch, "market");
    copyRepoAsClone(REPO_ROOT, market);
    expectSuccess(await sandbox.run(["plugin", "marketplace", "add", market], { timeoutMs: RUN_TIMEOUT }));
    expectSuccess(await sandbox.run(["plugin", "install", "thread-mind@thread-mind"], { timeoutMs: RUN_TIMEOUT }));
    repo = await createThreadMindRepo("Config dir", "CONFIG-MARKER: root.");
    const run = await sandbox.run(["-p", "hello", "--output-format", "json"], { cwd: repo.dir, timeoutMs: RUN_TIMEOUT });
    expectSuccess(run);
    const id = run.messages.find((m) => m.type === "result")?.session_id;
    if (typeof id !== "string") throw new Error(describeRun(run));
    sessionId = id;
  }, 4 * RUN_TIMEOUT);
  afterAll(async () => {
    await sandbox?.dispose();
    repo?.cleanup();
  });

  it("keeps Claude Code's files in that folder", () => {
    expect(existsSync(join(configDir, "projects")), readdirSync(configDir).join(", ")).toBe(true);
  });

  it("injects at startup (delivered) and measures the session at SessionEnd", () => {
    const [first] = promptRequests(sandbox.mock.requests);
    expect(bodyText(first)).toContain(`${CONTEXT_PREFIX}${THREADMIND_HEADER}at session start`);
    const { injections, sessionEnds } = repo.recorded().measurements;
    expect(injections.map((i) => [i.sessionId, i.receipt])).toEqual([[sessionId, "delivered"]]);
    expect(sessionEnds.map((e) => [e.sessionId, e.contextTokens])).toEqual([[sessionId, 22_222]]);
  });

  it("report finds the session through CLAUDE_CONFIG_DIR", () => {
    const run = runCli(["report", "--json"], { cwd: repo.dir, home: sandbox.home, env: { CLAUDE_CONFIG_DIR: configDir } });
    expect(run.code, run.stderr).toBe(0);
    const report = JSON.parse(run.stdout) as SavingsReport;
    expect(report.scannedFiles).toBe(1);
    expect(report.rejected).toEqual([]);
  });
});
