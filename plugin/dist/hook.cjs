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

// src/hooks/main.ts
var main_exports = {};
__export(main_exports, {
  runHook: () => runHook
});
module.exports = __toCommonJS(main_exports);
var import_node_path4 = require("path");

// src/hooks/hook-input.ts
var import_node_fs = require("fs");
var MAX_INPUT_BYTES = 1e6;
function readStdin(timeoutMs) {
  let text;
  try {
    const first = readStdinBlocking();
    if (first.done) return Promise.resolve(first.text);
    text = first.text;
  } catch (e) {
    return Promise.reject(e instanceof Error ? e : new Error(String(e)));
  }
  return readStdinStream(timeoutMs, text);
}
function errnoCode(e) {
  return e instanceof Error && "code" in e && typeof e.code === "string" ? e.code : void 0;
}
function isCompleteJson(text) {
  if (!text.trimEnd().endsWith("}")) return false;
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}
function readStdinBlocking() {
  let stat;
  try {
    stat = (0, import_node_fs.fstatSync)(0);
  } catch (e) {
    if (errnoCode(e) === "EBADF") return { text: "", done: true };
    throw e;
  }
  if (stat.isCharacterDevice()) return { text: "", done: true };
  const chunks = [];
  let size = 0;
  const buffer = Buffer.allocUnsafe(64 * 1024);
  for (; ; ) {
    let n;
    try {
      n = (0, import_node_fs.readSync)(0, buffer, 0, buffer.length, null);
    } catch (e) {
      if (errnoCode(e) === "EAGAIN") return { text: Buffer.concat(chunks).toString("utf8"), done: false };
      if (errnoCode(e) === "EOF") return { text: Buffer.concat(chunks).toString("utf8"), done: true };
      throw e;
    }
    if (n === 0) return { text: Buffer.concat(chunks).toString("utf8"), done: true };
    size += n;
    if (size > MAX_INPUT_BYTES) throw new Error("hook input larger than 1 MB");
    chunks.push(Buffer.from(buffer.subarray(0, n)));
    const text = Buffer.concat(chunks).toString("utf8");
    if (isCompleteJson(text)) return { text, done: true };
  }
}
function readStdinStream(timeoutMs, already) {
  return new Promise((resolve4, reject) => {
    const chunks = [Buffer.from(already, "utf8")];
    let size = chunks[0].length;
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
      else {
        chunks.push(chunk);
        if (isCompleteJson(Buffer.concat(chunks).toString("utf8"))) finish();
      }
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

// src/hooks/store-precheck.ts
var import_node_fs5 = require("fs");

// src/core/workspace.ts
var import_node_fs4 = require("fs");
var import_node_path3 = require("path");
var import_node_url = require("url");

// src/core/git.ts
var import_node_fs3 = require("fs");
var import_node_path2 = require("path");

// src/core/git-refs.ts
var import_node_fs2 = require("fs");
var import_node_path = require("path");

// src/core/git.ts
function findGitTop(dir) {
  let current = (0, import_node_path2.resolve)(dir);
  for (; ; ) {
    if ((0, import_node_fs3.existsSync)((0, import_node_path2.join)(current, ".git"))) return current;
    const parent = (0, import_node_path2.dirname)(current);
    if (parent === current) return null;
    current = parent;
  }
}

// src/core/workspace.ts
var STORE_DIR_NAME = ".threadmind";
function findExistingStore(dir, gitTop) {
  let current = (0, import_node_path3.resolve)(dir);
  const stop = gitTop ? (0, import_node_path3.resolve)(gitTop) : current;
  for (; ; ) {
    if (isDirectory((0, import_node_path3.join)(current, STORE_DIR_NAME))) return current;
    if (current === stop) return null;
    const parent = (0, import_node_path3.dirname)(current);
    if (parent === current) return null;
    current = parent;
  }
}
function resolveWorkspace(inputs) {
  const { env } = inputs;
  if (env.THREADMIND_ROOT) return workspaceFrom((0, import_node_path3.resolve)(inputs.cwd, env.THREADMIND_ROOT), "THREADMIND_ROOT");
  const rootDirs = (inputs.roots ?? []).map(rootToPath).filter((p) => p !== null && isDirectory(p));
  for (const dir of rootDirs) {
    if (findExistingStore(dir, findGitTop(dir)) !== null) return workspaceFrom(dir, "client root");
  }
  if (rootDirs[0]) return workspaceFrom(rootDirs[0], "client root");
  if (env.CLAUDE_PROJECT_DIR && isDirectory(env.CLAUDE_PROJECT_DIR)) {
    return workspaceFrom((0, import_node_path3.resolve)(env.CLAUDE_PROJECT_DIR), "CLAUDE_PROJECT_DIR");
  }
  return workspaceFrom((0, import_node_path3.resolve)(inputs.cwd), "cwd");
}
function workspaceFrom(dir, source) {
  const gitTop = findGitTop(dir);
  const root = findExistingStore(dir, gitTop) ?? gitTop ?? dir;
  return { root, storeDir: (0, import_node_path3.join)(root, STORE_DIR_NAME), gitTop: gitTop ?? findGitTop(root), source };
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
    return (0, import_node_fs4.statSync)(path).isDirectory();
  } catch {
    return false;
  }
}

// src/hooks/store-precheck.ts
function storeExpectedFromEnv(env, fallbackCwd) {
  if (!env.THREADMIND_ROOT && !env.CLAUDE_PROJECT_DIR) return null;
  return (0, import_node_fs5.existsSync)(resolveWorkspace({ env, cwd: fallbackCwd }).storeDir);
}
function workspaceMayHaveStore(rawInput, fallbackCwd, env) {
  let cwd;
  try {
    cwd = parseHookInput(rawInput, fallbackCwd).cwd;
  } catch {
    return true;
  }
  return (0, import_node_fs5.existsSync)(resolveWorkspace({ env, cwd }).storeDir);
}

// src/hooks/hook-output.ts
var import_node_fs6 = require("fs");
function renderHookOutput(event, output) {
  const json = {};
  if (output.userMessage) json.systemMessage = output.userMessage;
  if (output.additionalContext !== void 0 && event === "SessionStart") {
    json.hookSpecificOutput = { hookEventName: "SessionStart", additionalContext: output.additionalContext };
  }
  return Object.keys(json).length === 0 ? null : JSON.stringify(json);
}
function writeHookOutput(event, output) {
  const text = renderHookOutput(event, output);
  if (text === null) return Promise.resolve();
  const bytes = Buffer.from(`${text}
`, "utf8");
  let written = 0;
  try {
    while (written < bytes.length) written += (0, import_node_fs6.writeSync)(1, bytes, written, bytes.length - written);
    return Promise.resolve();
  } catch (e) {
    if (!(e instanceof Error && "code" in e && e.code === "EAGAIN")) return Promise.resolve();
  }
  return new Promise((resolve4) => {
    process.stdout.write(bytes.subarray(written), () => resolve4());
  });
}
function failureLine(what, error) {
  const reason = error instanceof Error ? error.message : String(error);
  const short = reason.length > 300 ? `${reason.slice(0, 300)}\u2026` : reason;
  return `ThreadMind: ${what}: ${short.replace(/\s*\n\s*/g, " ")}`;
}

// src/hooks/hook-runner.ts
async function runHookWith(name, entry, handle) {
  if (!isHookName(name)) {
    await writeHookOutput("", { userMessage: `ThreadMind: unknown hook "${name ?? ""}" (expected session-start, session-end or pre-compact)` });
    return;
  }
  const plan = PLANS[name];
  const started = entry.startedAt;
  let timer;
  const deadline = new Promise((resolve4) => {
    timer = setTimeout(
      () => resolve4({ userMessage: `ThreadMind: ${plan.event} hook gave up after ${plan.deadlineMs} ms (store locked or disk slow); nothing was changed.` }),
      Math.max(0, plan.deadlineMs - (Date.now() - started))
    );
  });
  const work = (async () => {
    try {
      const stdin = entry.stdin;
      if (stdin !== null && "error" in stdin) throw stdin.error;
      const raw = stdin !== null ? stdin.text : await readStdin(Math.max(100, plan.deadlineMs - 200));
      const input = parseHookInput(raw, process.cwd());
      return await handle(name, input, Math.min(plan.lockTimeoutMs, plan.deadlineMs - (Date.now() - started) - 100));
    } catch (e) {
      return { userMessage: failureLine(`${plan.event} hook failed`, e) };
    }
  })();
  const output = await Promise.race([work, deadline]);
  clearTimeout(timer);
  await writeHookOutput(plan.event, output);
}

// src/hooks/main.ts
function sibling(name) {
  return require((0, import_node_path4.join)(__dirname, name));
}
function guarded(check) {
  try {
    return check();
  } catch {
    return true;
  }
}
async function runHook(name) {
  const entry = { startedAt: Date.now(), stdin: null };
  if (isHookName(name)) {
    if (guarded(() => storeExpectedFromEnv(process.env, process.cwd())) === false) return;
    let text = null;
    try {
      text = await readStdin(Math.max(100, PLANS[name].deadlineMs - 200));
      entry.stdin = { text };
    } catch (e) {
      entry.stdin = { error: e };
    }
    if (text !== null && guarded(() => workspaceMayHaveStore(text, process.cwd(), process.env)) === false) return;
  }
  await runHookWith(name, entry, async (hook, input, lockTimeoutMs) => {
    const core = () => sibling("hook-core.cjs");
    const fast = await sibling("hook-fast.cjs").tryFast(hook, input, process.env, () => core().rotateMeasurementLog(input, lockTimeoutMs));
    return fast ?? core().handle(hook, input, lockTimeoutMs);
  });
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
