// The report's per-file scan cache (#31): a report run again takes each unchanged transcript's scan from
// .threadmind/cache/report-scans.json and reads only what changed, printing the report a full scan prints.
import { appendFileSync, existsSync, mkdirSync, readFileSync, realpathSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { makeFakeClaudeConfig, type FakeClaudeConfig } from "../support/fake-claude-projects.js";
import { homesPerTest, runCli } from "../support/run-cli.js";
import { reposPerTest } from "../support/temp-repo.js";
import { ScanCache } from "../../src/core/savings/scan-cache.js";
import type { ScannedSession } from "../../src/core/savings/savings-scan.js";

const newRepo = reposPerTest();
const newHome = homesPerTest();
const configs: FakeClaudeConfig[] = [];
afterEach(() => {
  for (const c of configs.splice(0)) c.cleanup();
});

const SESSION_A = "aaaaaaaa-0000-4000-8000-000000000001";
const SESSION_B = "bbbbbbbb-0000-4000-8000-000000000002";

/** One API response of a session, as Claude Code records it (its usage decides the figures). */
function response(sessionId: string, cwd: string, n: number, output: number): string {
  return `${JSON.stringify({
    type: "assistant",
    sessionId,
    cwd,
    version: "2.1.332",
    timestamp: new Date(Date.UTC(2026, 10, 1, 10, 0, n)).toISOString(),
    requestId: `req_${sessionId.slice(0, 4)}_${n}`,
    uuid: `${sessionId.slice(0, 8)}-1111-4000-8000-${String(n).padStart(12, "0")}`,
    message: {
      id: `msg_${sessionId.slice(0, 4)}_${n}`,
      model: "claude-opus-4-6",
      role: "assistant",
      content: [{ type: "text", text: `answer ${n}` }],
      usage: { input_tokens: 10, cache_creation_input_tokens: 100 * n, cache_read_input_tokens: 1000, output_tokens: output },
    },
  })}\n`;
}

/** Written, then left alone past the file system's timestamp step, so that the cache may keep its scan. */
async function settle(): Promise<void> {
  await new Promise((resolve) => setTimeout(resolve, 120));
}

interface Setting {
  dir: string;
  home: string;
  config: FakeClaudeConfig;
  transcriptA: string;
  cachePath: string;
  report: (env?: Record<string, string>) => {
    json: { sessions: { sessionId: string; outputTokens: number }[] };
    stdout: string;
    stderr: string;
  };
}

async function setting(options: { store?: boolean } = {}): Promise<Setting> {
  const repo = newRepo({ prefix: "tm-scan-cache-" });
  const dir = realpathSync(repo.dir);
  if (options.store !== false) mkdirSync(join(dir, ".threadmind"));
  const config = makeFakeClaudeConfig();
  configs.push(config);
  const transcriptA = config.write(dir, `${SESSION_A}.jsonl`, response(SESSION_A, dir, 1, 50) + response(SESSION_A, dir, 2, 60));
  config.write(dir, `${SESSION_B}.jsonl`, response(SESSION_B, dir, 1, 7));
  await settle();
  const home = newHome();
  const report = (env: Record<string, string> = {}) => {
    const run = runCli(["report", "--json"], { cwd: dir, home, env: { CLAUDE_CONFIG_DIR: config.configDir, ...env } });
    expect(run.code, run.stderr).toBe(0);
    return { json: JSON.parse(run.stdout), stdout: run.stdout, stderr: run.stderr };
  };
  return { dir, home, config, transcriptA, cachePath: join(dir, ".threadmind", "cache", "report-scans.json"), report };
}

function outputOf(report: ReturnType<Setting["report"]>, sessionId: string): number {
  const s = report.json.sessions.find((x) => x.sessionId === sessionId);
  if (s === undefined) throw new Error(`no session ${sessionId} in the report`);
  return s.outputTokens;
}

describe("the report's scan cache", () => {
  it("prints the report a full scan prints, on the first run and again from the cache", async () => {
    const s = await setting();
    const first = s.report();
    expect(existsSync(s.cachePath)).toBe(true);
    const again = s.report();
    const full = s.report({ THREADMIND_SCAN_CACHE: "0" });
    expect(again.stdout).toBe(first.stdout);
    expect(full.stdout).toBe(first.stdout);
    expect(outputOf(first, SESSION_A)).toBe(110);
    expect(outputOf(first, SESSION_B)).toBe(7);
  });

  it("takes an unchanged transcript's scan from the cache, and scans a transcript again once it changed", async () => {
    const s = await setting();
    s.report();
    // The kept scan of A says 999,999 output tokens: while A's stamp holds, the report takes it without reading A.
    const cache = JSON.parse(readFileSync(s.cachePath, "utf8"));
    cache.entries[s.transcriptA].session.outputTokens = 999_999;
    writeFileSync(s.cachePath, JSON.stringify(cache));
    expect(outputOf(s.report(), SESSION_A)).toBe(999_999);
    // A grows (Claude Code appends): its stamp changed, so it is read again; B is still taken from the cache.
    appendFileSync(s.transcriptA, response(SESSION_A, s.dir, 3, 5));
    await settle();
    const after = s.report();
    expect(outputOf(after, SESSION_A)).toBe(115);
    expect(after.stdout).toBe(s.report({ THREADMIND_SCAN_CACHE: "0" }).stdout);
  });

  it("reads every transcript when the cache file is damaged, of another build or names another file, and writes it anew", async () => {
    const s = await setting();
    const full = s.report({ THREADMIND_SCAN_CACHE: "0" }).stdout;
    mkdirSync(dirname(s.cachePath));
    writeFileSync(s.cachePath, "{ not json");
    expect(s.report().stdout).toBe(full);
    const written = JSON.parse(readFileSync(s.cachePath, "utf8"));
    expect(Object.keys(written.entries).sort()).toHaveLength(2);
    // Another build's cache, and an entry whose session names another file: neither is used.
    const forged = structuredClone(written);
    forged.entries[s.transcriptA].session.outputTokens = 999_999;
    writeFileSync(s.cachePath, JSON.stringify({ ...forged, builtBy: "another build" }));
    expect(s.report().stdout).toBe(full);
    forged.entries[s.transcriptA].session.path = "/elsewhere.jsonl";
    writeFileSync(s.cachePath, JSON.stringify(forged));
    expect(s.report().stdout).toBe(full);
  });

  it("drops the scans of transcripts that are gone", async () => {
    const s = await setting();
    s.report();
    const cache = JSON.parse(readFileSync(s.cachePath, "utf8"));
    cache.entries["/gone/session.jsonl"] = { stamp: "1:2:3:4:5", session: { path: "/gone/session.jsonl" } };
    writeFileSync(s.cachePath, JSON.stringify(cache));
    s.report();
    expect(Object.keys(JSON.parse(readFileSync(s.cachePath, "utf8")).entries)).not.toContain("/gone/session.jsonl");
  });

  it("is not kept where the workspace has no store, nor with THREADMIND_SCAN_CACHE=0", async () => {
    const bare = await setting({ store: false });
    bare.report();
    expect(existsSync(join(bare.dir, ".threadmind"))).toBe(false);
    const off = await setting();
    off.report({ THREADMIND_SCAN_CACHE: "0" });
    expect(existsSync(off.cachePath)).toBe(false);
  });

  it("says so in one line and still prints the full report when the cache cannot be used", async () => {
    const s = await setting();
    const full = s.report({ THREADMIND_SCAN_CACHE: "0" }).stdout;
    // A file where the cache folder belongs: the folder cannot be made.
    writeFileSync(join(s.dir, ".threadmind", "cache"), "not a folder");
    const run = s.report();
    expect(run.stdout).toBe(full);
    expect(run.stderr).toMatch(/^thread-mind-mcp report: the scan cache cannot be used \(.+\); every transcript is read\.$/m);
  });
});

describe("a scan cache entry", () => {
  it("is not kept for a transcript whose last change had not settled when its stamp was taken", () => {
    const repo = newRepo({ prefix: "tm-scan-cache-unit-" });
    const location = { path: join(repo.dir, "report-scans.json"), builtBy: "build" };
    const file = join(repo.dir, "t.jsonl");
    writeFileSync(file, "{}\n");
    const session = { path: file } as unknown as ScannedSession;
    const cache = ScanCache.open(location);
    const stamp = ScanCache.stampOf(file, 0);
    expect(stamp).not.toBeNull();
    expect(stamp!.settled).toBe(false);
    cache.set(file, stamp, session);
    cache.save();
    expect(ScanCache.open(location).get(file, { stamp: stamp!.stamp, settled: true })).toBeNull();
    // Taken once settled, the same scan is kept.
    const settled = ScanCache.stampOf(file, Date.now() + 60_000);
    const next = ScanCache.open(location);
    next.set(file, settled, session);
    next.save();
    expect(ScanCache.open(location).get(file, settled)).toEqual(session);
  });
});
