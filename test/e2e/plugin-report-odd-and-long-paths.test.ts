// Real Claude Code launched at the root and in subdirectories of a workspace whose path has spaces, accents and emoji
// (one so long that Claude Code cuts the folder name and appends a hash): `report` finds every session, rejects none.
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sayWhySkipped } from "../support/skip-reason.js";
import { claudeAvailability } from "../support/claude-binary.js";
import { createClaudeSandbox } from "../support/claude-sandbox.js";
import type { ClaudeSandbox } from "../support/claude-sandbox.js";
import { textReply } from "../support/mock-anthropic.js";
import type { Usage } from "../support/mock-anthropic.js";
import { PLUGIN_ARGS } from "../support/plugin-e2e.js";
import { runCli } from "../support/run-cli.js";
import { describeRun } from "../support/run-claude.js";
import { createThreadMindRepo } from "../support/threadmind-repo.js";
import type { ThreadMindRepo } from "../support/threadmind-repo.js";
import type { SavingsReport } from "../../src/core/savings/savings-report.js";
import { projectFolderName } from "../../src/core/savings/transcript-locations.js";

const availability = await claudeAvailability();
sayWhySkipped(availability.available ? null : availability.reason);
const bin = availability.available ? availability.binary.path : "";
const RUN_TIMEOUT = 120_000;
const USAGE: Usage = { input_tokens: 1_000, cache_creation_input_tokens: 200, cache_read_input_tokens: 30_000, output_tokens: 5 };

describe.skipIf(!availability.available)(
  "report over sessions launched in odd and long subdirectory paths (real Claude Code)",
  () => {
    let sandbox: ClaudeSandbox;
    let repo: ThreadMindRepo;
    let launches: string[];
    beforeAll(async () => {
      sandbox = await createClaudeSandbox({ bin, mock: { defaultReply: textReply("ok", USAGE) } });
      repo = await createThreadMindRepo("Odd paths", "ODD-MARKER: root.", "tm e2e été ✓ 😀 ");
      const short = join(repo.dir, "sous dossier ü 😀");
      const long = join(repo.dir, `${"très-long dossier 🧪 ".repeat(9)}fin`);
      for (const dir of [short, long]) mkdirSync(dir);
      launches = [repo.dir, short, long];
      expect(projectFolderName(long).length).toBeGreaterThan(200);
      for (const cwd of launches) {
        const run = await sandbox.run(["-p", "hello", "--output-format", "json", ...PLUGIN_ARGS], {
          cwd,
          timeoutMs: RUN_TIMEOUT,
        });
        expect(run.exitCode, describeRun(run)).toBe(0);
      }
    }, 4 * RUN_TIMEOUT);
    afterAll(async () => {
      await sandbox?.dispose();
      repo?.cleanup();
    });

    it("finds the three sessions and rejects none", () => {
      const run = runCli(["report", "--json"], { cwd: repo.dir, home: sandbox.home });
      expect(run.code, run.stderr).toBe(0);
      const report = JSON.parse(run.stdout) as SavingsReport;
      expect(report.rejected ?? [], run.stdout.slice(0, 2_000)).toEqual([]);
      expect(report.scannedFiles, run.stdout.slice(0, 2_000)).toBe(launches.length);
    });
  },
);
