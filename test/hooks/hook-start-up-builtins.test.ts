// Guards the hooks' start-up cost: a hook that answers from its fast path loads neither node:crypto nor node:fs/promises (each costs every hook 1–3 ms at a cold start; the code cache's SHA-256 and an eager import had put them back).
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { makeTempRepo, type TempRepo } from "../support/temp-repo.js";
import { servicesFor } from "../support/core-services.js";
import { type AnyHookName, parseHookStdout, runHookProcess } from "../reliability/hook-process.js";
import { claudeInstanceSession } from "../../src/core/session-key.js";
import { FINE_RACY_MARGIN_MS } from "../../src/core/store/file-stamp.js";

const PID = process.pid;
/** Builtins the fast paths must not load. */
const COSTLY = ["NativeModule crypto", "NativeModule fs/promises"];
let repo: TempRepo;
let work: string;
let preload: string;

interface Loaded {
  builtins: string[];
  files: string[];
}

/** Runs `hook` with a preload that writes, at exit, the builtins the process loaded and the files it required. */
async function runRecorded(
  hook: AnyHookName,
  run: number,
  env: Record<string, string | null>,
): Promise<{ stdout: string; loaded: Loaded }> {
  const out = join(work, `loaded-${hook}-${run}.json`);
  const result = await runHookProcess(hook, {
    cwd: repo.dir,
    sessionId: "builtins",
    transcriptPath: join(repo.dir, "builtins.jsonl"),
    claudePid: PID,
    env: { ...env, NODE_OPTIONS: `--require ${preload}`, TM_LOADED_OUT: out },
  });
  expect(result).toMatchObject({ code: 0, stderr: "", hung: false });
  return { stdout: result.stdout, loaded: JSON.parse(readFileSync(out, "utf8")) as Loaded };
}

beforeAll(async () => {
  repo = makeTempRepo();
  repo.commit("code", { "README.md": "x\n" });
  work = mkdtempSync(join(tmpdir(), "tm-builtins-"));
  preload = join(work, "record-loaded.cjs");
  writeFileSync(
    preload,
    `process.on("exit", () => require("node:fs").writeFileSync(process.env.TM_LOADED_OUT, JSON.stringify({ builtins: process.moduleLoadList, files: Object.keys(require.cache) })));\n`,
  );
  const s = servicesFor(repo.dir, claudeInstanceSession(PID).key);
  await s.projectCreate({ title: "Builtins" });
  await s.summaryUpdate({ content: "## Decisions\n- BUILTINS-DECISION" });
  await sleep(FINE_RACY_MARGIN_MS + 20); // the summary settled: the first start may cache its context
}, 30_000);
afterAll(() => {
  repo?.cleanup();
  rmSync(work, { recursive: true, force: true });
});

describe("what a fast-path hook loads at start-up", () => {
  test("SessionStart from its context cache, with and without the code cache, loads neither node:crypto nor node:fs/promises", async () => {
    const first = await runRecorded("session-start", 0, { CLAUDE_PLUGIN_DATA: null });
    expect(first.loaded.files.some((f) => f.endsWith("hook-core.cjs"))).toBe(true); // no context cache yet: the hooks proper
    // They write the context cache and the branch's start synchronously: no node:fs/promises either (~3 ms cold).
    expect(first.loaded.builtins).not.toContain("NativeModule fs/promises");
    await sleep(FINE_RACY_MARGIN_MS + 20);
    const fast = await runRecorded("session-start", 1, { CLAUDE_PLUGIN_DATA: null });
    expect(parseHookStdout(fast.stdout)?.hookSpecificOutput?.additionalContext).toContain("BUILTINS-DECISION");
    expect(fast.loaded.files.some((f) => f.endsWith("hook-core.cjs"))).toBe(false);
    for (const builtin of COSTLY) expect(fast.loaded.builtins).not.toContain(builtin);
    // Through the V8 code cache (its first run writes it, the second reads it): the cache's check loads nothing more.
    const data = join(work, "plugin-data");
    for (const run of [2, 3]) {
      const cached = await runRecorded("session-start", run, { CLAUDE_PLUGIN_DATA: data });
      expect(parseHookStdout(cached.stdout)?.hookSpecificOutput?.additionalContext).toContain("BUILTINS-DECISION");
      for (const builtin of COSTLY) expect(cached.loaded.builtins).not.toContain(builtin);
    }
  }, 30_000);

  test("UserPromptSubmit with nothing to say loads neither, with and without the code cache", async () => {
    const data = join(work, "plugin-data-prompt");
    for (const [run, env] of [
      [0, { CLAUDE_PLUGIN_DATA: null }],
      [1, { CLAUDE_PLUGIN_DATA: data }],
      [2, { CLAUDE_PLUGIN_DATA: data }],
    ] as const) {
      const prompt = await runRecorded("user-prompt-submit", run, env);
      expect(prompt.stdout).toBe("");
      expect(prompt.loaded.files.some((f) => f.endsWith("hook-core.cjs"))).toBe(false);
      for (const builtin of COSTLY) expect(prompt.loaded.builtins).not.toContain(builtin);
    }
  }, 30_000);
});
