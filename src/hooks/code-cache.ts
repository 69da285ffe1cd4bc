// Loads a CommonJS bundle through a V8 code cache kept in the plugin's data directory (outside the repository): every hook start otherwise compiles hook-start.cjs or hook-main.cjs again.
//
// The cache file is ours alone and never trusted blindly: its header names the bundle exactly as it is on disk (dev,
// inode, size, mtime, ctime), Node's version and architecture, and the lengths of what follows: the bundle's own bytes
// as they were compiled, then V8's bytes twice (V8 itself checks only the source's length, its version and flags: a
// flipped byte, or bytes compiled from other code of the same length, would be run). Before V8 sees the cache, the
// bundle's bytes it holds are compared with the very bytes about to be compiled (one native memcmp): a cache made from
// any other code under the bundle's stamp (a forged file, another build) is never used. This binds the cache to the
// bundle's content without a hash: node:crypto alone costs ~3 ms to load at a cold start, and SHA-256 of hook-core.cjs
// ~1 ms more, on every hook. A file that does not match, or that V8 rejects, is compiled from
// source as without a cache and written anew (to a temp file renamed into place) when the process exits, so that the
// cache also holds the functions the run compiled. The header names the paths of the runs whose functions it holds
// (SessionStart's fast path at startup, at /clear...): a run down a path it does not name writes it again (the new
// cache holds the old one's functions and this run's), at most MAX_PATHS times. A run that took the hooks proper
// (hook-core.cjs: the first start of a store, before its context cache exists) names no path: its cache is replaced by
// the first fast run. The hooks proper have a cache of their own per hook (hook-core.cjs-<hook>.bin, loaded by the
// entry for the bundles: entry.ts). Anything that goes wrong while loading falls back to a plain require.
import {
  accessSync,
  closeSync,
  existsSync,
  constants,
  fstatSync,
  mkdirSync,
  openSync,
  readSync,
  renameSync,
  rmSync,
  statSync,
  statfsSync,
  writeSync,
} from "node:fs";
import { basename, dirname, isAbsolute, join } from "node:path";
import { Script } from "node:vm";
import { changedNsOf, settledAtMs, statStamp } from "../core/store/file-stamp.js";

const FORMAT = "threadmind-code-cache/4";
/** No V8 cache of a hook bundle comes near this; a larger file is not ours. */
const MAX_CACHE_BYTES = 32 * 1024 * 1024;
const MAX_BUNDLE_BYTES = 8 * 1024 * 1024;
/** A cache names at most this many paths (a bound on rewrites: SessionStart has four sources). */
const MAX_PATHS = 8;
const PATH_NAME = /^[a-z0-9:-]{1,40}$/;

/**
 * Where the caches live: $CLAUDE_PLUGIN_DATA/code-cache, the directory Claude Code gives the plugin (it survives plugin
 * updates). Without it (a hook run by hand, a test, an older Claude Code) there is no cache: the plugin writes nothing
 * in the user's home that Claude Code did not give it.
 */
export function codeCacheDir(env: NodeJS.ProcessEnv): string | null {
  const data = env.CLAUDE_PLUGIN_DATA;
  return data && isAbsolute(data) ? join(data, "code-cache") : null;
}

/** Filesystems that are not storage (procfs, sysfs): a directory there is never a data directory. */
const PSEUDO_FILESYSTEMS = new Set([0x9fa0, 0x62656572]);

/** At most this many missing directories are made for the data directory (Claude Code's is ~/.claude/plugins/data/<plugin>). */
const MAX_MISSING_DIRS = 4;

/**
 * True when `dir` (the data directory, made here with its missing parents when absent, one mkdir each and never Node's
 * recursive mkdir, which never returns under /proc) is a plain writable directory on a real filesystem; anything else
 * means no cache, decided in a few syscalls. The filesystem is asked at the nearest existing directory, before anything
 * is made: nothing is ever made in /proc or /sys.
 */
export function usableDataDir(dir: string): boolean {
  try {
    const missing: string[] = [];
    let at = dir;
    while (!existsSync(at)) {
      if (missing.length >= MAX_MISSING_DIRS) return false;
      missing.push(at);
      const up = dirname(at);
      if (up === at) return false;
      at = up;
    }
    // statfsSync is Node 18.15+; before it, the other checks have to do.
    if (typeof statfsSync === "function" && PSEUDO_FILESYSTEMS.has(Number(statfsSync(at).type))) return false;
    for (const d of missing.reverse()) {
      try {
        mkdirSync(d, { mode: 0o700 });
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== "EEXIST") return false;
      }
    }
    if (!statSync(dir).isDirectory()) return false;
    accessSync(dir, constants.W_OK | constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** `n` rounded up to a multiple of 8 (V8's bytes start aligned). */
function aligned(n: number): number {
  return Math.ceil(n / 8) * 8;
}

/**
 * The header line of a cache file, padded so that the bundle's bytes after it start at a multiple of 8. V8's bytes
 * follow the bundle's (padded to a multiple of 8) twice: the copies are compared at load (one native memcmp), which a
 * checksum in JavaScript could not match in speed at a cold start (1-5 ms for 90 KB; node:zlib or node:crypto cost as
 * much to load).
 */
function header(key: string, sourceLength: number, data: Uint8Array, paths: readonly string[]): Buffer {
  const line = `${FORMAT} ${key} ${sourceLength} ${data.length} ${paths.length === 0 ? "-" : paths.join(",")}`;
  return Buffer.from(`${line}${" ".repeat(7 - ((line.length + 1 + 7) % 8))}\n`, "latin1");
}

/**
 * A cache file's contents: the header, the bundle's bytes `source` (what V8 compiled), then V8's bytes, twice. `paths`:
 * the paths of the runs whose functions the bytes hold (none: only a run that later runs are not expected to repeat;
 * see requireWithCodeCache).
 */
export function encodeCodeCache(key: string, source: Uint8Array, data: Uint8Array, paths: readonly string[]): Buffer {
  const head = header(key, source.length, data, paths);
  const at = head.length + aligned(source.length);
  const out = Buffer.alloc(at + 2 * data.length);
  head.copy(out, 0);
  out.set(source, head.length);
  out.set(data, at);
  out.set(data, at + data.length);
  return out;
}

/**
 * V8's bytes from a cache file, or null when it is not one for `key` made from exactly the bytes `source`, is cut short,
 * or its two copies differ.
 */
export function decodeCodeCache(file: Buffer, key: string, source: Uint8Array): { data: Buffer; paths: string[] } | null {
  const eol = file.indexOf(0x0a);
  if (eol < 0 || eol > 4096 || (eol + 1) % 8 !== 0) return null;
  const fields = file.toString("latin1", 0, eol).trimEnd().split(" ");
  if (fields.length !== 5 || fields[0] !== FORMAT || fields[1] !== key) return null;
  if (fields[2] !== String(source.length)) return null;
  const paths = fields[4] === "-" ? [] : (fields[4] ?? "").split(",");
  if (paths.length > MAX_PATHS || !paths.every((p) => PATH_NAME.test(p))) return null;
  const length = Number(fields[3]);
  const at = eol + 1 + aligned(source.length);
  if (!Number.isSafeInteger(length) || length === 0 || at + 2 * length !== file.length) return null;
  if (!file.subarray(eol + 1, eol + 1 + source.length).equals(source)) return null;
  const data = file.subarray(at, at + length);
  return data.equals(file.subarray(at + length)) ? { data, paths } : null;
}

/** A regular file's bytes (opened without following a link, never blocking on a FIFO), or null; at most `max` bytes. */
function readRegular(path: string, max: number): { bytes: Buffer; stamp: string; changedNs: bigint } | null {
  let fd: number;
  try {
    fd = openSync(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch {
    return null;
  }
  try {
    const s = fstatSync(fd, { bigint: true });
    if (!s.isFile() || s.size > BigInt(max)) return null;
    const bytes = Buffer.allocUnsafeSlow(Number(s.size));
    let read = 0;
    while (read < bytes.length) {
      const n = readSync(fd, bytes, read, bytes.length - read, read);
      if (n === 0) return null; // shorter than its size: changing under us
      read += n;
    }
    return { bytes, stamp: statStamp(s), changedNs: changedNsOf(s) };
  } catch {
    return null;
  } finally {
    closeSync(fd);
  }
}

/**
 * Writes the cache file whole or not at all: a temp file of this process, renamed into place. The contents are made only
 * once the temp file is open (a directory that cannot be written costs no serialisation). Never throws.
 */
function writeCodeCache(path: string, make: () => Buffer): void {
  const temp = `${path}.${process.pid}.tmp`;
  try {
    try {
      mkdirSync(dirname(path), { mode: 0o700 }); // code-cache/ in the data directory checked by usableDataDir
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== "EEXIST") throw e;
    }
    const fd = openSync(temp, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, 0o600);
    try {
      const contents = make();
      let written = 0;
      while (written < contents.length) written += writeSync(fd, contents, written, contents.length - written);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, path);
  } catch {
    try {
      rmSync(temp, { force: true });
    } catch {
      // left for the next writer of this pid's name: derived data either way
    }
  }
}

type ModuleFunction = (exports: unknown, req: NodeJS.Require, mod: { exports: unknown }, file: string, dir: string) => void;

/**
 * The exports of the CommonJS bundle at `bundlePath`, compiled with the code cache `variant` names (one per hook: each
 * caches the functions its own runs compile). Without a cache directory, or on any failure, it is plainly required.
 * `runPath`, asked at exit: the path this run took (a name: [a-z0-9:-]), or null for one later runs are not expected to
 * take. The cache is written when it was unusable, or when this run's path is one it does not name yet.
 */
export function requireWithCodeCache<T>(
  bundlePath: string,
  variant: string,
  env: NodeJS.ProcessEnv,
  runPath: () => string | null = () => "run",
): T {
  const dir = codeCacheDir(env);
  const bundle = dir === null || !usableDataDir(dirname(dir)) ? null : readRegular(bundlePath, MAX_BUNDLE_BYTES);
  if (dir === null || bundle === null) return require(bundlePath) as T;
  const cachePath = join(dir, `${basename(bundlePath)}-${variant}.bin`);
  const key = `${process.version}-${process.arch}-${bundle.stamp}`;
  let script: Script;
  let exports: unknown;
  try {
    const file = readRegular(cachePath, MAX_CACHE_BYTES);
    const cached = file === null ? null : decodeCodeCache(file.bytes, key, bundle.bytes);
    const source = `(function (exports, require, module, __filename, __dirname) { ${bundle.bytes.toString("utf8")}\n})`;
    script = new Script(source, { filename: bundlePath, cachedData: cached?.data });
    const fn = script.runInThisContext() as ModuleFunction;
    const mod = { exports: {} as unknown };
    fn.call(mod.exports, mod.exports, require, mod, bundlePath, dirname(bundlePath));
    exports = mod.exports;
    // A bundle written a moment ago may still change within its stamp: cached once it has settled.
    const settled = settledAtMs(bundle.changedNs) < Date.now();
    const unusable = cached === null || script.cachedDataRejected === true;
    if (settled && (unusable || cached.paths.length < MAX_PATHS)) {
      process.once("exit", () => {
        let path: string | null = null;
        try {
          path = runPath();
        } catch {
          // unknown: as a run later runs do not repeat (written only where no usable cache is)
        }
        if (path !== null && !PATH_NAME.test(path)) path = null;
        const known = unusable ? [] : cached.paths;
        if (!unusable && (path === null || known.includes(path))) return;
        const paths = path === null ? [] : [...known, path];
        writeCodeCache(cachePath, () => encodeCodeCache(key, bundle.bytes, script.createCachedData(), paths));
      });
    }
  } catch {
    return require(bundlePath) as T;
  }
  return exports as T;
}
