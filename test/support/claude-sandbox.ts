// One isolated Claude Code world per test: a mock API, a temp HOME, a temp project dir, a scratch dir, and a run() bound to them.
import { join } from "node:path";
import { startMockAnthropic } from "./mock-anthropic.js";
import type { MockAnthropic, MockAnthropicOptions } from "./mock-anthropic.js";
import { createClaudeHome, makeTempDir, removeDir, runClaude } from "./run-claude.js";
import type { ClaudeRun, RunClaudeOptions } from "./run-claude.js";
import { listTranscripts, transcriptPath } from "./claude-transcripts.js";

export type ClaudeSandboxOptions = {
  /** Path of the claude binary. */
  bin: string;
  mock?: MockAnthropicOptions;
  /** Environment added to every run (e.g. PROBE_LOG), or a function of the sandbox's dirs that returns it. */
  env?: Record<string, string> | ((dirs: SandboxDirs) => Record<string, string>);
  /** Seed for `~/.claude.json`. */
  claudeJson?: Record<string, unknown>;
};

export type SandboxDirs = { home: string; project: string; scratch: string };

export type SandboxRunOptions = Pick<RunClaudeOptions, "turns" | "input" | "env" | "timeoutMs"> & {
  /** Launch directory; defaults to the sandbox's project dir. */
  cwd?: string;
};

export type ClaudeSandbox = {
  mock: MockAnthropic;
  home: string;
  /** The launch directory (empty temp dir). */
  project: string;
  /** A temp dir for logs and copies, removed on dispose. */
  scratch: string;
  /** Runs claude in this sandbox; `options.env` is merged over the sandbox env. */
  run(args: string[], options?: SandboxRunOptions): Promise<ClaudeRun>;
  /** Transcript files of the project dir. */
  transcripts(): string[];
  transcriptFor(sessionId: string): string;
  /** Closes the mock and removes the temp dirs. */
  dispose(): Promise<void>;
};

export async function createClaudeSandbox(options: ClaudeSandboxOptions): Promise<ClaudeSandbox> {
  const mock = await startMockAnthropic(options.mock);
  const home = createClaudeHome(options.claudeJson);
  const project = makeTempDir("tm-claude-project-");
  const scratch = makeTempDir("tm-claude-scratch-");
  const baseEnv = typeof options.env === "function" ? options.env({ home, project, scratch }) : (options.env ?? {});
  return {
    mock,
    home,
    project,
    scratch,
    run: (args, runOptions = {}) =>
      runClaude({
        bin: options.bin,
        home,
        baseUrl: mock.url,
        cwd: runOptions.cwd ?? project,
        args,
        ...(runOptions.turns !== undefined ? { turns: runOptions.turns } : {}),
        ...(runOptions.input !== undefined ? { input: runOptions.input } : {}),
        ...(runOptions.timeoutMs !== undefined ? { timeoutMs: runOptions.timeoutMs } : {}),
        env: { ...baseEnv, ...runOptions.env },
      }),
    transcripts: () => listTranscripts(home, project),
    transcriptFor: (sessionId) => transcriptPath(home, project, sessionId),
    dispose: async () => {
      await mock.close();
      for (const dir of [home, project, scratch]) removeDir(dir);
    },
  };
}

/** Conventional probe-log location inside a sandbox's scratch dir. */
export function probeLogPath(sandbox: Pick<ClaudeSandbox, "scratch">): string {
  return join(sandbox.scratch, "probe.log");
}
