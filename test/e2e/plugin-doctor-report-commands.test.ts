// Real Claude Code + the plugin: /thread-mind:doctor and /thread-mind:report run the plugin copy's own CLI (through
// ${CLAUDE_PLUGIN_ROOT}, allowed by the command: no permission prompt) and their output reaches the model.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sayWhySkipped } from "../support/skip-reason.js";
import { claudeAvailability } from "../support/claude-binary.js";
import { createClaudeSandbox } from "../support/claude-sandbox.js";
import type { ClaudeSandbox } from "../support/claude-sandbox.js";
import { startClaudeSession } from "../support/claude-session.js";
import type { ClaudeSessionEnd } from "../support/claude-session.js";
import { PLUGIN_ARGS, bodyText, promptRequests } from "../support/plugin-e2e.js";
import { textReply } from "../support/mock-anthropic.js";
import { createThreadMindRepo } from "../support/threadmind-repo.js";
import type { ThreadMindRepo } from "../support/threadmind-repo.js";

const availability = await claudeAvailability();
sayWhySkipped(availability.available ? null : availability.reason);
const bin = availability.available ? availability.binary.path : "";
const RUN_TIMEOUT = 180_000;

describe.skipIf(!availability.available)("/thread-mind:doctor and /thread-mind:report (real Claude Code)", () => {
  let sandbox: ClaudeSandbox;
  let repo: ThreadMindRepo;
  let end: ClaudeSessionEnd;
  beforeAll(async () => {
    sandbox = await createClaudeSandbox({ bin, mock: { defaultReply: () => textReply("Shown.") } });
    repo = await createThreadMindRepo("Refunds", "- Refunds: nothing decided yet.");
    const session = startClaudeSession({
      bin,
      home: sandbox.home,
      baseUrl: sandbox.mock.url,
      cwd: repo.dir,
      args: [...PLUGIN_ARGS],
      timeoutMs: RUN_TIMEOUT,
    });
    try {
      await session.send("/thread-mind:doctor");
      await session.send("/thread-mind:report");
    } finally {
      end = await session.close();
    }
  }, RUN_TIMEOUT + 30_000);
  afterAll(async () => {
    repo?.cleanup();
    await sandbox?.dispose();
  });

  it("exits 0", () => {
    expect(end, end.stderr).toMatchObject({ exitCode: 0, timedOut: false });
  });

  it("/thread-mind:doctor hands the model the doctor's own output", () => {
    const doctor = promptRequests(sandbox.mock.requests).find((r) => bodyText(r).includes("ThreadMind's doctor, as run by"));
    expect(doctor, "no request for /thread-mind:doctor").toBeDefined();
    const body = bodyText(doctor);
    expect(body).toContain("ThreadMind doctor (thread-mind-mcp ");
    expect(body).toContain("[ok  ] Node.js:");
    expect(body).not.toContain('${CLAUDE_PLUGIN_ROOT}/plugin/dist/cli.mjs" doctor 2>&1');
  });

  it("/thread-mind:report hands the model the report and writes the HTML page where it says", () => {
    const report = promptRequests(sandbox.mock.requests).find((r) => bodyText(r).includes("ThreadMind's report, as run by"));
    expect(report, "no request for /thread-mind:report").toBeDefined();
    expect(bodyText(report)).toContain("# ThreadMind");
    expect(existsSync(join(repo.dir, ".threadmind", "cache", "report.html"))).toBe(true);
  });
});
