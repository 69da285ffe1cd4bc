// Guards the hook entry's V8 code cache (hook.cjs compiles hook-start.cjs, SessionStart's bundle, with a cache kept in the plugin's data
// directory): a hook prints the same with or without it, and a cache that is missing, damaged, made for another bundle
// or rejected by V8 is never run as it is: the bundle is compiled from source and the cache written anew; a cache made
// by a start that took the hooks proper is made again by the next fast start, and a start down a path the cache does not
// name (/clear after startup) adds it once. The hooks proper (hook-core.cjs) have a cache of their own.
import {
  copyFileSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { setTimeout as sleep } from "node:timers/promises";
import { join } from "node:path";
import { Script } from "node:vm";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { makeTempRepo, type TempRepo } from "../support/temp-repo.js";
import { servicesFor } from "../support/core-services.js";
import { HOOK_BUNDLE, type HookRun, runHookProcess } from "../reliability/hook-process.js";
import { claudeInstanceSession } from "../../src/core/session-key.js";
import { codeCacheDir, decodeCodeCache, encodeCodeCache, usableDataDir } from "../../src/hooks/code-cache.js";
import { FINE_RACY_MARGIN_MS, RACY_MARGIN_MS } from "../../src/core/store/file-stamp.js";

const PID = process.pid;
let repo: TempRepo;
let plugin: string;
let data: string;
let cacheFile: string;
let summaryWrittenAt = 0;

async function start(env: Record<string, string | null> = { CLAUDE_PLUGIN_DATA: data }, source = "startup"): Promise<HookRun> {
  const run = await runHookProcess("session-start", {
    cwd: repo.dir,
    sessionId: "conv-cc",
    transcriptPath: join(repo.dir, "conv-cc.jsonl"),
    claudePid: PID,
    event: { source },
    bundle: join(plugin, "hook.cjs"),
    env,
  });
  expect(run).toMatchObject({ code: 0, stderr: "", hung: false });
  return run;
}

/** What the hook prints without any code cache (no directory to keep one in). */
let expected: string;

beforeAll(async () => {
  repo = makeTempRepo();
  repo.commit("code", { "README.md": "x\n" });
  plugin = mkdtempSync(join(tmpdir(), "tm-plugin-cc-"));
  data = mkdtempSync(join(tmpdir(), "tm-plugin-data-"));
  for (const bundle of ["hook.cjs", "hook-start.cjs", "hook-main.cjs", "hook-recall.cjs", "hook-core.cjs"])
    copyFileSync(join(HOOK_BUNDLE, "..", bundle), join(plugin, bundle));
  cacheFile = join(data, "code-cache", "hook-start.cjs-session-start.bin");
  const s = servicesFor(repo.dir, claudeInstanceSession(PID).key);
  await s.projectCreate({ title: "Cached" });
  await s.summaryUpdate({ content: "## Decisions\n- CODE-CACHE-DECISION" });
  summaryWrittenAt = Date.now();
  await sleep(FINE_RACY_MARGIN_MS + 20); // the copied bundles settled: a cache may be written for them
  await start({ CLAUDE_PLUGIN_DATA: null }); // the cold path fills the context cache
  expected = (await start({ CLAUDE_PLUGIN_DATA: null })).stdout;
  expect(expected).toContain("CODE-CACHE-DECISION");
}, 30_000);
afterAll(() => {
  repo?.cleanup();
  rmSync(plugin, { recursive: true, force: true });
  rmSync(data, { recursive: true, force: true });
});

describe("the hook entry's code cache", () => {
  test("the first start writes the cache, the next runs from it unchanged, both print what a start without it prints", async () => {
    rmSync(join(data, "code-cache"), { recursive: true, force: true });
    expect((await start()).stdout).toBe(expected);
    const written = statSync(cacheFile, { bigint: true });
    expect((await start()).stdout).toBe(expected);
    const after = statSync(cacheFile, { bigint: true });
    expect([after.ino, after.mtimeNs]).toEqual([written.ino, written.mtimeNs]); // accepted: not written again
  });

  test("a cache made by a start that took the hooks proper names no path and is made again by the next fast start; a start down another source's path adds it once", async () => {
    rmSync(join(data, "code-cache"), { recursive: true, force: true });
    rmSync(join(repo.dir, ".threadmind", "cache", "context"), { recursive: true, force: true });
    // The summary written 3 s ago at least: the hooks proper can cache the context (context-cache.ts trustedStamps).
    await sleep(Math.max(0, summaryWrittenAt + RACY_MARGIN_MS + 100 - Date.now()));
    expect((await start()).stdout).toBe(expected); // no context cache: the hooks proper answer (and fill it)
    const first = readFileSync(cacheFile);
    expect(decodeCodeCache(first, keyOf(first), bundleBytes())?.paths).toEqual([]);
    await sleep(FINE_RACY_MARGIN_MS + 20); // the context cache's sources settled: the next start takes the fast path
    expect((await start()).stdout).toBe(expected); // the fast path: the cache is made again
    const second = readFileSync(cacheFile);
    expect(decodeCodeCache(second, keyOf(second), bundleBytes())?.paths).toEqual(["fast:startup"]);
    const written = statSync(cacheFile, { bigint: true });
    expect((await start()).stdout).toBe(expected);
    const after = statSync(cacheFile, { bigint: true });
    expect([after.ino, after.mtimeNs]).toEqual([written.ino, written.mtimeNs]); // its path named: not written again
    // /clear: the first one assembles its start through the hooks proper (no write), the next adds its path.
    const cleared = async () => {
      const run = await start({ CLAUDE_PLUGIN_DATA: data }, "clear");
      expect(run.stdout).toContain("CODE-CACHE-DECISION");
      expect(run.stdout).toContain("loaded after /clear");
    };
    await cleared();
    expect(decodeCodeCache(readFileSync(cacheFile), keyOf(second), bundleBytes())?.paths).toEqual(["fast:startup"]);
    await sleep(FINE_RACY_MARGIN_MS + 20);
    await cleared();
    expect(decodeCodeCache(readFileSync(cacheFile), keyOf(second), bundleBytes())?.paths).toEqual(["fast:startup", "fast:clear"]);
    const both = statSync(cacheFile, { bigint: true });
    await cleared();
    expect((await start()).stdout).toBe(expected);
    const last = statSync(cacheFile, { bigint: true });
    expect([last.ino, last.mtimeNs]).toEqual([both.ino, both.mtimeNs]);
  }, 20_000);

  test("the hooks proper (hook-core.cjs) load through a cache of their own: the first start that needs them writes it, the next runs from it unchanged, a damaged one is compiled past and replaced", async () => {
    rmSync(join(data, "code-cache"), { recursive: true, force: true });
    const coreCache = join(data, "code-cache", "hook-core.cjs-session-start.bin");
    const coreBytes = readFileSync(join(plugin, "hook-core.cjs"));
    // No context cache before each start: the fast path cannot answer, the hooks proper do (a fresh clone's first start).
    const cold = async () => {
      rmSync(join(repo.dir, ".threadmind", "cache", "context"), { recursive: true, force: true });
      return (await start()).stdout;
    };
    await sleep(Math.max(0, summaryWrittenAt + RACY_MARGIN_MS + 100 - Date.now()));
    expect(await cold()).toBe(expected);
    const written = readFileSync(coreCache);
    expect(decodeCodeCache(written, keyOf(written), coreBytes)?.data.length).toBeGreaterThan(10_000);
    const stamp = statSync(coreCache, { bigint: true });
    expect(await cold()).toBe(expected);
    const after = statSync(coreCache, { bigint: true });
    expect([after.ino, after.mtimeNs]).toEqual([stamp.ino, stamp.mtimeNs]); // accepted: not written again
    writeFileSync(
      coreCache,
      Buffer.concat([written.subarray(0, 300), Buffer.from([written[300]! ^ 0x55]), written.subarray(301)]),
    );
    expect(await cold()).toBe(expected);
    expect(decodeCodeCache(readFileSync(coreCache), keyOf(written), coreBytes)?.data.length).toBeGreaterThan(10_000);
  }, 20_000);

  test.each([
    [
      "one byte of V8's data changed",
      (file: Buffer) => Buffer.concat([file.subarray(0, 200), Buffer.from([file[200]! ^ 0x55]), file.subarray(201)]),
    ],
    ["cut short", (file: Buffer) => file.subarray(0, file.length - 100)],
    ["garbage", (file: Buffer) => Buffer.alloc(file.length, 0xa5)],
    ["empty", () => Buffer.alloc(0)],
  ])("a cache file %s is not used: the start prints the same and the file is written anew", async (_name, damage) => {
    await start();
    const good = readFileSync(cacheFile);
    writeFileSync(cacheFile, damage(good));
    expect((await start()).stdout).toBe(expected);
    const rewritten = readFileSync(cacheFile);
    expect(keyOf(rewritten)).toBe(keyOf(good));
    expect(decodeCodeCache(rewritten, keyOf(good), bundleBytes())?.data.length).toBeGreaterThan(10_000);
  });

  test("a cache V8 rejects (made from other code, under the right header) is compiled past and replaced", async () => {
    await start();
    const key = keyOf(readFileSync(cacheFile));
    writeFileSync(
      cacheFile,
      encodeCodeCache(key, bundleBytes(), new Script("globalThis.x = 1 + 1;").createCachedData(), ["fast:startup"]),
    );
    expect((await start()).stdout).toBe(expected);
    expect(readFileSync(cacheFile).length).toBeGreaterThan(10_000);
  });

  test("a cache forged from other code of the bundle's length, under a header naming the bundle's stamp, is never run (the bundle's bytes it holds are not the bundle's)", async () => {
    await start();
    const main = join(plugin, "hook-start.cjs");
    const wrapped = `(function (exports, require, module, __filename, __dirname) { ${readFileSync(main, "utf8")}\n})`;
    // Other code of exactly the wrapped bundle's length: V8 checks only that length, so it would run these bytes.
    const forgedBody = '(function () { process.stdout.write("FORGED CODE RAN"); process.exit(0); })';
    const forgedSource = `${forgedBody}${" ".repeat(wrapped.length - forgedBody.length)}`;
    const forged = new Script(forgedSource).createCachedData();
    // The header a writer that knows the bundle's stamp makes, holding the code it compiled (of the bundle's length).
    const stampKey = keyOf(readFileSync(cacheFile));
    const other = Buffer.from(readFileSync(main, "utf8").replace(/[a-z]/, "Q"));
    expect(other.length).toBe(bundleBytes().length);
    writeFileSync(cacheFile, encodeCodeCache(stampKey, other, forged, ["fast:startup"]));
    const run = await start();
    expect(run.stdout).not.toContain("FORGED CODE RAN");
    expect(run.stdout).toBe(expected);
    const rewritten = readFileSync(cacheFile);
    expect(decodeCodeCache(rewritten, stampKey, bundleBytes())?.data.length).toBeGreaterThan(10_000);
    expect(decodeCodeCache(rewritten, stampKey, other)).toBeNull();
  });

  test("a cache made for another build of the bundle is not used, and is replaced by one for this build", async () => {
    await start();
    const before = keyOf(readFileSync(cacheFile));
    const main = join(plugin, "hook-start.cjs");
    const past = new Date(Date.now() - 60_000);
    utimesSync(main, past, past); // another stamp, same bytes
    await sleep(FINE_RACY_MARGIN_MS + 20);
    expect((await start()).stdout).toBe(expected);
    const now = keyOf(readFileSync(cacheFile));
    expect(now).not.toBe(before);
    expect(now).toContain(`:${statSync(main).size}:`);
  });

  test("without a place for the cache, or where it cannot be written, the hook runs as before", async () => {
    const blocked = join(data, "not-a-dir");
    writeFileSync(blocked, "a file where the data directory should be\n");
    expect((await start({ CLAUDE_PLUGIN_DATA: blocked })).stdout).toBe(expected);
    expect((await start({ CLAUDE_PLUGIN_DATA: null })).stdout).toBe(expected);
    expect(codeCacheDir({})).toBeNull();
    const home = mkdtempSync(join(tmpdir(), "tm-home-"));
    try {
      expect((await start({ CLAUDE_PLUGIN_DATA: null, HOME: home, XDG_CACHE_HOME: null })).stdout).toBe(expected);
      expect(readdirSync(home)).toEqual([]); // nothing written in a home Claude Code did not hand the plugin
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
    expect(codeCacheDir({ CLAUDE_PLUGIN_DATA: "relative/dir", HOME: "/home/u", XDG_CACHE_HOME: "/home/u/.cache" })).toBeNull();
    expect(codeCacheDir({ CLAUDE_PLUGIN_DATA: "/data/thread-mind" })).toBe("/data/thread-mind/code-cache");
  });

  test.each(["/proc/self/threadmind-data", "/proc/no-such-dir/data", "/proc/self", "/sys/threadmind-data"])(
    "a data directory that is not a plain writable directory (%s) is refused at once: the hook prints the same and exits",
    async (dir) => {
      // start() checks exit 0 and that the hook did not hang (Node's recursive mkdir never returns under /proc).
      expect((await start({ CLAUDE_PLUGIN_DATA: dir })).stdout).toBe(expected);
    },
  );

  test("a data directory that is a file, or absent under more than 4 missing parents, means no cache; an absent one is made with its parents", () => {
    const file = join(data, "plain-file");
    writeFileSync(file, "x\n");
    expect(usableDataDir(file)).toBe(false);
    expect(usableDataDir(join(file, "below"))).toBe(false);
    // Claude Code's ~/.claude/plugins/data/<plugin>, in a home where plugins/data does not exist yet.
    expect(usableDataDir(join(data, "missing-parent", "plugins", "data", "thread-mind"))).toBe(true);
    expect(statSync(join(data, "missing-parent", "plugins", "data", "thread-mind")).isDirectory()).toBe(true);
    expect(usableDataDir(join(data, "a", "b", "c", "d", "e"))).toBe(false);
    expect(existsSync(join(data, "a"))).toBe(false);
    expect(usableDataDir(join(data, "fresh"))).toBe(true);
    expect(statSync(join(data, "fresh")).isDirectory()).toBe(true);
    expect(usableDataDir("/proc/self")).toBe(false);
    expect(usableDataDir("/proc/no-such-dir/data")).toBe(false);
  });

  test("a workspace without a store: the entry answers alone (nothing printed, no cache written)", async () => {
    const empty = makeTempRepo();
    const dataDir = mkdtempSync(join(tmpdir(), "tm-plugin-data-"));
    try {
      const run = await runHookProcess("session-start", {
        cwd: empty.dir,
        sessionId: "conv-none",
        transcriptPath: join(empty.dir, "conv-none.jsonl"),
        claudePid: PID,
        bundle: join(plugin, "hook.cjs"),
        env: { CLAUDE_PLUGIN_DATA: dataDir },
      });
      expect(run).toMatchObject({ code: 0, stdout: "", stderr: "" });
      expect(existsSync(join(dataDir, "code-cache"))).toBe(false);
    } finally {
      empty.cleanup();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe("the cache file's format", () => {
  const bytes = new Script("globalThis.y = 2;").createCachedData();
  const source = Buffer.from("globalThis.y = 2;");
  const KEY = "v20-x64-1:2:3:4:5";
  test("what is written is read back for its key and its source only; a changed byte in either copy, in the source or a cut makes it unusable", () => {
    const file = encodeCodeCache(KEY, source, bytes, ["fast:startup", "fast:clear"]);
    expect(file.indexOf(0x0a) % 8).toBe(7); // the source starts at a multiple of 8
    expect((file.length - 2 * bytes.length) % 8).toBe(0); // and so do V8's bytes
    expect(decodeCodeCache(file, KEY, source)?.data.equals(bytes)).toBe(true);
    expect(decodeCodeCache(file, KEY, source)?.paths).toEqual(["fast:startup", "fast:clear"]);
    expect(decodeCodeCache(encodeCodeCache(KEY, source, bytes, []), KEY, source)?.paths).toEqual([]);
    // A header naming paths that are not path names is not ours.
    expect(decodeCodeCache(encodeCodeCache(KEY, source, bytes, ["Fast path!"]), KEY, source)).toBeNull();
    expect(decodeCodeCache(file, "v20-x64-1:2:3:4:6", source)).toBeNull();
    // Made from other bytes: of the same length, or of another.
    expect(decodeCodeCache(file, KEY, Buffer.from("globalThis.y = 3;"))).toBeNull();
    expect(decodeCodeCache(file, KEY, Buffer.from("globalThis.y = 22;"))).toBeNull();
    for (const at of [file.length - 1, file.indexOf(0x0a) + 1, file.length - bytes.length - 1]) {
      const changed = Buffer.from(file);
      changed[at] = changed[at]! ^ 1;
      expect(decodeCodeCache(changed, KEY, source)).toBeNull();
    }
    expect(decodeCodeCache(file.subarray(0, file.length - 1), KEY, source)).toBeNull();
  });
});

/** The bytes of the copied hook-start.cjs, which the cache must hold. */
function bundleBytes(): Buffer {
  return readFileSync(join(plugin, "hook-start.cjs"));
}

/** The key a cache file's header names. */
function keyOf(file: Buffer): string {
  return file.toString("latin1", 0, file.indexOf(0x0a)).split(" ")[1] ?? "";
}
