"use strict";
var __defProp = Object.defineProperty;
var __getOwnPropDesc = Object.getOwnPropertyDescriptor;
var __getOwnPropNames = Object.getOwnPropertyNames;
var __hasOwnProp = Object.prototype.hasOwnProperty;
var __export = (target, all) => {
  for (var name in all)
    __defProp(target, name, { get: all[name], enumerable: true });
};
var __copyProps = (to, from, except, desc) => {
  if (from && typeof from === "object" || typeof from === "function") {
    for (let key of __getOwnPropNames(from))
      if (!__hasOwnProp.call(to, key) && key !== except)
        __defProp(to, key, { get: () => from[key], enumerable: !(desc = __getOwnPropDesc(from, key)) || desc.enumerable });
  }
  return to;
};
var __toCommonJS = (mod) => __copyProps(__defProp({}, "__esModule", { value: true }), mod);

// src/hooks/entry.ts
var entry_exports = {};
__export(entry_exports, {
  runHook: () => runHook
});
module.exports = __toCommonJS(entry_exports);
var import_node_path6 = require("path");

// src/hooks/code-cache.ts
var import_node_fs2 = require("fs");
var import_node_path = require("path");
var import_node_vm = require("vm");

// src/core/store/file-stamp.ts
var import_node_fs = require("fs");
function statStamp(s) {
  return `${s.dev}:${s.ino}:${s.size}:${s.mtimeNs}:${s.ctimeNs}`;
}
function changedNsOf(s) {
  return s.mtimeNs > s.ctimeNs ? s.mtimeNs : s.ctimeNs;
}
function settledAtMs(changedNs) {
  return Number(changedNs / 1000000n) + racyMarginMs(changedNs);
}
var RACY_MARGIN_MS = 3e3;
var FINE_RACY_MARGIN_MS = 50;
function racyMarginMs(changedNs) {
  return changedNs % 1000000000n === 0n ? RACY_MARGIN_MS : FINE_RACY_MARGIN_MS;
}

// src/hooks/code-cache.ts
var FORMAT = "threadmind-code-cache/4";
var MAX_CACHE_BYTES = 32 * 1024 * 1024;
var MAX_BUNDLE_BYTES = 8 * 1024 * 1024;
var MAX_PATHS = 8;
var PATH_NAME = /^[a-z0-9:-]{1,40}$/;
function codeCacheDir(env) {
  const data = env.CLAUDE_PLUGIN_DATA;
  return data && (0, import_node_path.isAbsolute)(data) ? (0, import_node_path.join)(data, "code-cache") : null;
}
var PSEUDO_FILESYSTEMS = /* @__PURE__ */ new Set([40864, 1650812274]);
var MAX_MISSING_DIRS = 4;
function usableDataDir(dir) {
  try {
    const missing = [];
    let at = dir;
    while (!(0, import_node_fs2.existsSync)(at)) {
      if (missing.length >= MAX_MISSING_DIRS) return false;
      missing.push(at);
      const up = (0, import_node_path.dirname)(at);
      if (up === at) return false;
      at = up;
    }
    if (typeof import_node_fs2.statfsSync === "function" && PSEUDO_FILESYSTEMS.has(Number((0, import_node_fs2.statfsSync)(at).type))) return false;
    for (const d of missing.reverse()) {
      try {
        (0, import_node_fs2.mkdirSync)(d, { mode: 448 });
      } catch (e) {
        if (e.code !== "EEXIST") return false;
      }
    }
    if (!(0, import_node_fs2.statSync)(dir).isDirectory()) return false;
    (0, import_node_fs2.accessSync)(dir, import_node_fs2.constants.W_OK | import_node_fs2.constants.X_OK);
    return true;
  } catch {
    return false;
  }
}
function aligned(n) {
  return Math.ceil(n / 8) * 8;
}
function header(key, sourceLength, data, paths) {
  const line = `${FORMAT} ${key} ${sourceLength} ${data.length} ${paths.length === 0 ? "-" : paths.join(",")}`;
  return Buffer.from(`${line}${" ".repeat(7 - (line.length + 1 + 7) % 8)}
`, "latin1");
}
function encodeCodeCache(key, source, data, paths) {
  const head = header(key, source.length, data, paths);
  const at = head.length + aligned(source.length);
  const out = Buffer.alloc(at + 2 * data.length);
  head.copy(out, 0);
  out.set(source, head.length);
  out.set(data, at);
  out.set(data, at + data.length);
  return out;
}
function decodeCodeCache(file, key, source) {
  const eol = file.indexOf(10);
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
function readRegular(path, max) {
  let fd;
  try {
    fd = (0, import_node_fs2.openSync)(path, import_node_fs2.constants.O_RDONLY | import_node_fs2.constants.O_NOFOLLOW | import_node_fs2.constants.O_NONBLOCK);
  } catch {
    return null;
  }
  try {
    const s = (0, import_node_fs2.fstatSync)(fd, { bigint: true });
    if (!s.isFile() || s.size > BigInt(max)) return null;
    const bytes = Buffer.allocUnsafeSlow(Number(s.size));
    let read = 0;
    while (read < bytes.length) {
      const n = (0, import_node_fs2.readSync)(fd, bytes, read, bytes.length - read, read);
      if (n === 0) return null;
      read += n;
    }
    return { bytes, stamp: statStamp(s), changedNs: changedNsOf(s) };
  } catch {
    return null;
  } finally {
    (0, import_node_fs2.closeSync)(fd);
  }
}
function writeCodeCache(path, make) {
  const temp = `${path}.${process.pid}.tmp`;
  try {
    try {
      (0, import_node_fs2.mkdirSync)((0, import_node_path.dirname)(path), { mode: 448 });
    } catch (e) {
      if (e.code !== "EEXIST") throw e;
    }
    const fd = (0, import_node_fs2.openSync)(temp, import_node_fs2.constants.O_WRONLY | import_node_fs2.constants.O_CREAT | import_node_fs2.constants.O_EXCL, 384);
    try {
      const contents = make();
      let written = 0;
      while (written < contents.length) written += (0, import_node_fs2.writeSync)(fd, contents, written, contents.length - written);
    } finally {
      (0, import_node_fs2.closeSync)(fd);
    }
    (0, import_node_fs2.renameSync)(temp, path);
  } catch {
    try {
      (0, import_node_fs2.rmSync)(temp, { force: true });
    } catch {
    }
  }
}
function requireWithCodeCache(bundlePath, variant, env, runPath = () => "run") {
  const dir = codeCacheDir(env);
  const bundle = dir === null || !usableDataDir((0, import_node_path.dirname)(dir)) ? null : readRegular(bundlePath, MAX_BUNDLE_BYTES);
  if (dir === null || bundle === null) return require(bundlePath);
  const cachePath = (0, import_node_path.join)(dir, `${(0, import_node_path.basename)(bundlePath)}-${variant}.bin`);
  const key = `${process.version}-${process.arch}-${bundle.stamp}`;
  let script;
  let exports2;
  try {
    const file = readRegular(cachePath, MAX_CACHE_BYTES);
    const cached = file === null ? null : decodeCodeCache(file.bytes, key, bundle.bytes);
    const source = `(function (exports, require, module, __filename, __dirname) { ${bundle.bytes.toString("utf8")}
})`;
    script = new import_node_vm.Script(source, { filename: bundlePath, cachedData: cached?.data });
    const fn = script.runInThisContext();
    const mod = { exports: {} };
    fn.call(mod.exports, mod.exports, require, mod, bundlePath, (0, import_node_path.dirname)(bundlePath));
    exports2 = mod.exports;
    const settled = settledAtMs(bundle.changedNs) < Date.now();
    const unusable = cached === null || script.cachedDataRejected === true;
    if (settled && (unusable || cached.paths.length < MAX_PATHS)) {
      process.once("exit", () => {
        let path = null;
        try {
          path = runPath();
        } catch {
        }
        if (path !== null && !PATH_NAME.test(path)) path = null;
        const known = unusable ? [] : cached.paths;
        if (!unusable && (path === null || known.includes(path))) return;
        const paths = path === null ? [] : [...known, path];
        writeCodeCache(cachePath, () => encodeCodeCache(key, bundle.bytes, script.createCachedData(), paths));
      });
    }
  } catch {
    return require(bundlePath);
  }
  return exports2;
}

// src/hooks/hook-plans.ts
var PLANS = {
  "session-start": { event: "SessionStart", deadlineMs: 4e3, lockTimeoutMs: 1500 },
  // Claude Code kills SessionEnd hooks after about 1.5 s in total, node start-up included.
  "session-end": { event: "SessionEnd", deadlineMs: 1e3, lockTimeoutMs: 500 },
  "pre-compact": { event: "PreCompact", deadlineMs: 4e3, lockTimeoutMs: 1500 },
  // Runs before every prompt: never holds a prompt up for long, and never takes the lock (it only appends).
  "user-prompt-submit": { event: "UserPromptSubmit", deadlineMs: 1e3, lockTimeoutMs: 300 },
  // Runs before every file-changing tool call (point-of-action recall): never holds the tool up, never takes the lock.
  "pre-tool-use": { event: "PreToolUse", deadlineMs: 1e3, lockTimeoutMs: 0 },
  // Runs as each subagent starts (its lean context): never takes the lock.
  "subagent-start": { event: "SubagentStart", deadlineMs: 2e3, lockTimeoutMs: 0 }
};
function isHookName(name) {
  return name !== void 0 && Object.hasOwn(PLANS, name);
}

// src/hooks/store-precheck.ts
var import_node_fs7 = require("fs");
var import_node_path5 = require("path");

// src/core/workspace.ts
var import_node_fs6 = require("fs");
var import_node_path4 = require("path");
var import_node_url = require("url");

// src/core/git/git.ts
var import_node_fs5 = require("fs");

// src/core/store/regular-file.ts
var import_node_fs3 = require("fs");

// src/core/git/git.ts
var import_node_path3 = require("path");

// src/core/git/git-refs.ts
var import_node_fs4 = require("fs");
var import_node_path2 = require("path");
var MAX_REF_FILE_BYTES = 64 * 1024 * 1024;

// src/core/git/git.ts
function findGitTop(dir) {
  let current = (0, import_node_path3.resolve)(dir);
  for (; ; ) {
    if ((0, import_node_fs5.existsSync)((0, import_node_path3.join)(current, ".git"))) return current;
    const parent = (0, import_node_path3.dirname)(current);
    if (parent === current) return null;
    current = parent;
  }
}
var GIT_POINTER_MAX_BYTES = 64 * 1024;

// src/core/workspace.ts
var STORE_DIR_NAME = ".threadmind";
function findExistingStore(dir, gitTop) {
  let current = (0, import_node_path4.resolve)(dir);
  const stop = gitTop ? (0, import_node_path4.resolve)(gitTop) : current;
  for (; ; ) {
    if (isDirectory((0, import_node_path4.join)(current, STORE_DIR_NAME))) return current;
    if (current === stop) return null;
    const parent = (0, import_node_path4.dirname)(current);
    if (parent === current) return null;
    current = parent;
  }
}
function resolveWorkspace(inputs) {
  const { env } = inputs;
  if (env.THREADMIND_ROOT) return workspaceFrom((0, import_node_path4.resolve)(inputs.cwd, env.THREADMIND_ROOT), "THREADMIND_ROOT");
  const rootDirs = (inputs.roots ?? []).map(rootToPath).filter((p) => p !== null && isDirectory(p));
  for (const dir of rootDirs) {
    if (findExistingStore(dir, findGitTop(dir)) !== null) return workspaceFrom(dir, "client root");
  }
  if (rootDirs[0]) return workspaceFrom(rootDirs[0], "client root");
  if (env.CLAUDE_PROJECT_DIR && isDirectory(env.CLAUDE_PROJECT_DIR)) {
    return workspaceFrom((0, import_node_path4.resolve)(env.CLAUDE_PROJECT_DIR), "CLAUDE_PROJECT_DIR");
  }
  return workspaceFrom((0, import_node_path4.resolve)(inputs.cwd), "cwd");
}
function workspaceFrom(dir, source) {
  const gitTop = findGitTop(dir);
  const root = findExistingStore(dir, gitTop) ?? gitTop ?? dir;
  return { root, storeDir: (0, import_node_path4.join)(root, STORE_DIR_NAME), gitTop, source };
}
function rootToPath(uri) {
  if (uri.startsWith("file://")) {
    try {
      return (0, import_node_url.fileURLToPath)(uri);
    } catch {
      return null;
    }
  }
  return uri.startsWith("/") ? uri : null;
}
function isDirectory(path) {
  try {
    return (0, import_node_fs6.statSync)(path).isDirectory();
  } catch {
    return false;
  }
}
function storeExists(ws) {
  return (0, import_node_fs6.existsSync)(ws.storeDir);
}

// src/hooks/store-precheck.ts
function workspaceFromEnv(env, fallbackCwd) {
  const envDecides = env.THREADMIND_ROOT ? (0, import_node_path5.isAbsolute)(env.THREADMIND_ROOT) : env.CLAUDE_PROJECT_DIR !== void 0 && env.CLAUDE_PROJECT_DIR !== "" && isDirectory2(env.CLAUDE_PROJECT_DIR);
  return envDecides ? resolveWorkspace({ env, cwd: fallbackCwd }) : null;
}
function isDirectory2(path) {
  try {
    return (0, import_node_fs7.statSync)(path).isDirectory();
  } catch {
    return false;
  }
}

// src/hooks/entry.ts
function mainBundle(name) {
  if (name === "session-start") return "hook-start.cjs";
  return name === "pre-tool-use" || name === "subagent-start" ? "hook-recall.cjs" : "hook-main.cjs";
}
async function runHook(name) {
  const startedAt = Date.now();
  let workspace = null;
  let fromEnv = null;
  if (isHookName(name)) {
    try {
      workspace = workspaceFromEnv(process.env, process.cwd());
      fromEnv = workspace === null ? null : storeExists(workspace);
    } catch {
      fromEnv = true;
    }
  }
  if (fromEnv === false) return;
  const main = requireWithCodeCache(
    (0, import_node_path6.join)(__dirname, mainBundle(name)),
    isHookName(name) ? name : "other",
    process.env,
    () => main.runPath()
  );
  const loadCore = (hook) => requireWithCodeCache((0, import_node_path6.join)(__dirname, "hook-core.cjs"), hook, process.env);
  await main.runHook(name, { startedAt, fromEnv, workspace, loadCore });
}
var isEntry = process.argv[1] !== void 0 && /hook\.(cjs|js|ts)$/.test(process.argv[1]);
if (isEntry) {
  process.on("uncaughtException", () => process.exit(0));
  process.on("unhandledRejection", () => process.exit(0));
  runHook(process.argv[2]).finally(() => process.exit(0));
}
// Annotate the CommonJS export names for ESM import in node:
0 && (module.exports = {
  runHook
});
