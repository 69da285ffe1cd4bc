#!/usr/bin/env node
import { createRequire } from 'node:module';
import { join, resolve, dirname } from 'path';
import { fileURLToPath } from 'url';
import { readdirSync, statSync, existsSync } from 'fs';
import * as os from 'os';
import { homedir } from 'os';
import { Worker } from 'worker_threads';

createRequire(import.meta.url);
function siblingBundle(name) {
  return new URL(`./${name}`, import.meta.url).href;
}
var MAX_LANES = 4;
var WORKERS_FROM_BYTES = 48 * 1024 * 1024;
var LARGE_FOLDER_STATS = 256;
function scanWorkerScript() {
  const url = new URL("./scan-worker.cjs", import.meta.url);
  return url.protocol === "file:" && existsSync(fileURLToPath(url)) ? url : null;
}
function coreCount() {
  return typeof os.availableParallelism === "function" ? os.availableParallelism() : os.cpus().length;
}
function askedLanes(env) {
  const asked = env.THREADMIND_SCAN_WORKERS;
  if (asked === void 0 || asked === "") return null;
  const n = Number.parseInt(asked, 10);
  return Number.isInteger(n) && n > 1 ? Math.min(n, MAX_LANES) : 0;
}
function startScanWorker(script) {
  const worker = new Worker(script, { resourceLimits: { maxYoungGenerationSizeMb: 12 } });
  const started = { worker, ended: false };
  const ended = () => {
    started.ended = true;
  };
  worker.once("error", ended);
  worker.once("exit", ended);
  return started;
}
function largeTranscriptFolder(folder) {
  try {
    let files = 0;
    let bytes = 0;
    for (const name of readdirSync(folder)) {
      if (!name.endsWith(".jsonl")) continue;
      if (files === LARGE_FOLDER_STATS) break;
      files += 1;
      bytes += statSync(join(folder, name), { throwIfNoEntry: false })?.size ?? 0;
      if (files >= 2 && bytes >= WORKERS_FROM_BYTES) return true;
    }
    return false;
  } catch {
    return false;
  }
}
function earlyScanWorker(env, transcriptFolder) {
  const asked = askedLanes(env);
  if (asked === 0 || asked === null && (coreCount() < 2 || !largeTranscriptFolder(transcriptFolder))) return null;
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
function claudeConfigDir(env, home = homedir()) {
  const configured = env.CLAUDE_CONFIG_DIR;
  return configured !== void 0 && configured !== "" ? resolve(configured) : join(home, ".claude");
}
function claudeProjectsDir(env, home = homedir()) {
  return join(claudeConfigDir(env, home), "projects");
}
Buffer.from('"cwd"');

// src/core/git/git.ts
function findGitTop(dir) {
  let current = resolve(dir);
  for (; ; ) {
    if (existsSync(join(current, ".git"))) return current;
    const parent = dirname(current);
    if (parent === current) return null;
    current = parent;
  }
}

// src/core/workspace.ts
var STORE_DIR_NAME = ".threadmind";
function findExistingStore(dir, gitTop) {
  let current = resolve(dir);
  const stop = gitTop ? resolve(gitTop) : current;
  for (; ; ) {
    if (isDirectory(join(current, STORE_DIR_NAME))) return current;
    if (current === stop) return null;
    const parent = dirname(current);
    if (parent === current) return null;
    current = parent;
  }
}
function resolveWorkspace(inputs) {
  const { env } = inputs;
  if (env.THREADMIND_ROOT) return workspaceFrom(resolve(inputs.cwd, env.THREADMIND_ROOT), "THREADMIND_ROOT");
  const rootDirs = (inputs.roots ?? []).map(rootToPath).filter((p) => p !== null && isDirectory(p));
  for (const dir of rootDirs) {
    if (findExistingStore(dir, findGitTop(dir)) !== null) return workspaceFrom(dir, "client root");
  }
  if (rootDirs[0]) return workspaceFrom(rootDirs[0], "client root");
  if (env.CLAUDE_PROJECT_DIR && isDirectory(env.CLAUDE_PROJECT_DIR)) {
    return workspaceFrom(resolve(env.CLAUDE_PROJECT_DIR), "CLAUDE_PROJECT_DIR");
  }
  return workspaceFrom(resolve(inputs.cwd), "cwd");
}
function workspaceFrom(dir, source) {
  const gitTop = findGitTop(dir);
  const root = findExistingStore(dir, gitTop) ?? gitTop ?? dir;
  return { root, storeDir: join(root, STORE_DIR_NAME), gitTop, source };
}
function rootToPath(uri) {
  if (uri.startsWith("file://")) {
    try {
      return fileURLToPath(uri);
    } catch {
      return null;
    }
  }
  return uri.startsWith("/") ? uri : null;
}
function isDirectory(path) {
  try {
    return statSync(path).isDirectory();
  } catch {
    return false;
  }
}

// src/cli/early-scan-folder.ts
function earlyScanFolder(env, cwd) {
  return join(claudeProjectsDir(env), projectFolderName(resolveWorkspace({ env, cwd }).root));
}

// src/cli/entry.ts
async function run(argv) {
  if (argv[0] === "report") {
    const rest = argv.slice(1);
    const help = rest.includes("--help") || rest.includes("-h");
    const early = help ? null : earlyScanWorker(process.env, earlyScanFolder(process.env, process.cwd()));
    const report = await import(siblingBundle("cli-report.mjs"));
    return report.runReport(rest, early);
  }
  if (argv[0] === "statusline" && argv.length === 1) {
    const statusline = await import(siblingBundle("cli-statusline.mjs"));
    return statusline.main();
  }
  const cli = await import(siblingBundle("cli-main.mjs"));
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
