import { existsSync, statSync } from 'fs';
import { resolve, join, dirname } from 'path';
import { fileURLToPath } from 'url';

// src/hooks/hook-input.ts
var MAX_INPUT_BYTES = 1e6;
function readStdin(timeoutMs) {
  return new Promise((resolve4, reject) => {
    if (process.stdin.isTTY) {
      resolve4("");
      return;
    }
    const chunks = [];
    let size = 0;
    const timer = setTimeout(() => finish(new Error(`no complete hook input on stdin within ${timeoutMs} ms`)), timeoutMs);
    const finish = (error) => {
      clearTimeout(timer);
      process.stdin.removeAllListeners();
      process.stdin.pause();
      if (error) reject(error);
      else resolve4(Buffer.concat(chunks).toString("utf8"));
    };
    process.stdin.on("data", (chunk) => {
      size += chunk.length;
      if (size > MAX_INPUT_BYTES) finish(new Error("hook input larger than 1 MB"));
      else chunks.push(chunk);
    });
    process.stdin.on("end", () => finish());
    process.stdin.on("error", (e) => finish(e));
  });
}
function parseHookInput(text, fallbackCwd) {
  let data;
  try {
    data = JSON.parse(text);
  } catch {
    throw new Error("hook input is not JSON");
  }
  if (typeof data !== "object" || data === null || Array.isArray(data)) throw new Error("hook input is not a JSON object");
  const d = data;
  const str = (key) => typeof d[key] === "string" && d[key] !== "" ? d[key] : null;
  return {
    sessionId: str("session_id") ?? "unknown",
    transcriptPath: str("transcript_path"),
    cwd: str("cwd") ?? fallbackCwd,
    event: str("hook_event_name") ?? "",
    source: str("source"),
    reason: str("reason"),
    trigger: str("trigger")
  };
}

// src/hooks/hook-plans.ts
var PLANS = {
  "session-start": { event: "SessionStart", deadlineMs: 4e3, lockTimeoutMs: 1500 },
  // Claude Code kills SessionEnd hooks after about 1.5 s in total, node start-up included.
  "session-end": { event: "SessionEnd", deadlineMs: 1e3, lockTimeoutMs: 500 },
  "pre-compact": { event: "PreCompact", deadlineMs: 4e3, lockTimeoutMs: 1500 }
};
function isHookName(name) {
  return name !== void 0 && Object.hasOwn(PLANS, name);
}

// src/core/git.ts
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
  return { root, storeDir: join(root, STORE_DIR_NAME), gitTop: gitTop ?? findGitTop(root), source };
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

// src/hooks/store-precheck.ts
function workspaceMayHaveStore(rawInput, fallbackCwd, env) {
  let cwd;
  try {
    cwd = parseHookInput(rawInput, fallbackCwd).cwd;
  } catch {
    return true;
  }
  return existsSync(resolveWorkspace({ env, cwd }).storeDir);
}

// src/hooks/main.ts
function hookCore() {
  return new URL("./hook-core.mjs", import.meta.url).href;
}
function mayHaveStore(text) {
  try {
    return workspaceMayHaveStore(text, process.cwd(), process.env);
  } catch {
    return true;
  }
}
async function runHook(name) {
  const entry = { startedAt: Date.now(), stdin: null };
  if (isHookName(name)) {
    let text = null;
    try {
      text = await readStdin(Math.max(100, PLANS[name].deadlineMs - 200));
      entry.stdin = { text };
    } catch (e) {
      entry.stdin = { error: e };
    }
    if (text !== null && !mayHaveStore(text)) return;
  }
  const core = await import(hookCore());
  await core.runHook(name, entry);
}
var isEntry = process.argv[1] !== void 0 && /hook\.(mjs|js|ts)$/.test(process.argv[1]);
if (isEntry) {
  process.on("uncaughtException", () => process.exit(0));
  process.on("unhandledRejection", () => process.exit(0));
  runHook(process.argv[2]).finally(() => process.exit(0));
}

export { runHook };
