#!/usr/bin/env node
'use strict';

var path = require('path');
var url = require('url');
var fs = require('fs');
var os = require('os');

function _interopNamespace(e) {
  if (e && e.__esModule) return e;
  var n = Object.create(null);
  if (e) {
    Object.keys(e).forEach(function (k) {
      if (k !== 'default') {
        var d = Object.getOwnPropertyDescriptor(e, k);
        Object.defineProperty(n, k, d.get ? d : {
          enumerable: true,
          get: function () { return e[k]; }
        });
      }
    });
  }
  n.default = e;
  return Object.freeze(n);
}

var os__namespace = /*#__PURE__*/_interopNamespace(os);

var __require = /* @__PURE__ */ ((x) => typeof require !== "undefined" ? require : typeof Proxy !== "undefined" ? new Proxy(x, {
  get: (a, b) => (typeof require !== "undefined" ? require : a)[b]
}) : x)(function(x) {
  if (typeof require !== "undefined") return require.apply(this, arguments);
  throw Error('Dynamic require of "' + x + '" is not supported');
});

// node_modules/tsup/assets/cjs_shims.js
var getImportMetaUrl = () => typeof document === "undefined" ? new URL(`file:${__filename}`).href : document.currentScript && document.currentScript.tagName.toUpperCase() === "SCRIPT" ? document.currentScript.src : new URL("main.js", document.baseURI).href;
var importMetaUrl = /* @__PURE__ */ getImportMetaUrl();

// src/core/builtin-at-use.ts
function builtin(name) {
  if (typeof process.getBuiltinModule === "function") return process.getBuiltinModule(name);
  return __require(name);
}
function nodeWorkerThreads() {
  return builtin("node:worker_threads");
}

// src/core/savings/scan-worker-start.ts
var MAX_LANES = 4;
var WORKERS_FROM_BYTES = 256 * 1024 * 1024;
var LARGE_FOLDER_STATS = 256;
function scanWorkerScript() {
  const url$1 = typeof __dirname === "string" ? url.pathToFileURL(path.join(__dirname, "scan-worker.cjs")) : new URL("./scan-worker.cjs", importMetaUrl);
  return url$1.protocol === "file:" && fs.existsSync(url.fileURLToPath(url$1)) ? url$1 : null;
}
function coreCount() {
  return typeof os__namespace.availableParallelism === "function" ? os__namespace.availableParallelism() : os__namespace.cpus().length;
}
function askedLanes(env) {
  const asked = env.THREADMIND_SCAN_WORKERS;
  if (asked === void 0 || asked === "") return null;
  const n = Number.parseInt(asked, 10);
  return Number.isInteger(n) && n > 1 ? Math.min(n, MAX_LANES) : 0;
}
function startScanWorker(script) {
  const worker = new (nodeWorkerThreads()).Worker(script, { resourceLimits: { maxYoungGenerationSizeMb: 12 } });
  const started = { worker, ended: false };
  const ended = () => {
    started.ended = true;
  };
  worker.once("error", ended);
  worker.once("exit", ended);
  return started;
}
function largeTranscriptFolder(folder, changedAfterMs = 0) {
  try {
    let files = 0;
    let bytes = 0;
    for (const name of fs.readdirSync(folder)) {
      if (!name.endsWith(".jsonl")) continue;
      if (files === LARGE_FOLDER_STATS) break;
      const stat = fs.statSync(path.join(folder, name), { throwIfNoEntry: false });
      if (stat === void 0 || stat.mtimeMs <= changedAfterMs) continue;
      files += 1;
      bytes += stat.size;
      if (files >= 2 && bytes >= WORKERS_FROM_BYTES) return true;
    }
    return false;
  } catch {
    return false;
  }
}
function earlyScanWorker(env, transcriptFolder, changedAfterMs = 0) {
  const asked = askedLanes(env);
  if (asked === 0 || asked === null && (coreCount() < 2 || !largeTranscriptFolder(transcriptFolder, changedAfterMs)))
    return null;
  const script = scanWorkerScript();
  if (script === null) return null;
  const started = startScanWorker(script);
  started.worker.unref();
  return started;
}

// src/core/savings/transcript-locations.ts
function encodeProjectPath(path) {
  return path.replace(/[^a-zA-Z0-9]/g, "-");
}
var FOLDER_NAME_MAX = 200;
function folderNameHash(path) {
  let hash = 0;
  for (let i = 0; i < path.length; i++) hash = (hash << 5) - hash + path.charCodeAt(i) | 0;
  return hash;
}
function projectFolderName(path) {
  const encoded = encodeProjectPath(path);
  if (encoded.length <= FOLDER_NAME_MAX) return encoded;
  return `${encoded.slice(0, FOLDER_NAME_MAX)}-${Math.abs(folderNameHash(path)).toString(36)}`;
}
function claudeConfigDir(env, home = os.homedir()) {
  const configured = env.CLAUDE_CONFIG_DIR;
  return configured !== void 0 && configured !== "" ? path.resolve(configured) : path.join(home, ".claude");
}
function claudeProjectsDir(env, home = os.homedir()) {
  return path.join(claudeConfigDir(env, home), "projects");
}
Buffer.from('"cwd"');

// src/core/git/git.ts
function findGitTop(dir) {
  let current = path.resolve(dir);
  for (; ; ) {
    if (fs.existsSync(path.join(current, ".git"))) return current;
    const parent = path.dirname(current);
    if (parent === current) return null;
    current = parent;
  }
}

// src/core/workspace.ts
var STORE_DIR_NAME = ".threadmind";
function findExistingStore(dir, gitTop) {
  let current = path.resolve(dir);
  const stop = gitTop ? path.resolve(gitTop) : current;
  for (; ; ) {
    if (isDirectory(path.join(current, STORE_DIR_NAME))) return current;
    if (current === stop) return null;
    const parent = path.dirname(current);
    if (parent === current) return null;
    current = parent;
  }
}
function resolveWorkspace(inputs) {
  const { env } = inputs;
  if (env.THREADMIND_ROOT) return workspaceFrom(path.resolve(inputs.cwd, env.THREADMIND_ROOT), "THREADMIND_ROOT");
  const rootDirs = (inputs.roots ?? []).map(rootToPath).filter((p) => p !== null && isDirectory(p));
  for (const dir of rootDirs) {
    if (findExistingStore(dir, findGitTop(dir)) !== null) return workspaceFrom(dir, "client root");
  }
  if (rootDirs[0]) return workspaceFrom(rootDirs[0], "client root");
  if (env.CLAUDE_PROJECT_DIR && isDirectory(env.CLAUDE_PROJECT_DIR)) {
    return workspaceFrom(path.resolve(env.CLAUDE_PROJECT_DIR), "CLAUDE_PROJECT_DIR");
  }
  return workspaceFrom(path.resolve(inputs.cwd), "cwd");
}
function workspaceFrom(dir, source) {
  const gitTop = findGitTop(dir);
  const root = findExistingStore(dir, gitTop) ?? gitTop ?? dir;
  return { root, storeDir: path.join(root, STORE_DIR_NAME), gitTop, source };
}
function rootToPath(uri) {
  if (uri.startsWith("file://")) {
    try {
      return url.fileURLToPath(uri);
    } catch {
      return null;
    }
  }
  return uri.startsWith("/") ? uri : null;
}
function isDirectory(path) {
  try {
    return fs.statSync(path).isDirectory();
  } catch {
    return false;
  }
}
function scanCachePath(storeDir) {
  return path.join(storeDir, "cache", "report-scans.json");
}

// src/cli/early-scan-folder.ts
function earlyScanFolder(env, cwd, workspace = resolveWorkspace({ env, cwd })) {
  return path.join(claudeProjectsDir(env), projectFolderName(workspace.root));
}
function earlyScanCacheTime(env, cwd, workspace = resolveWorkspace({ env, cwd })) {
  if (env.THREADMIND_SCAN_CACHE === "0") return 0;
  try {
    const cache = fs.lstatSync(scanCachePath(workspace.storeDir), { throwIfNoEntry: false });
    return cache?.isFile() ? cache.mtimeMs : 0;
  } catch {
    return 0;
  }
}
function earlyScanGuess(env, cwd) {
  const workspace = resolveWorkspace({ env, cwd });
  return { folder: earlyScanFolder(env, cwd, workspace), changedAfterMs: earlyScanCacheTime(env, cwd, workspace) };
}

// src/cli/entry.ts
function sibling(name) {
  return path.join(__dirname, name);
}
async function run(argv) {
  if (argv[0] === "report") {
    const rest = argv.slice(1);
    const help = rest.includes("--help") || rest.includes("-h");
    const guess = help ? null : earlyScanGuess(process.env, process.cwd());
    const early = guess === null ? null : earlyScanWorker(process.env, guess.folder, guess.changedAfterMs);
    const report = __require(sibling("cli-report.cjs"));
    return report.runReport(rest, early);
  }
  if (argv[0] === "statusline" && argv.length === 1) {
    const statusline = __require(sibling("cli-statusline.cjs"));
    return statusline.main();
  }
  if (argv[0] === "merge-file") {
    const merge = __require(sibling("cli-merge.cjs"));
    return merge.runMergeFile(argv.slice(1));
  }
  const cli = await import(url.pathToFileURL(sibling("cli-main.mjs")).href);
  return cli.main(argv);
}
run(process.argv.slice(2)).then(
  (code) => {
    if (code >= 0) process.exitCode = code;
  },
  (e) => {
    console.error(e instanceof Error ? e.stack ?? e.message : String(e));
    process.exitCode = 1;
  }
);
