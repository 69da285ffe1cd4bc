// `thread-mind-mcp statusline` as Claude Code runs it: the built CLI fed the real status line JSON on stdin, in a
// summary-current, a stale, a no-project and a damaged-store repository; always one line (or none) and exit 0; and
// what it loads to stay near Node's own start (it runs after every response).
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { makeTempRepo, type TempRepo } from "../support/temp-repo.js";
import { servicesFor } from "../support/core-services.js";
import { BUILT_CLI, REPO_ROOT, homesPerTest } from "../support/run-cli.js";
import { readmeSection } from "../support/readme-client-configs.js";
import { runHookProcess } from "../reliability/hook-process.js";
import { assistant, jsonl, user } from "../transcript/transcript-builders.js";

const CLAUDE_PID = 515_151;
const SESSION = "bbbbbbbb-2222-4333-8444-555555555555";
let repos: TempRepo[] = [];
afterEach(() => {
  for (const r of repos) r.cleanup();
  repos = [];
});
const home = homesPerTest();

function repo(): TempRepo {
  const r = makeTempRepo({ prefix: "tm-statusline-" });
  repos.push(r);
  return r;
}

/** The JSON Claude Code (2.1.x) hands a status line command, as its documentation shows it. */
function statusJson(dir: string, transcriptPath: string): string {
  return JSON.stringify({
    hook_event_name: "Status",
    session_id: SESSION,
    transcript_path: transcriptPath,
    cwd: dir,
    model: { id: "claude-opus-4-1", display_name: "Opus" },
    workspace: { current_dir: dir, project_dir: dir },
    version: "2.1.332",
    output_style: { name: "default" },
    cost: {
      total_cost_usd: 0.01,
      total_duration_ms: 45_000,
      total_api_duration_ms: 2_300,
      total_lines_added: 1,
      total_lines_removed: 0,
    },
    exceeds_200k_tokens: false,
  });
}

/** The package's bin, which the README's status line command runs. */
const BIN = join(dirname(BUILT_CLI), "cli.cjs");

/** The built CLI's status line, with the environment Claude Code gives a status line (no ThreadMind variables). */
function statusline(
  dir: string,
  stdin: string,
  options: { cli?: string; nodeArgs?: string[]; env?: Record<string, string> } = {},
): { code: number | null; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [...(options.nodeArgs ?? []), options.cli ?? BIN, "statusline"], {
    cwd: dir,
    input: stdin,
    env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: home(), LANG: "C.UTF-8", ...options.env },
    encoding: "utf8",
    timeout: 30_000,
  });
  if (result.error) throw result.error;
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}

function transcript(dir: string, sizes: number[]): string {
  const path = join(dir, "transcript.jsonl");
  writeFileSync(path, jsonl(sizes.flatMap((input, i) => [user(`prompt ${i}`), assistant({ id: `m${i}`, input, output: 5 })])));
  return path;
}

/** A repository whose window (this Claude Code pid) wrote its thread's summary, then started this conversation. */
async function writtenThenStarted(dir: string, transcriptPath: string): Promise<void> {
  const window = servicesFor(dir, `claude-${CLAUDE_PID}`);
  await window.projectCreate({ title: "Refunds" });
  await window.summaryUpdate({ content: "## Decisions\n- Refunds go through the ledger." });
  const start = await runHookProcess("session-start", { cwd: dir, sessionId: SESSION, transcriptPath, claudePid: CLAUDE_PID });
  expect(start.code).toBe(0);
}

describe("thread-mind-mcp statusline", () => {
  it("says the summary is current while the conversation has not grown beyond its first request", async () => {
    const dir = repo().dir;
    const path = transcript(dir, [21_000]);
    await writtenThenStarted(dir, path);
    const run = statusline(dir, statusJson(dir, path));
    expect(run).toMatchObject({ code: 0, stdout: "◆ Refunds · summary current\n", stderr: "" });
  });

  it("counts the tokens since the summary beyond the first request, and marks past the threshold as stale", async () => {
    const dir = repo().dir;
    const path = transcript(dir, [21_000, 33_000]);
    await writtenThenStarted(dir, path);
    expect(statusline(dir, statusJson(dir, path)).stdout).toBe("◆ Refunds · 12k tokens since summary\n");
    transcript(dir, [21_000, 33_000, 63_000]);
    expect(statusline(dir, statusJson(dir, path))).toMatchObject({
      code: 0,
      stdout: "◆ Refunds · 42k tokens since summary (stale: /thread-mind:summary)\n",
    });
  });

  it("prints nothing outside a ThreadMind repository, and asks for a project in a store without one", () => {
    const dir = repo().dir;
    const path = join(dir, "none.jsonl");
    expect(statusline(dir, statusJson(dir, path))).toMatchObject({ code: 0, stdout: "", stderr: "" });
    mkdirSync(join(dir, ".threadmind", "projects"), { recursive: true });
    expect(statusline(dir, statusJson(dir, path))).toMatchObject({
      code: 0,
      stdout: "◆ ThreadMind · no project yet (/thread-mind:project <title>)\n",
    });
  });

  it("in a damaged store names what is wrong and points at doctor, exit 0", async () => {
    const dir = repo().dir;
    const path = transcript(dir, [21_000]);
    await writtenThenStarted(dir, path);
    writeFileSync(join(dir, ".threadmind", "threads", "refunds", "main.md"), "---\ntitle: [unclosed\n---\n");
    expect(statusline(dir, statusJson(dir, path))).toMatchObject({
      code: 0,
      stdout: '◆ ThreadMind · thread "main" unreadable (run /thread-mind:doctor)\n',
    });
    writeFileSync(join(dir, ".threadmind", "config.json"), "{ not json");
    expect(statusline(dir, statusJson(dir, path))).toMatchObject({
      code: 0,
      stdout: "◆ ThreadMind · config.json unusable (run /thread-mind:doctor)\n",
    });
  });

  it("names a thread whose title the quick read leaves to the YAML parser (escapes), through the Store's bundle", async () => {
    const dir = repo().dir;
    const path = transcript(dir, [21_000]);
    await writtenThenStarted(dir, path);
    const window = servicesFor(dir, `claude-${CLAUDE_PID}`);
    await window.threadCreate({ title: `it's "quoted": yes` });
    expect(statusline(dir, statusJson(dir, path))).toMatchObject({
      code: 0,
      stdout: `◆ it's "quoted": yes · summary current\n`,
      stderr: "",
    });
  });

  it("loads neither the Store's bundle, node:crypto, the stdout stream nor the ESM loader for a title it reads quickly", async () => {
    const dir = repo().dir;
    const path = transcript(dir, [21_000, 33_000]);
    await writtenThenStarted(dir, path);
    const preload = join(dir, "record-loaded.cjs");
    const out = join(dir, "loaded.json");
    writeFileSync(
      preload,
      `process.on("exit", () => require("node:fs").writeFileSync(${JSON.stringify(out)}, JSON.stringify({ builtins: process.moduleLoadList, files: Object.keys(require.cache) })));\n`,
    );
    expect(statusline(dir, statusJson(dir, path), { nodeArgs: ["--require", preload] }).stdout).toBe(
      "◆ Refunds · 12k tokens since summary\n",
    );
    const loaded = JSON.parse(readFileSync(out, "utf8")) as { builtins: string[]; files: string[] };
    for (const builtin of ["crypto", "stream", "net", "internal/modules/esm/loader"])
      expect(loaded.builtins).not.toContain(`NativeModule ${builtin}`);
    expect(loaded.files.map((f) => f.split(/[\\/]/).pop())).toEqual(["record-loaded.cjs", "cli.cjs", "cli-statusline.cjs"]);
  });

  it("still runs through cli.mjs, the command earlier setups wrote", async () => {
    const dir = repo().dir;
    const path = transcript(dir, [21_000]);
    await writtenThenStarted(dir, path);
    expect(statusline(dir, statusJson(dir, path), { cli: BUILT_CLI })).toMatchObject({
      code: 0,
      stdout: "◆ Refunds · summary current\n",
    });
  });

  it("joins a status line the user already has, as the README shows (both commands given the same input)", async () => {
    const dir = repo().dir;
    const path = transcript(dir, [21_000]);
    await writtenThenStarted(dir, path);
    const composed = /`(sh -c '[^`]*')`/.exec(readmeSection("Status line").replaceAll("\n", " "))?.[1];
    expect(composed, "the README's Status line section has no `sh -c '…'` example").toBeDefined();
    // The user's own status line: the model's name, from the same JSON (no quote: it sits inside the README's '…').
    const theirs = "grep -o Opus";
    const command = composed!.replace("your-command", theirs).replaceAll("<plugin folder>", REPO_ROOT);
    const run = spawnSync("sh", ["-c", command], {
      cwd: dir,
      input: statusJson(dir, path),
      env: { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: home(), LANG: "C.UTF-8" },
      encoding: "utf8",
    });
    expect(run).toMatchObject({ status: 0, stdout: "Opus  ◆ Refunds · summary current\n", stderr: "" });
  });

  it("answers an input that is not JSON with the thread alone (no conversation to judge)", async () => {
    const dir = repo().dir;
    const path = transcript(dir, [21_000]);
    await writtenThenStarted(dir, path);
    expect(statusline(dir, "not json")).toMatchObject({ code: 0, stdout: "◆ Refunds\n" });
  });
});
